import { addressToScript, dustThreshold, InscribeError } from '@om/bitcoin';
import { splitByWeights } from '@om/core';
import type { AppDeps } from '../../../app-deps.ts';
import { platformFeeAddress } from '../../../trading/platform-fee.ts';
import {
  broadcastPayout,
  buildRewardsPayout,
  journalPayout,
  payoutFeeRate,
  type Payee,
} from '../payouts/payout-send.ts';
import { indexedTip, insertRewards, lockPayouts } from '../payouts/payouts.queries.ts';
import { rewardConfirmations } from '../payouts/rewards-wallet.ts';
import { xpConfig } from '../xp-accrual.worker.ts';
import {
  brc20Tip,
  carriedInto,
  cycleBounds,
  feesReceived,
  holdings,
  isCycleClosed,
  nextOpenCycle,
} from './mining.queries.ts';

// ADR 020: once a cycle's last block is indexed (by the chain and the BRC-20 index) and
// rewardConfirmations() deep, its fees plus what the last cycle carried are split among the
// token's holders by token-blocks; shares below dust are carried into the next cycle. Cycles
// close in order: a cycle the wallet cannot pay yet stays open, and so do the ones after it.

/** Cycles closed per pass (a node far ahead catches up over several passes). */
const CYCLES_PER_PASS = 20;

/**
 * The oldest cycle still open, if it is ready to close: its last block indexed by the chain and
 * the BRC-20 index, rewardConfirmations() deep. Null when it is not (yet).
 */
export async function readyCycle(deps: Pick<AppDeps, 'db' | 'env'>): Promise<number | null> {
  const tip = await indexedTip(deps.db);
  const tokens = await brc20Tip(deps.db.kysely);
  if (tip === null || tokens === null) return null;
  const cycle = await nextOpenCycle(deps.db, deps.env.XP_START_HEIGHT);
  const { end } = cycleBounds(cycle);
  return tip - end + 1 >= rewardConfirmations(deps.env) && tokens >= end ? cycle : null;
}

/**
 * Closes every cycle ready, oldest first, until one is not ready or cannot pay: the pass of a
 * process without a job queue, and the tests' way to close at once.
 */
export async function closeCycles(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
): Promise<void> {
  for (let i = 0; i < CYCLES_PER_PASS; i++) {
    const cycle = await readyCycle(deps);
    if (cycle === null || !(await closeCycle(deps, cycle))) return;
  }
}

/**
 * Closes `cycle` in one transaction under the payouts lock, then broadcasts its payout; false
 * when the wallet cannot pay. A closed cycle is left alone (true). A node that cannot be reached
 * throws.
 */
export async function closeCycle(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  cycle: number,
): Promise<boolean> {
  const { env, db } = deps;
  const { start, end } = cycleBounds(cycle);
  const feeRate = await payoutFeeRate(deps);
  const ref = `mining:${cycle}`;
  let tx;
  try {
    tx = await db.kysely.transaction().execute(async (trx) => {
      await lockPayouts(trx);
      if (await isCycleClosed(trx, cycle)) return undefined;
      const fees = await feesReceived(trx, platformFeeAddress(env), start, end);
      const carriedIn = await carriedInto(trx, cycle);
      const held = await holdings(trx, xpConfig(env).tick, start, end);
      const shares = splitByWeights(
        fees + carriedIn,
        held.map((h) => h.holding),
      );
      const payees: Payee[] = held
        .map((h, i) => ({ address: h.address, amount: shares[i] ?? 0n }))
        .filter((p) => p.amount > 0n && p.amount >= dustOf(p.address, env.BITCOIN_NETWORK));
      const paid = payees.reduce((sum, p) => sum + p.amount, 0n);
      const cycleRow = {
        cycle,
        start_height: start,
        end_height: end,
        fees: String(fees),
        carried_in: String(carriedIn),
        carried_out: String(fees + carriedIn - paid),
        paid: String(paid),
      };
      if (payees.length === 0) {
        await trx
          .insertInto('mining_cycles')
          .values({ ...cycleRow, txid: null, state: 'carried' })
          .execute();
        deps.log.info({ cycle, carried: cycleRow.carried_out }, 'mining: cycle carried over');
        return undefined;
      }
      const payout = await buildRewardsPayout(deps, trx, payees, feeRate);
      await trx
        .insertInto('mining_cycles')
        .values({ ...cycleRow, txid: payout.txid, state: 'paid' })
        .execute();
      await insertRewards(
        trx,
        payees.map((p) => ({
          address: p.address,
          type: 'mining',
          cycle,
          asset: 'btc',
          amount: String(p.amount),
          txid: payout.txid,
          status: 'sent' as const,
          key: `mining:${cycle}:${p.address}`,
        })),
      );
      await journalPayout(trx, ref, payout);
      return payout;
    });
  } catch (err) {
    if (err instanceof InscribeError && err.code === 'insufficient-funds') {
      deps.log.warn({ cycle, reason: err.message }, 'mining: cycle waits for funds');
      return false;
    }
    throw err;
  }
  if (tx) await broadcastPayout(deps, ref, tx);
  return true;
}

/** The smallest output the holder's script may receive (330 sats for taproot). */
function dustOf(address: string, network: AppDeps['env']['BITCOIN_NETWORK']): bigint {
  const script = addressToScript(address, network);
  return script ? dustThreshold(script) : 546n;
}
