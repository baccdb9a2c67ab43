import { satsToBtc } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import type { ClaimHandler } from '../../trading/claim-handler.ts';
import type { ClaimedTransaction } from '../../trading/claimed-transactions.queries.ts';
import { notify } from '../notifications/notifications.service.ts';
import { reopenCycle } from './mining/mining.queries.ts';
import { confirmRewards, reopenRewards } from './payouts/payouts.queries.ts';

/**
 * The claims worker's view of a reward payout (kind 'reward-payout'): mined, its rewards are
 * confirmed and each mining payee is told (pool winners heard at the draw); its coins spent by
 * another transaction first, its rewards are deleted (owed again) and a mining cycle reopened, so
 * the workers pay them anew from the coins left.
 */
export const rewardPayoutClaim: ClaimHandler = {
  sent: async () => undefined,
  release: async (deps, claim) => {
    const txid = payoutTxid(claim);
    await deps.db.kysely.transaction().execute(async (trx) => {
      await reopenRewards(trx, txid);
      await reopenCycle(trx, txid);
    });
  },
  final: (deps, claim) => confirmPayout(deps, payoutTxid(claim)),
};

function payoutTxid(claim: ClaimedTransaction): string {
  return claim.txids.at(-1) ?? '';
}

/** Confirms the payout's rewards and notifies, in one transaction (a retry repeats neither). */
async function confirmPayout(deps: Pick<AppDeps, 'db'>, txid: string): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    for (const reward of await confirmRewards(trx, txid)) {
      if (reward.type !== 'mining' || reward.cycle === null) continue;
      const sats = reward.amount ?? 0n;
      const { cycle } = reward;
      await notify(trx, {
        to: [reward.address],
        type: 'mining_payout',
        title: 'Mining payout sent',
        body: `${satsToBtc(sats)} BTC for mining cycle ${cycle}; the transaction is mined.`,
        payload: { txid, amountSats: String(sats), cycle, link: `/tx/${txid}` },
        dedupeKey: `mining:${cycle}`,
      });
    }
  });
}
