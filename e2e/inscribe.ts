import {
  buildEnvelopeScript,
  buildRevealTransaction,
  inscriptionCommitAddress,
  randomPrivateKey,
  revealLeafScript,
  xOnlyPublicKey,
} from '@om/bitcoin';
import type { BitcoinRpc } from '../apps/server/src/chain/rpc.ts';

/**
 * Inscribes content on the app's regtest node as ord's wallet would (commit, then reveal by
 * script path) to `to`, paid by the node's faucet wallet. Broadcast; the caller mines.
 */
export async function inscribeOnNode(
  rpc: BitcoinRpc,
  to: string,
  contentType: string,
  body: Uint8Array | string,
) {
  const key = randomPrivateKey();
  const leafScript = revealLeafScript(xOnlyPublicKey(key), [
    buildEnvelopeScript({ contentType, body }),
  ]);
  const commit = inscriptionCommitAddress({
    internalKey: xOnlyPublicKey(key),
    leafScript,
    network: 'regtest',
  });
  const bytes = typeof body === 'string' ? body.length : body.length;
  // Enough for the reveal's weight at 2 sat/vB: about a quarter vbyte per byte of content.
  const fee = BigInt(Math.ceil(bytes / 2) + 2_000);
  const amount = 10_000n + fee;
  const commitTxid = await rpc
    .forWallet('faucet')
    .sendToAddress(commit.address, (Number(amount) / 1e8).toFixed(8));
  const commitTx = await rpc.getRawTransactionVerbose(commitTxid);
  const vout = commitTx.vout.find(
    (o) => o.scriptPubKey.hex === Buffer.from(commit.script).toString('hex'),
  )!.n;
  const reveal = buildRevealTransaction({
    inputs: [{ txid: commitTxid, vout, value: amount, commit, privateKey: key }],
    outputs: [{ address: to, value: 10_000n }],
    network: 'regtest',
  });
  await rpc.sendRawTransaction(reveal.hex);
  return `${reveal.txid}i0`;
}
