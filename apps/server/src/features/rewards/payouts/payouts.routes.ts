import type { FastifyInstance } from 'fastify';
import { REWARDS_PAGE_SIZE, type RewardRecord } from '@om/core';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { documented, type RouteDocs } from '../../../http/openapi/route-docs.ts';
import { parseInput } from '../../../http/validate.ts';
import { requireSession } from '../../auth/auth-guard.ts';
import type { SessionClaims } from '../../../http/auth-token.ts';
import { rewardsOf, sessionAddresses, spendableCoins } from './payouts.queries.ts';
import { rewardsWallet } from './rewards-wallet.ts';

const HistoryQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
});

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  history: { summary: 'Rewards paid to the signed-in user, paged', query: HistoryQuerySchema },
  wallet: { summary: "The rewards wallet's address and spendable balance" },
} satisfies Record<string, RouteDocs>;

/** The rewards history of a session's addresses, and the rewards wallet an operator funds. */
export function payoutsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const auth = requireSession(deps.jwtSecret);

  app.get(
    '/api/rewards/history',
    documented(docs.history, { preHandler: auth }),
    async (request) => {
      const { page } = parseInput(HistoryQuerySchema, request.query, 'query');
      const addresses = await sessionAddresses(deps.db, request.session as SessionClaims);
      const history = await rewardsOf(deps.db, addresses, page, REWARDS_PAGE_SIZE);
      const rewards: RewardRecord[] = history.rewards.map((r) => ({
        id: r.id,
        date: r.date.toISOString(),
        type: r.type,
        address: r.address,
        poolId: r.poolId,
        poolTitle: r.poolTitle,
        asset: r.asset,
        amount: r.amount === null ? null : String(r.amount),
        txid: r.txid,
        status: r.status,
      }));
      return { success: true, payload: { rewards, page, hasMore: history.hasMore } };
    },
  );

  // Its confirmed coins not promised to a payout: what the next payout can spend.
  app.get('/api/rewards/wallet', documented(docs.wallet), async () => {
    const { address } = rewardsWallet(deps.env);
    const coins = await spendableCoins(deps.db.kysely, [address]);
    const balance = coins.reduce((sum, c) => sum + c.value, 0n);
    return { success: true, payload: { address, balance: String(balance) } };
  });
}
