import { schnorr } from '@noble/curves/secp256k1.js';
import { p2tr, TaprootControlBlock, Transaction } from '@scure/btc-signer';
import { taprootTweakPrivKey, taprootTweakPubkey } from '@scure/btc-signer/utils.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToHex, utf8ToBytes } from '../bytes.ts';
import { xOnlyPublicKey } from '../keys.ts';
import { networkParams, type BitcoinNetwork } from '../networks.ts';
import { derivedKeys, tweakPublicKey } from './derived-keys.ts';
import { buildEnvelopeScript, revealLeafScript } from './envelope-script.ts';
import {
  buildRevealTransaction,
  estimateRevealVsize,
  inscriptionCommitAddress,
  TAPSCRIPT_LEAF_VERSION,
  type InscriptionCommit,
  type RevealOutput,
} from './inscribe.ts';

// The shortcuts a swap pool's transfer inscription takes (keys derived once, the commit's output
// key tweaked directly, key-path inputs signed without scure's signIdx) answer exactly what scure
// answered: the same addresses, scripts, control blocks and transaction bytes.

const key = (byte: number) => new Uint8Array(32).fill(byte);
const NETWORKS: BitcoinNetwork[] = ['mainnet', 'testnet', 'signet', 'regtest'];

const leafOf = (privateKey: Uint8Array, text: string) =>
  revealLeafScript(xOnlyPublicKey(privateKey), [
    buildEnvelopeScript({ contentType: 'text/plain', body: utf8ToBytes(text) }),
  ]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('inscriptionCommitAddress', () => {
  it.each(NETWORKS)('is scure p2tr of the leaf on %s, for keys of either parity', (network) => {
    for (const byte of [1, 2, 3, 7, 42, 200]) {
      const internalKey = xOnlyPublicKey(key(byte));
      const leafScript = leafOf(key(byte), `commit ${byte}`);
      const ours = inscriptionCommitAddress({ internalKey, leafScript, network });
      const leaf = { script: leafScript, leafVersion: TAPSCRIPT_LEAF_VERSION };
      const scure = p2tr(internalKey, leaf, networkParams(network), true);
      const [tapLeaf] = scure.tapLeafScript ?? [];
      expect(ours).toEqual({
        address: scure.address,
        script: scure.script,
        internalKey,
        leafScript,
        controlBlock: TaprootControlBlock.encode(tapLeaf![0]),
        tapLeafScript: scure.tapLeafScript,
      });
    }
  });

  it('refuses what scure refuses: a standard output script as the leaf, a key off the curve', () => {
    const internalKey = xOnlyPublicKey(key(1));
    const wpkh = Uint8Array.of(0x00, 0x14, ...new Uint8Array(20));
    expect(() =>
      inscriptionCommitAddress({ internalKey, leafScript: wpkh, network: 'regtest' }),
    ).toThrow('P2TR: invalid leaf script=wpkh');
    // x = 5 has no point on secp256k1.
    const offCurve = Uint8Array.of(...new Uint8Array(31), 5);
    expect(() =>
      inscriptionCommitAddress({
        internalKey: offCurve,
        leafScript: leafOf(key(1), 'x'),
        network: 'regtest',
      }),
    ).toThrow('p2tr: non-schnorr pubkey');
  });
});

describe('tweakPublicKey', () => {
  it('is BIP341 taproot_tweak_pubkey (scure), key and parity, cached key or not', () => {
    for (const byte of [1, 2, 9, 99]) {
      const internalKey = xOnlyPublicKey(key(byte));
      for (const root of [new Uint8Array(), new Uint8Array(32).fill(byte)]) {
        expect(tweakPublicKey(internalKey, root)).toEqual(taprootTweakPubkey(internalKey, root));
        expect(tweakPublicKey(internalKey, root)).toEqual(taprootTweakPubkey(internalKey, root));
      }
    }
  });
});

describe('derivedKeys', () => {
  it("is the key's BIP86 key path and public keys", () => {
    const privateKey = key(5);
    const keys = derivedKeys(privateKey);
    const xOnly = xOnlyPublicKey(privateKey);
    expect(keys.xOnly).toEqual(xOnly);
    expect(keys.compressed.subarray(1)).toEqual(xOnly);
    expect(keys.taprootScript).toEqual(p2tr(xOnly).script);
    expect(keys.taprootSecret).toEqual(taprootTweakPrivKey(privateKey));
    expect(keys.taprootAddress('regtest')).toBe(
      p2tr(xOnly, undefined, networkParams('regtest')).address,
    );
    expect(derivedKeys(privateKey)).toBe(keys);
  });

  it('derives again when the same array now holds another key', () => {
    const privateKey = key(6);
    const before = derivedKeys(privateKey);
    privateKey.fill(8);
    expect(derivedKeys(privateKey).xOnly).toEqual(xOnlyPublicKey(key(8)));
    expect(derivedKeys(privateKey)).not.toBe(before);
  });
});

describe('buildRevealTransaction, key path', () => {
  it("signs a BIP86 input byte for byte as scure's signIdx does (same aux randomness)", () => {
    const privateKey = key(4);
    const script = p2tr(xOnlyPublicKey(privateKey)).script;
    const coin = { txid: 'ab'.repeat(32), vout: 1, value: 50_000n };
    const to = p2tr(xOnlyPublicKey(key(9))).script;
    // Fixed "random" bytes: both signatures then use the same aux randomness.
    type Rng = { getRandomValues: (bytes: Uint8Array) => Uint8Array };
    const rng = (globalThis as unknown as { crypto: Rng }).crypto;
    vi.spyOn(rng, 'getRandomValues').mockImplementation((bytes) => bytes.fill(0x5a));
    const ours = buildRevealTransaction({
      inputs: [{ ...coin, script, privateKey }],
      outputs: [{ script: to, value: 49_000n }],
      network: 'regtest',
    });

    const tx = new Transaction({ version: 2, allowUnknownOutputs: true, lowR: true });
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      sequence: 0xfffffffd,
      witnessUtxo: { script, amount: coin.value },
      tapInternalKey: xOnlyPublicKey(privateKey),
    });
    tx.addOutput({ script: to, amount: 49_000n });
    tx.signIdx(privateKey, 0);
    tx.finalizeIdx(0);
    expect(ours.hex).toBe(bytesToHex(tx.extract()));
    expect({ txid: ours.txid, vsize: ours.vsize, fee: ours.fee }).toEqual({
      txid: tx.id,
      vsize: tx.vsize,
      fee: 1_000n,
    });
    // And it is a valid BIP340 signature of the output key.
    const witness = Transaction.fromRaw(tx.extract()).getInput(0).finalScriptWitness!;
    const sighash = tx.preimageWitnessV1(0, [script], 0, [coin.value]);
    expect(schnorr.verify(witness[0]!, sighash, script.subarray(2))).toBe(true);
  });
});

describe('estimateRevealVsize', () => {
  // What it computed before: scure's vsize of the transaction with witnesses of the signed sizes.
  function builtVsize(
    inputs: ({ commit: InscriptionCommit } | { script: Uint8Array })[],
    outputs: { script: Uint8Array }[],
  ): number {
    const tx = new Transaction({ version: 2, allowUnknownOutputs: true });
    inputs.forEach((input, i) => {
      const script = 'commit' in input ? input.commit.script : input.script;
      tx.addInput({ txid: '00'.repeat(32), index: i, witnessUtxo: { script, amount: 0n } });
    });
    for (const { script } of outputs) tx.addOutput({ script, amount: 0n });
    inputs.forEach((input, i) => {
      const witness =
        'commit' in input
          ? [new Uint8Array(64), input.commit.leafScript, input.commit.controlBlock]
          : input.script.length === 34
            ? [new Uint8Array(64)]
            : [new Uint8Array(71), new Uint8Array(33)];
      tx.updateInput(i, { finalScriptWitness: witness });
    });
    return tx.vsize;
  }
  const commitOf = (size: number) => {
    const leafScript = leafOf(key(1), 'x'.repeat(size));
    const internalKey = xOnlyPublicKey(key(1));
    return { commit: inscriptionCommitAddress({ internalKey, leafScript, network: 'regtest' }) };
  };
  const keyPath = { script: p2tr(xOnlyPublicKey(key(2))).script };
  const segwit = { script: Uint8Array.of(0x00, 0x14, ...new Uint8Array(20).fill(3)) };

  it.each([
    ['one key-path input, one output', [keyPath], 1],
    ['a P2WPKH and a key-path input, two outputs', [segwit, keyPath], 2],
    ['a small commit', [commitOf(10)], 1],
    ['a leaf over 252 bytes (3-byte length)', [commitOf(400), keyPath], 3],
    ['a leaf over 65,535 bytes (5-byte length)', [commitOf(70_000)], 1],
    ['253 outputs (3-byte count)', [keyPath], 253],
  ] as const)('%s: as scure weighed it', (_, inputs, count) => {
    const script = p2tr(xOnlyPublicKey(key(9))).script;
    const outputs = Array.from({ length: count }, () => ({ script }));
    const asked: RevealOutput[] = outputs.map((o) => ({ ...o, value: 0n }));
    expect(estimateRevealVsize({ inputs: [...inputs], outputs: asked, network: 'regtest' })).toBe(
      builtVsize([...inputs], outputs),
    );
  });
});
