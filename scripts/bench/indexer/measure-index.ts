import { sql } from 'kysely';
import { pino } from 'pino';
import type { BitcoinRpc } from '../../../apps/server/src/chain/rpc.ts';
import type { Db } from '../../../apps/server/src/db/create-db.ts';
import { ChainEvents } from '../../../apps/server/src/indexer/chain-events.ts';
import { ChainFollower } from '../../../apps/server/src/indexer/follow-chain.ts';
import { processCpuSeconds } from './proc-cpu.ts';

export interface IndexResult {
  seconds: number;
  blocks: number;
  inscriptions: number;
  /** chain_transfers rows minus the genesis placements. */
  transfers: number;
  /** CPU time of the PostgreSQL backends that served the run, when the server is local. */
  databaseCpuSeconds?: number;
}

/** CPU time of this database's backends (all opened by this process), when the server is local. */
async function backendCpuSeconds(db: Db): Promise<number | undefined> {
  if (db.kind !== 'postgres') return undefined;
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database()`.execute(db.kysely);
  let total = 0;
  for (const { pid } of rows) {
    const seconds = processCpuSeconds(pid);
    if (seconds === undefined) return undefined;
    total += seconds;
  }
  return total;
}

export function benchFollower(db: Db, rpc: BitcoinRpc): ChainFollower {
  return new ChainFollower({
    db,
    rpc,
    network: 'regtest',
    events: new ChainEvents(),
    log: pino({ level: 'silent' }),
  });
}

/** Our indexer from scratch (database migrated, empty): one syncOnce up to the node's tip. */
export async function measureIndex(db: Db, rpc: BitcoinRpc): Promise<IndexResult> {
  const follower = benchFollower(db, rpc);
  const started = performance.now();
  const blocks = await follower.syncOnce();
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await sql<{ inscriptions: string; placements: string }>`
    select (select count(*) from chain_inscriptions) as inscriptions,
           (select count(*) from chain_transfers) as placements`.execute(db.kysely);
  const inscriptions = Number(rows[0]!.inscriptions);
  const transfers = Number(rows[0]!.placements) - inscriptions;
  const databaseCpuSeconds = await backendCpuSeconds(db);
  return { seconds, blocks, inscriptions, transfers, databaseCpuSeconds };
}
