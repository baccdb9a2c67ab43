import {
  addressToScript,
  buildEnvelopeScript,
  buildRevealTransaction,
  estimateRevealVsize,
  feeFor,
  InscribeError,
  inscriptionCommitAddress,
  revealLeafScript,
  xOnlyPublicKey,
  type RevealTransaction,
} from '@om/bitcoin';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../../app-deps.ts';
import type { Database } from '../../../db/database.ts';
import { journalClaim, settleJournal } from '../../../trading/claimed-transactions.queries.ts';
import { broadcastInOrder } from '../../../trading/broadcast.ts';
import {
  availableBalance,
  heldInscription,
  isTransferable,
  openTransferClaim,
  pendingAssetRewards,
  stillPending,
  transferInFlight,
  type PendingAssetReward,
} from './asset-payouts.queries.ts';
import { buildPayout } from './payout-tx.ts';
import {
  broadcastPayout,
  journalInscriptionMove,
  payoutCoins,
  payoutFeeRate,
} from './payout-send.ts';
import { lockPayouts } from './payouts.queries.ts';
import { rewardsWallet } from './rewards-wallet.ts';

// ADR 020: a brc-20 reward goes in the token's own two steps, each a journalled 'reward-payout'
// claim broadcast after its transaction commits (kill -9 safe: the claims worker finishes it).
// A: the rewards wallet inscribes a transfer of the amount to itself (commit + reveal, the
//    reveal key the wallet's own, so nothing is kept but the journal, ref `<key>:transfer`).
// B: once our BRC-20 index shows that inscription as the wallet's unused transfer, it is moved
//    whole to the winner (input 0 → output 0), and the rewards row is marked sent with that txid.
// The row stays pending through A; the open transfer claim is its state. One transfer per tick
// is in flight at a time, so the index's available balance always covers the next one.

const E = 10n ** 18n;
const POSTAGE = 546n;

/** One pass over the pending brc-20 rewards. */
export async function payBrc20Rewards(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
): Promise<void> {
  const owed = await pendingAssetRewards(deps.db.kysely, 'brc-20');
  for (const reward of owed) {
    await payBrc20(deps, reward).catch((err: unknown) =>
      deps.log.error({ err, key: reward.key }, 'rewards: brc-20 payout failed'),
    );
  }
}

async function payBrc20(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  reward: PendingAssetReward,
): Promise<void> {
  const { db, env, log } = deps;
  const network = env.BITCOIN_NETWORK;
  const to = addressToScript(reward.address, network);
  if (!to) {
    log.error({ key: reward.key }, `rewards: ${reward.address} is not a ${network} address`);
    return;
  }
  const feeRate = await payoutFeeRate(deps);
  const transferRef = `${reward.key}:transfer`;
  let out: { ref: string; txs: RevealTransaction[] } | undefined;
  try {
    out = await db.kysely.transaction().execute(async (trx) => {
      await lockPayouts(trx);
      if (!(await stillPending(trx, reward.key))) return undefined;
      const wallet = rewardsWallet(env);
      const claim = await openTransferClaim(trx, transferRef);
      if (!claim) {
        if (await transferInFlight(trx, reward.asset.toLowerCase(), reward.key)) return undefined;
        const txs = await inscribeTransfer(deps, trx, reward, feeRate);
        if (!txs) return undefined;
        await journalClaim(trx, { kind: 'reward-payout', ref: transferRef, transactions: txs });
        return { ref: transferRef, txs };
      }
      const id = `${claim.txids.at(-1) ?? ''}i0`;
      const held = await heldInscription(trx, id, wallet.address);
      if (!held || !(await isTransferable(trx, id, wallet.pkscript))) return undefined;
      const move = await journalInscriptionMove(env, trx, { key: reward.key, held, to }, feeRate);
      return { ref: reward.key, txs: [move] };
    });
  } catch (err) {
    if (err instanceof InscribeError && err.code === 'insufficient-funds') {
      log.warn({ key: reward.key, reason: err.message }, 'rewards: brc-20 payout waits for funds');
      return;
    }
    throw err;
  }
  if (out?.txs.length === 1 && out.txs[0]) await broadcastPayout(deps, out.ref, out.txs[0]);
  else if (out) await broadcastTransfer(deps, out.ref, out.txs);
}

/**
 * Step A's commit and reveal, or undefined (logged) when the wallet's available balance of the
 * tick does not cover the amount: an operator must deposit it.
 */
async function inscribeTransfer(
  deps: Pick<AppDeps, 'env' | 'log'>,
  trx: Transaction<Database>,
  reward: PendingAssetReward,
  feeRate: number,
): Promise<RevealTransaction[] | undefined> {
  const { env, log } = deps;
  const network = env.BITCOIN_NETWORK;
  const wallet = rewardsWallet(env);
  const { amount } = reward;
  const available = await availableBalance(trx, wallet.pkscript, reward.asset.toLowerCase());
  if (available < amount * E) {
    log.warn(
      { key: reward.key, tick: reward.asset, amount: String(amount), wallet: wallet.address },
      'rewards: brc-20 reward waits: the rewards wallet has not that much available; an operator must deposit it',
    );
    return undefined;
  }
  const body = JSON.stringify({
    p: 'brc-20',
    op: 'transfer',
    tick: reward.asset,
    amt: String(amount),
  });
  const internalKey = xOnlyPublicKey(wallet.privateKey);
  const leafScript = revealLeafScript(internalKey, [
    buildEnvelopeScript({ contentType: 'text/plain;charset=utf-8', body }),
  ]);
  const commit = inscriptionCommitAddress({ internalKey, leafScript, network });
  const inscribed = { script: wallet.script, value: POSTAGE };
  const revealFee = feeFor(
    estimateRevealVsize({ inputs: [{ commit }], outputs: [inscribed], network }),
    feeRate,
  );
  const commitTx = buildPayout({
    coins: await payoutCoins(env, trx),
    outputs: [{ script: commit.script, value: POSTAGE + revealFee }],
    change: wallet.script,
    feeRate,
    network,
  });
  const reveal = buildRevealTransaction({
    inputs: [
      {
        txid: commitTx.txid,
        vout: 0,
        value: POSTAGE + revealFee,
        commit,
        privateKey: wallet.privateKey,
      },
    ],
    outputs: [inscribed],
    network,
  });
  return [commitTx, reveal];
}

/** Broadcasts a journalled commit and reveal; a failure is left to the claims worker. */
async function broadcastTransfer(
  deps: Pick<AppDeps, 'chain' | 'db' | 'log'>,
  ref: string,
  txs: RevealTransaction[],
): Promise<void> {
  try {
    await broadcastInOrder(
      deps.chain,
      txs.map((t) => t.hex),
    );
    await settleJournal(deps.db.kysely, 'reward-payout', ref, 'sent');
    deps.log.info({ ref, txids: txs.map((t) => t.txid) }, 'rewards: brc-20 transfer inscribed');
  } catch (err) {
    deps.log.warn({ err, ref }, 'rewards: brc-20 transfer journalled, broadcast failed');
  }
}
