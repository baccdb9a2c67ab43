import {
  addressToScript,
  buildEnvelopeScript,
  buildRevealTransaction,
  bytesToHex,
  decodeInscriptionIdValue,
  decodePointer,
  estimateRevealVsize,
  hexToBytes,
  inscriptionCommitAddress,
  p2trAddress,
  parseEnvelopes,
  randomPrivateKey,
  revealLeafScript,
  utf8ToBytes,
  xOnlyPublicKey,
  type RevealOutput,
} from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.stop();
});

describe('inscribing on regtest: commit, then a reveal with two envelopes', () => {
  it('bitcoind accepts the reveal, and its witness parses back to both inscriptions', async () => {
    const key = randomPrivateKey();
    const owner = p2trAddress(xOnlyPublicKey(key), 'regtest');
    const parent = `${'ab'.repeat(32)}i0`;
    const envelopes = [
      buildEnvelopeScript({ contentType: 'text/plain;charset=utf-8', body: 'hello, regtest' }),
      buildEnvelopeScript({
        contentType: 'image/png',
        parents: [parent],
        pointer: 1_000n,
        body: new Uint8Array(1_500).fill(0x42),
      }),
    ];
    const leafScript = revealLeafScript(xOnlyPublicKey(key), envelopes);
    const commit = inscriptionCommitAddress({
      internalKey: xOnlyPublicKey(key),
      leafScript,
      network: 'regtest',
    });

    const commitValue = 50_000n;
    const input = { ...(await fundOutput(commit.address, commit.script, commitValue)), commit };
    await node.faucet.mine(1);

    // Fee math: the vsize does not depend on the output values, so estimate, then fill change in.
    const postage = 10_000n;
    const withChange = (change: bigint): RevealOutput[] => [
      { address: owner, value: postage },
      { address: owner, value: change },
    ];
    const inputs = [{ ...input, privateKey: key }];
    const vsize = estimateRevealVsize({ inputs, outputs: withChange(0n), network: 'regtest' });
    const fee = BigInt(vsize) * 2n;
    const outputs = withChange(commitValue - postage - fee);
    const reveal = buildRevealTransaction({ inputs, outputs, network: 'regtest' });
    expect(reveal).toMatchObject({ vsize, fee });

    const [verdict] = await node.node.rpc.testMempoolAccept([reveal.hex]);
    expect(verdict).toMatchObject({ txid: reveal.txid, allowed: true });

    expect(await node.node.rpc.sendRawTransaction(reveal.hex)).toBe(reveal.txid);
    await node.faucet.mine(1);
    const parsed = parseEnvelopes(await witnessesOf(reveal.txid));
    expect(parsed.map(({ input, offset }) => [input, offset])).toEqual([
      [0, 0],
      [0, 1],
    ]);
    const [first, second] = parsed.map((envelope) => envelope.fields);
    expect(first?.body).toEqual(utf8ToBytes('hello, regtest'));
    expect(second?.parents.map(decodeInscriptionIdValue)).toEqual([parent]);
    expect(second?.pointer && decodePointer(second.pointer)).toBe(1_000n);
    expect(second?.body).toEqual(new Uint8Array(1_500).fill(0x42));
  });

  it('cursed forms stay spendable: stutter, pushnum, duplicate and incomplete fields, key-path input', async () => {
    const key = randomPrivateKey();
    const owner = p2trAddress(xOnlyPublicKey(key), 'regtest');
    const envelopes = [
      buildEnvelopeScript({ body: 'stutter' }, { stutter: true }),
      buildEnvelopeScript({ contentType: 'text/plain', body: Uint8Array.of(7) }, { pushnum: true }),
      buildEnvelopeScript({ contentType: 'a', extraTags: [[1, utf8ToBytes('b')]] }),
      buildEnvelopeScript({ rawPushes: [Uint8Array.of(1)] }),
    ];
    const leafScript = revealLeafScript(xOnlyPublicKey(key), envelopes);
    const commit = inscriptionCommitAddress({
      internalKey: xOnlyPublicKey(key),
      leafScript,
      network: 'regtest',
    });
    const ownerScript = addressToScript(owner, 'regtest') ?? new Uint8Array();
    const commitOut = await fundOutput(commit.address, commit.script, 30_000n);
    const ownerOut = await fundOutput(owner, ownerScript, 20_000n);
    await node.faucet.mine(1);

    const inputs = [
      { ...ownerOut, script: ownerScript, privateKey: key },
      { ...commitOut, commit, privateKey: key },
    ];
    const outputs = [
      { address: owner, value: 20_000n },
      { address: owner, value: 29_000n },
    ];
    const reveal = buildRevealTransaction({ inputs, outputs, network: 'regtest' });
    const [verdict] = await node.node.rpc.testMempoolAccept([reveal.hex]);
    expect(verdict).toMatchObject({ allowed: true });

    await node.node.rpc.sendRawTransaction(reveal.hex);
    expect(parseEnvelopes(await witnessesOf(reveal.txid))).toMatchObject([
      { input: 1, offset: 0, stutter: true, pushnum: false },
      // ord keeps the stutter flag for later envelopes of the input (envelope.rs from_tapscript).
      { input: 1, offset: 1, pushnum: true, stutter: true },
      { input: 1, offset: 2, fields: { duplicateField: true } },
      { input: 1, offset: 3, fields: { incompleteField: true } },
    ]);
  });
});

async function fundOutput(address: string, script: Uint8Array, value: bigint) {
  const txid = await node.faucet.fund(address, value);
  const funding = await node.node.rpc.getRawTransactionVerbose(txid);
  const vout = funding.vout.find((o) => o.scriptPubKey.hex === bytesToHex(script))?.n;
  if (vout === undefined) throw new Error(`No output to ${address}`);
  return { txid, vout, value };
}

/** The witnesses of a transaction as bitcoind reports them (mempool or chain). */
async function witnessesOf(txid: string): Promise<Uint8Array[][]> {
  const tx = await node.node.rpc.call<{ vin: { txinwitness?: string[] }[] }>('getrawtransaction', [
    txid,
    1,
  ]);
  return tx.vin.map((vin) => (vin.txinwitness ?? []).map(hexToBytes));
}
