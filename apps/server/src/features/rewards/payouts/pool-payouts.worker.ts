import { addressToScript, dustThreshold, InscribeError } from '@om/bitcoin';
import type { AppDeps } from '../../../app-deps.ts';
import { startChainWorker } from '../../../chain/chain-worker.ts';
import type { NewReward } from '../../../db/rewards.tables.ts';
import {
  broadcastPayout,
  buildRewardsPayout,
  journalPayout,
  payoutFeeRate,
  type Payee,
} from './payout-send.ts';
import {
  indexedTip,
  insertRewards,
  lockPayouts,
  recordedKeys,
  winnersToPay,
  type WinnerToPay,
} from './payouts.queries.ts';
import { rewardConfirmations } from './rewards-wallet.ts';
import { payInscriptionRewards } from './inscription-payout.ts';
import { payBrc20Rewards } from './brc20-payout.ts';
import { payRuneRewards } from './rune-payout.ts';

// ADR 020: a drawn pool's btc rewards go out in one transaction to all its winners once the draw
// block is rewardConfirmations() deep. brc-20 and inscription rewards are recorded 'pending',
// then sent one by one from that row (inscription-payout.ts, brc20-payout.ts), rune rewards in one
// transaction per pool (rune-payout.ts); a btc share below dust stays pending, which no
// transaction can carry.

export function startPoolPayoutsWorker(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'env' | 'log'>,
): () => Promise<void> {
  return startChainWorker(deps, 'pool payouts', () => payPools(deps), ['block']);
}

/** One pass: every drawn pool with winners not recorded yet. */
export async function payPools(deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>): Promise<void> {
  const tip = await indexedTip(deps.db);
  if (tip === null) return;
  const winners = await winnersToPay(deps.db.kysely, tip - rewardConfirmations(deps.env) + 1);
  const byPool = new Map<string, WinnerToPay[]>();
  for (const w of winners) byPool.set(w.poolId, [...(byPool.get(w.poolId) ?? []), w]);
  for (const [poolId, rows] of byPool) {
    await payPool(deps, poolId, rows).catch((err: unknown) =>
      deps.log.error({ err, poolId }, 'rewards: pool payout failed'),
    );
  }
  await payInscriptionRewards(deps);
  await payBrc20Rewards(deps);
  await payRuneRewards(deps);
}

const keyOf = (w: WinnerToPay) => `pool:${w.poolId}:${w.rewardIndex}:${w.address}`;

async function payPool(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  poolId: string,
  winners: WinnerToPay[],
): Promise<void> {
  const { db, env } = deps;
  const feeRate = await payoutFeeRate(deps);
  const ref = `pool:${poolId}`;
  let tx;
  try {
    tx = await db.kysely.transaction().execute(async (trx) => {
      await lockPayouts(trx);
      const recorded = await recordedKeys(trx, winners.map(keyOf));
      const owed = winners.filter((w) => !recorded.has(keyOf(w)));
      const isPayable = (w: WinnerToPay) => {
        const script = addressToScript(w.address, env.BITCOIN_NETWORK);
        return w.type === 'btc' && !!script && w.amount >= dustThreshold(script);
      };
      const row = (w: WinnerToPay): NewReward => ({
        address: w.address,
        type: 'pool',
        pool_id: w.poolId,
        reward_index: w.rewardIndex,
        asset: w.type === 'btc' ? 'btc' : w.asset,
        amount: String(w.amount),
        key: keyOf(w),
      });
      const later = owed.filter((w) => !isPayable(w));
      await insertRewards(trx, later.map(row));
      if (later.length > 0) deps.log.warn({ poolId, count: later.length }, 'rewards: left pending');
      const paying = owed.filter(isPayable);
      if (paying.length === 0) return undefined;
      const payees: Payee[] = paying.map((w) => ({ address: w.address, amount: w.amount }));
      const payout = await buildRewardsPayout(deps, trx, payees, feeRate);
      await insertRewards(
        trx,
        paying.map((w) => ({ ...row(w), txid: payout.txid, status: 'sent' as const })),
      );
      await journalPayout(trx, ref, payout);
      return payout;
    });
  } catch (err) {
    if (err instanceof InscribeError && err.code === 'insufficient-funds') {
      deps.log.warn({ poolId, reason: err.message }, 'rewards: pool payout waits for funds');
      return;
    }
    throw err;
  }
  if (tx) await broadcastPayout(deps, ref, tx);
}
