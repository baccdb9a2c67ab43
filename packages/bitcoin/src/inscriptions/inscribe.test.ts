import { schnorr } from '@noble/curves/secp256k1.js';
import { p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../bytes.ts';
import { compressedPublicKey, p2trAddress, xOnlyPublicKey } from '../keys.ts';
import { isValidKeySpend, type SpentOutput } from '../key-spend.ts';
import { buildEnvelopeScript, revealLeafScript } from './envelope-script.ts';
import { decodeInscriptionIdValue, decodePointer, parseEnvelopes } from './envelope.ts';
import {
  buildRevealTransaction,
  estimateRevealVsize,
  InscribeError,
  inscriptionCommitAddress,
  TAPSCRIPT_LEAF_VERSION,
  type CommitInput,
  type KeyPathInput,
  type RevealInput,
  type RevealOutput,
} from './inscribe.ts';

const key = (byte: number) => new Uint8Array(32).fill(byte);
const INSCRIBER = key(1);
const OWNER = key(2);
const PAYER = key(3);
const TXID = 'aa'.repeat(32);
const PARENT_TXID = 'bb'.repeat(32);
const PARENT = `${PARENT_TXID}i0`;

function commitInput(envelopes: Uint8Array[], value = 20_000n): CommitInput {
  const leafScript = revealLeafScript(xOnlyPublicKey(INSCRIBER), envelopes);
  const commit = inscriptionCommitAddress({
    internalKey: xOnlyPublicKey(INSCRIBER),
    leafScript,
    network: 'regtest',
  });
  return { txid: TXID, vout: 1, value, commit, privateKey: INSCRIBER };
}

const parentInput: KeyPathInput = {
  txid: PARENT_TXID,
  vout: 0,
  value: 546n,
  script: p2tr(xOnlyPublicKey(OWNER)).script,
  privateKey: OWNER,
};

const segwitInput: KeyPathInput = {
  txid: 'cc'.repeat(32),
  vout: 3,
  value: 50_000n,
  script: p2wpkh(compressedPublicKey(PAYER)).script,
  privateKey: PAYER,
};

const to = (value: bigint): RevealOutput => ({
  address: p2trAddress(xOnlyPublicKey(OWNER), 'regtest'),
  value,
});

const prevoutsOf = (inputs: RevealInput[]): SpentOutput[] =>
  inputs.map((input) => ({
    script: 'commit' in input ? input.commit.script : input.script,
    amount: input.value,
  }));

describe('inscriptionCommitAddress (BIP341 wallet-test-vectors, single leaf)', () => {
  it.each([
    {
      internalKey: '187791b6f712a8ea41c8ecdd0ee77fab3e85263b37e1ec18a3651926b3a6cf27',
      leafScript: '20d85a959b0290bf19bb89ed43c916be835475d013da4b362117393e25a48229b8ac',
      script: '5120147c9c57132f6e7ecddba9800bb0c4449251c92a1e60371ee77557b6620f3ea3',
      address: 'bc1pz37fc4cn9ah8anwm4xqqhvxygjf9rjf2resrw8h8w4tmvcs0863sa2e586',
      controlBlock: 'c1187791b6f712a8ea41c8ecdd0ee77fab3e85263b37e1ec18a3651926b3a6cf27',
    },
  ])('$address', (vector) => {
    const commit = inscriptionCommitAddress({
      internalKey: hexToBytes(vector.internalKey),
      leafScript: hexToBytes(vector.leafScript),
      network: 'mainnet',
    });
    expect(commit.address).toBe(vector.address);
    expect(bytesToHex(commit.script)).toBe(vector.script);
    expect(bytesToHex(commit.controlBlock)).toBe(vector.controlBlock);
    expect(commit.tapLeafScript[0]?.[1]).toEqual(
      Uint8Array.from([...hexToBytes(vector.leafScript), TAPSCRIPT_LEAF_VERSION]),
    );
  });

  it('makes a regtest address, and takes a compressed internal key', () => {
    const leafScript = revealLeafScript(xOnlyPublicKey(INSCRIBER), []);
    const commit = inscriptionCommitAddress({
      internalKey: compressedPublicKey(INSCRIBER),
      leafScript,
      network: 'regtest',
    });
    expect(commit.address).toMatch(/^bcrt1p/);
    expect(commit.internalKey).toEqual(xOnlyPublicKey(INSCRIBER));
  });
});

describe('buildRevealTransaction', () => {
  const first = buildEnvelopeScript({
    contentType: 'text/plain',
    body: 'first',
    parents: [PARENT],
  });
  const second = buildEnvelopeScript({
    contentType: 'image/png',
    pointer: 546n,
    body: new Uint8Array(1200).fill(7),
  });
  const commit = commitInput([first, second]);
  const inputs: RevealInput[] = [parentInput, commit, segwitInput];
  const outputs = [to(546n), to(546n), to(60_000n)];
  const reveal = buildRevealTransaction({ inputs, outputs, network: 'regtest' });
  const tx = Transaction.fromRaw(hexToBytes(reveal.hex));
  const witnesses = Array.from(
    { length: tx.inputsLength },
    (_, i) => tx.getInput(i).finalScriptWitness ?? [],
  );

  it('is a well-formed transaction spending the given outpoints', () => {
    expect(tx.id).toBe(reveal.txid);
    expect(tx.inputsLength).toBe(3);
    expect(tx.outputsLength).toBe(3);
    expect(tx.getInput(1)).toMatchObject({ index: 1, sequence: 0xfffffffd });
    expect(bytesToHex(tx.getInput(1).txid ?? new Uint8Array())).toBe(TXID);
    expect(reveal.fee).toBe(546n + 20_000n + 50_000n - 546n - 546n - 60_000n);
    expect(reveal.vsize).toBe(Math.ceil(reveal.weight / 4));
  });

  it('re-parses to the envelopes it was built from, in the commit input', () => {
    const envelopes = parseEnvelopes(witnesses);
    expect(envelopes.map(({ input, offset }) => ({ input, offset }))).toEqual([
      { input: 1, offset: 0 },
      { input: 1, offset: 1 },
    ]);
    const [a, b] = envelopes.map((envelope) => envelope.fields);
    expect(a?.body).toEqual(utf8ToBytes('first'));
    expect(a?.parents.map(decodeInscriptionIdValue)).toEqual([PARENT]);
    expect(b?.contentType).toEqual(utf8ToBytes('image/png'));
    expect(b?.pointer && decodePointer(b.pointer)).toBe(546n);
    expect(b?.body).toEqual(new Uint8Array(1200).fill(7));
  });

  it('spends the commit by script path with a valid BIP342 signature', () => {
    const [signature, leaf, controlBlock, ...rest] = witnesses[1] ?? [];
    expect(rest).toEqual([]);
    expect(leaf).toEqual(commit.commit.leafScript);
    expect(controlBlock).toEqual(commit.commit.controlBlock);
    expect(signature).toHaveLength(64);
    const prevouts = prevoutsOf(inputs);
    const sighash = tx.preimageWitnessV1(
      1,
      prevouts.map((p) => p.script),
      SigHash.DEFAULT,
      prevouts.map((p) => p.amount),
      undefined,
      commit.commit.leafScript,
      TAPSCRIPT_LEAF_VERSION,
    );
    expect(schnorr.verify(signature ?? new Uint8Array(), sighash, xOnlyPublicKey(INSCRIBER))).toBe(
      true,
    );
  });

  it('signs the other inputs by key path (checked by our BIP-322 verifier)', () => {
    const prevouts = prevoutsOf(inputs);
    expect([0, 2].map((index) => isValidKeySpend(tx, index, prevouts))).toEqual([true, true]);
  });

  it('estimates the vsize exactly for taproot inputs, at most 1 vbyte over for P2WPKH', () => {
    const taprootOnly = [parentInput, commit];
    const small = buildRevealTransaction({
      inputs: taprootOnly,
      outputs: [to(546n), to(10_000n)],
      network: 'regtest',
    });
    const estimate = (inputs: RevealInput[], outputs: RevealOutput[]) =>
      estimateRevealVsize({ inputs, outputs, network: 'regtest' });
    expect(estimate(taprootOnly, [to(546n), to(10_000n)])).toBe(small.vsize);
    expect(estimate(inputs, outputs) - reveal.vsize).toBeGreaterThanOrEqual(0);
    expect(estimate(inputs, outputs) - reveal.vsize).toBeLessThanOrEqual(1);
  });

  it('accepts an OP_RETURN output of 0 sats', () => {
    const opReturn = { script: hexToBytes('6a0568656c6c6f'), value: 0n };
    const built = buildRevealTransaction({
      inputs: [commit],
      outputs: [to(546n), opReturn],
      network: 'regtest',
    });
    expect(built.fee).toBe(20_000n - 546n);
  });
});

describe('buildRevealTransaction refuses', () => {
  const commit = commitInput([buildEnvelopeScript({ body: 'x' })]);
  const otherLeaf = { ...commit, privateKey: OWNER };

  it.each<[string, RevealInput[], RevealOutput[], string]>([
    ['no inputs', [], [to(1_000n)], 'no-inputs'],
    ['no outputs', [commit], [], 'no-outputs'],
    [
      'an address of another network',
      [commit],
      [{ address: 'bc1qxyz', value: 1_000n }],
      'invalid-address',
    ],
    ['a P2TR output under 330 sats', [commit], [to(329n)], 'dust-output'],
    ['outputs above the inputs', [commit], [to(20_001n)], 'insufficient-funds'],
    ['a commit whose leaf is not the key', [otherLeaf], [to(1_000n)], 'key-mismatch'],
    [
      'a key-path input the key does not own',
      [{ ...parentInput, privateKey: PAYER }],
      [to(330n)],
      'key-mismatch',
    ],
  ])('%s', (_name, inputs, outputs, code) => {
    const build = () => buildRevealTransaction({ inputs, outputs, network: 'regtest' });
    expect(build).toThrow(InscribeError);
    expect(build).toThrow(expect.objectContaining({ code }));
  });

  it.each([
    ['P2TR', to(330n)],
    ['P2WPKH', { script: p2wpkh(compressedPublicKey(OWNER)).script, value: 294n }],
  ])('nothing at the %s dust threshold itself', (_name, output) => {
    const inputs = [commitInput([buildEnvelopeScript({ body: 'x' })])];
    expect(() =>
      buildRevealTransaction({ inputs, outputs: [output], network: 'regtest' }),
    ).not.toThrow();
  });
});
