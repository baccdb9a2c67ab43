import {
  buildEnvelopeScript,
  buildRevealTransaction,
  bytesToHex,
  inscriptionCommitAddress,
  randomPrivateKey,
  revealLeafScript,
  xOnlyPublicKey,
} from '@om/bitcoin';
import { LAUNCH_BATCH_SIZE } from '@om/core';
import { satsToBtcString, type VerboseTx } from '../../../apps/server/src/chain/rpc.ts';
import type { TestNode } from '../../../apps/server/test/helpers/regtest.ts';

// The untimed setup on the node: coins from the faucet wallet, many outputs a transaction, and
// real inscriptions by commit/reveal (as apps/server/test/helpers/regtest-inscribe.ts does), many
// a block.

/** Outputs per faucet transaction (sendmany). */
const OUTPUTS_PER_TX = 250;
/** Each inscription sits alone on an output of ord's postage. */
export const POSTAGE = 10_000n;
const REVEAL_FEE = 2_000n;

/** What a creator's payment address needs for a launch's deposits: ~10,200 vB per 100 at 2 sat/vB. */
export const depositFunding = (inscriptions: number) =>
  BigInt(Math.ceil(inscriptions / LAUNCH_BATCH_SIZE)) * 30_000n + 100_000n;

/** Mines matured coinbases into the faucet wallet until it holds `sats` more than a margin. */
async function ensureFaucetBalance(node: TestNode, sats: bigint): Promise<void> {
  const wallet = await node.faucet.wallet();
  for (;;) {
    const balance = BigInt(Math.round((await wallet.getBalance()) * 1e8));
    if (balance >= sats + 100_000_000n) return;
    // Coinbases mature after 100 blocks.
    await node.faucet.mine(101);
  }
}

/**
 * Pays every (address, sats) from the faucet wallet with sendmany, each address at most once a
 * transaction; not mined. Answers the transaction ids.
 */
export async function fundMany(
  node: TestNode,
  payments: readonly { address: string; sats: bigint }[],
): Promise<string[]> {
  await ensureFaucetBalance(
    node,
    payments.reduce((sum, p) => sum + p.sats, 0n),
  );
  const wallet = await node.faucet.wallet();
  const txids: string[] = [];
  let outputs: Record<string, string> = {};
  const send = async () => {
    if (Object.keys(outputs).length === 0) return;
    txids.push(await wallet.call<string>('sendmany', ['', outputs]));
    outputs = {};
  };
  for (const { address, sats } of payments) {
    if (address in outputs || Object.keys(outputs).length >= OUTPUTS_PER_TX) await send();
    outputs[address] = satsToBtcString(sats);
  }
  await send();
  return txids;
}

/** Where each output script of these transactions is: script hex → outpoint. */
async function outputsOf(node: TestNode, txids: readonly string[]) {
  const at = new Map<string, { txid: string; vout: number }>();
  for (const txid of txids) {
    const tx: VerboseTx = await node.node.rpc.getRawTransactionVerbose(txid);
    for (const out of tx.vout) at.set(out.scriptPubKey.hex, { txid, vout: out.n });
  }
  return at;
}

/**
 * Inscribes `count` text inscriptions to `to`, each alone on a `POSTAGE` output of its own reveal:
 * the commits in a few faucet transactions, mined (a commit transaction's 250 reveals would pass
 * Core's 25-descendant limit unconfirmed), then every reveal, mined by `mine`.
 */
export async function inscribeMany(
  node: TestNode,
  to: string,
  count: number,
  mine: () => Promise<void>,
): Promise<{ id: string; outpoint: string }[]> {
  const items = Array.from({ length: count }, (_, i) => {
    const key = randomPrivateKey();
    const envelope = buildEnvelopeScript({
      contentType: 'text/plain;charset=utf-8',
      body: `bench:launch item ${i + 1}`,
    });
    const leafScript = revealLeafScript(xOnlyPublicKey(key), [envelope]);
    const commit = inscriptionCommitAddress({
      internalKey: xOnlyPublicKey(key),
      leafScript,
      network: 'regtest',
    });
    return { key, commit };
  });
  const value = POSTAGE + REVEAL_FEE;
  const commitTxids = await fundMany(
    node,
    items.map((item) => ({ address: item.commit.address, sats: value })),
  );
  await mine();
  const at = await outputsOf(node, commitTxids);
  const inscribed: { id: string; outpoint: string }[] = [];
  for (const { key, commit } of items) {
    const outpoint = at.get(bytesToHex(commit.script));
    if (!outpoint) throw new Error(`the commit to ${commit.address} is in no faucet transaction`);
    const reveal = buildRevealTransaction({
      inputs: [{ ...outpoint, value, commit, privateKey: key }],
      outputs: [{ address: to, value: POSTAGE }],
      network: 'regtest',
    });
    await node.node.rpc.sendRawTransaction(reveal.hex);
    inscribed.push({ id: `${reveal.txid}i0`, outpoint: `${reveal.txid}:0` });
  }
  await mine();
  return inscribed;
}
