import {
  addressToScript,
  buildEnvelopeScript,
  buildRevealTransaction,
  compressedPublicKey,
  inscriptionCommitAddress,
  p2trAddress,
  randomPrivateKey,
  revealLeafScript,
  xOnlyPublicKey,
  type EnvelopeContent,
} from '@om/bitcoin';
import type { TestNode } from './regtest.ts';

/** A taproot key with its address: where test inscriptions are sent and spent from. */
export function testWallet() {
  const key = randomPrivateKey();
  const address = p2trAddress(compressedPublicKey(key), 'regtest');
  return { key, address, script: addressToScript(address, 'regtest') as Uint8Array };
}

async function findVout(node: TestNode, txid: string, script: Uint8Array): Promise<number> {
  const hex = Buffer.from(script).toString('hex');
  const tx = await node.node.rpc.getRawTransactionVerbose(txid);
  const out = tx.vout.find((o) => o.scriptPubKey.hex === hex);
  if (!out) throw new Error(`no output to ${hex} in ${txid}`);
  return out.n;
}

/**
 * Inscribes as ord's wallet does: the faucet funds a commit output, the reveal spends it by script
 * path into `to`. Broadcast, not mined. Answers the reveal txid and the inscription ids.
 */
export async function inscribe(
  node: TestNode,
  to: string,
  contents: EnvelopeContent[],
  postage = 10_000n,
): Promise<{ txid: string; ids: string[]; vout: number; value: bigint }> {
  const key = randomPrivateKey();
  const leafScript = revealLeafScript(
    xOnlyPublicKey(key),
    contents.map((c) => buildEnvelopeScript(c)),
  );
  const commit = inscriptionCommitAddress({
    internalKey: xOnlyPublicKey(key),
    leafScript,
    network: 'regtest',
  });
  const amount = postage + 20_000n;
  const commitTxid = await node.faucet.fund(commit.address, amount);
  const vout = await findVout(node, commitTxid, commit.script);
  const reveal = buildRevealTransaction({
    inputs: [{ txid: commitTxid, vout, value: amount, commit, privateKey: key }],
    outputs: [{ address: to, value: postage }],
    network: 'regtest',
  });
  await node.node.rpc.sendRawTransaction(reveal.hex);
  return {
    txid: reveal.txid,
    ids: contents.map((_, i) => `${reveal.txid}i${i}`),
    vout: 0,
    value: postage,
  };
}

/** Spends one output of a test wallet to `to` (key path), leaving `fee` to the miner. */
export async function send(
  node: TestNode,
  from: ReturnType<typeof testWallet>,
  utxo: { txid: string; vout: number; value: bigint },
  to: string,
  fee = 1_000n,
): Promise<string> {
  const tx = buildRevealTransaction({
    inputs: [{ ...utxo, script: from.script, privateKey: from.key }],
    outputs: [{ address: to, value: utxo.value - fee }],
    network: 'regtest',
  });
  return node.node.rpc.sendRawTransaction(tx.hex);
}
