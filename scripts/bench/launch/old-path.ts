import { sql } from 'kysely';
import type { AppDeps } from '../../../apps/server/src/app-deps.ts';
import { LocalChainSource } from '../../../apps/server/src/chain/sources/local-chain-source.ts';
import { MempoolView } from '../../../apps/server/src/chain/sources/local-mempool.ts';

// product.md#scale-and-delivery wants the figures before and after in one run (the machine is
// shared, so two runs are not comparable): "before" is the server as it was, rebuilt from today's
// parts. Each request reads the mempool itself (a MempoolView per source, no shared read), and the
// reservation's pick has only the old index, which does not serve its sort
// (0035_orderbook_phase_free.sql, 0040_orderbook_phase_unreserved.sql).

/**
 * The deps with a chain source reading the mempool per request, as before
 * product.md#scale-and-delivery.
 */
export function oldPathDeps(deps: AppDeps): AppDeps {
  const { db } = deps;
  const rpc = deps.chain.rpc;
  if (!rpc) throw new Error('bench:launch runs on a node');
  const source = new LocalChainSource({ db, rpc, mempool: new MempoolView(rpc, db) });
  return { ...deps, chain: { ...deps.chain, source } };
}

/** Puts the old pick index back (true) or today's two (false). */
export async function useOldPickIndex(deps: AppDeps, old: boolean): Promise<void> {
  const db = deps.db.kysely;
  if (old) {
    await sql`drop index if exists orderbook_phase_free`.execute(db);
    await sql`drop index if exists orderbook_phase_unreserved`.execute(db);
    await sql`create index if not exists orderbook_phase_pick on orderbook (phase_id, index_in_maker_psbt)
      where phase_id is not null and status = 'active'`.execute(db);
    return;
  }
  await sql`drop index if exists orderbook_phase_pick`.execute(db);
  await sql`create index if not exists orderbook_phase_free on orderbook (phase_id, created_at, index_in_maker_psbt)
    where phase_id is not null and status = 'active'`.execute(db);
  await sql`create index if not exists orderbook_phase_unreserved on orderbook (phase_id, created_at, index_in_maker_psbt)
    where phase_id is not null and status = 'active' and reserved_until is null`.execute(db);
}
