import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentBalancesHash, EVENT_HASH_VERSION } from '../../indexer/brc20/brc20-event-hash.ts';
import { readBlockHashes, readBrc20Height, readCurrentBalances } from './brc20.queries.ts';

/** Reported beside every hash, as OPI reports its own indexer version. */
const BRC20_INDEXER_VERSION = `om-brc20 event-hash-v${EVENT_HASH_VERSION}`;

/**
 * OPI's own paths and answer shape ({ error, result }, not our envelope), so that our hashes can
 * be compared with any OPI node's in one line (bestinslot-xyz/OPI modules/brc20_api/api.js).
 */
export function opiRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get('/v1/brc20/get_hash_of_all_activity', async (request, reply) => {
    const { block_height: raw } = (request.query ?? {}) as { block_height?: unknown };
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) {
      return reply.code(400).send({ error: 'block_height must be a whole number', result: null });
    }
    const height = Number(raw);
    const tip = await readBrc20Height(db);
    const hashes = tip === null || height > tip ? undefined : await readBlockHashes(db, height);
    if (!hashes) return reply.code(400).send({ error: 'block not indexed yet', result: null });
    return {
      error: null,
      result: {
        cumulative_event_hash: hashes.cumulativeEventHash,
        block_event_hash: hashes.blockEventHash,
        indexer_version: BRC20_INDEXER_VERSION,
        block_height: height,
      },
    };
  });

  app.get('/v1/brc20/get_hash_of_all_current_balances', async () => {
    // One read of the height and the balances could straddle a block: read the height twice.
    for (;;) {
      const height = await readBrc20Height(db);
      const balances = await readCurrentBalances(db);
      if ((await readBrc20Height(db)) !== height) continue;
      return {
        error: null,
        result: {
          current_balances_hash: currentBalancesHash(balances),
          indexer_version: BRC20_INDEXER_VERSION,
          block_height: height,
        },
      };
    }
  });
}
