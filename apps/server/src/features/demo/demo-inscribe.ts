import { addressToScript, compressedPublicKey, p2wpkhAddress } from '@om/bitcoin';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import type { BitcoinRpc } from '../../chain/rpc.ts';
import type { Db } from '../../db/create-db.ts';
import type { DemoArtwork } from './demo-art.types.ts';
import {
  buildReveal,
  buildSplitTransaction,
  fundingAmount,
  planCommits,
  type CommitPlan,
  type Outpoint,
} from './demo-transactions.ts';
import { unspentOutputsAt } from './demo.queries.ts';
import { chunks } from '../../shared/chunks.ts';

export interface InscribeDeps {
  db: Db;
  rpc: BitcoinRpc;
  faucet: RegtestFaucet;
}

/** Reveals go to the node in parallel batches of this many. */
const BROADCAST_BATCH = 16;

/**
 * Inscribes each artwork to its owner: funds the commits in one split and mines it, then
 * broadcasts every reveal and mines them in one block. Commit outputs an interrupted run left
 * unspent (the indexer must be at the tip) are spent as they are, not funded again.
 * Answers how many commits were reused.
 */
export async function inscribeArtworks(
  deps: InscribeDeps,
  artworks: readonly { artwork: DemoArtwork; owner: string }[],
  inscriberKey: Uint8Array,
): Promise<{ reusedCommits: number }> {
  const plans = planCommits(artworks, inscriberKey);
  const unspent = await unspentOutputsAt(
    deps.db,
    plans.map((p) => p.commit.address),
  );
  const commitOutputs = new Map<CommitPlan, Outpoint>();
  for (const plan of plans) {
    const output = unspent.get(plan.commit.address);
    if (output && output.value >= plan.value) commitOutputs.set(plan, output);
  }
  const reusedCommits = commitOutputs.size;
  const unfunded = plans.filter((p) => !commitOutputs.has(p));
  if (unfunded.length > 0) {
    const splitTxid = await fundCommits(deps, unfunded, inscriberKey);
    unfunded.forEach((plan, vout) =>
      commitOutputs.set(plan, { txid: splitTxid, vout, value: plan.value }),
    );
  }
  const reveals = plans.map((plan) =>
    buildReveal(plan, commitOutputs.get(plan) as Outpoint, inscriberKey),
  );
  for (const batch of chunks(reveals, BROADCAST_BATCH)) {
    await Promise.all(batch.map((reveal) => deps.rpc.sendRawTransaction(reveal.hex)));
  }
  await deps.faucet.mine(1);
  return { reusedCommits };
}

/** The faucet pays the inscriber's P2WPKH; our split turns that into the commits; one block. */
export async function fundCommits(
  deps: InscribeDeps,
  plans: readonly CommitPlan[],
  inscriberKey: Uint8Array,
): Promise<string> {
  const fundingAddress = p2wpkhAddress(compressedPublicKey(inscriberKey), 'regtest');
  const fundingScript = addressToScript(fundingAddress, 'regtest') as Uint8Array;
  const amount = fundingAmount(plans, fundingScript);
  const fundingTxid = await deps.faucet.fund(fundingAddress, amount);
  const fundingTx = await deps.rpc.getRawTransactionVerbose(fundingTxid);
  const scriptHex = Buffer.from(fundingScript).toString('hex');
  const vout = fundingTx.vout.find((o) => o.scriptPubKey.hex === scriptHex)?.n;
  if (vout === undefined)
    throw new Error(`demo: funding ${fundingTxid} does not pay the inscriber`);
  const split = buildSplitTransaction({
    funding: { txid: fundingTxid, vout, value: amount },
    fundingScript,
    inscriberKey,
    plans,
  });
  await deps.rpc.sendRawTransaction(split.hex);
  await deps.faucet.mine(1);
  return split.txid;
}
