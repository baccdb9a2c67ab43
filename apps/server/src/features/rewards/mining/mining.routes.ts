import { AddressParamSchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { MiningStatus } from '@om/core';
import type { AppDeps } from '../../../app-deps.ts';
import { documented, type RouteDocs } from '../../../http/openapi/route-docs.ts';
import { parseAddressParam } from '../../../http/address-input.ts';
import { platformFeeAddress } from '../../../trading/platform-fee.ts';
import { indexedTip } from '../payouts/payouts.queries.ts';
import { xpConfig } from '../xp-accrual.worker.ts';
import {
  brc20Tip,
  carriedInto,
  cycleBounds,
  cycleOf,
  feesReceived,
  holdings,
} from './mining.queries.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  status: {
    summary: "This cycle's platform fees and the address's share so far",
    params: AddressParamSchema,
  },
} satisfies Record<string, RouteDocs>;

/** GET /api/rewards/mining/:address: the current cycle's fees and the address's share so far. */
export function miningRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/rewards/mining/:address', documented(docs.status), async (request) => {
    const address = parseAddressParam(request.params, deps.env.BITCOIN_NETWORK);
    return { success: true, payload: await miningStatus(deps, address) };
  });
}

async function miningStatus(
  deps: Pick<AppDeps, 'db' | 'env'>,
  address: string,
): Promise<MiningStatus> {
  const tip = await indexedTip(deps.db);
  const cycle = cycleOf(tip ?? 0);
  const { start, end } = cycleBounds(cycle);
  const db = deps.db.kysely;
  const fees = tip === null ? 0n : await feesReceived(db, platformFeeAddress(deps.env), start, tip);
  const carried = await carriedInto(db, cycle);
  // Holdings are known as far as the BRC-20 index has gone.
  const tokens = await brc20Tip(db);
  const held =
    tokens === null
      ? []
      : await holdings(db, xpConfig(deps.env).tick, start, Math.min(end, tokens));
  const index = held.findIndex((h) => h.address === address);
  const holding = held[index]?.holding ?? 0n;
  const total = held.reduce((sum, h) => sum + h.holding, 0n);
  // The floor of its share; the close's split may give it one sat more (largest remainder).
  const pending = total === 0n ? 0n : ((fees + carried) * holding) / total;
  return {
    address,
    currentBlock: tip,
    cycle: {
      index: cycle,
      startHeight: start,
      endHeight: end,
      fees: String(fees),
      carried: String(carried),
    },
    holding: String(holding),
    totalHolding: String(total),
    pending: String(pending),
  };
}
