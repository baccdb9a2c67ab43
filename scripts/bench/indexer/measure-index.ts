import { sql } from 'kysely';
import { pino } from 'pino';
import type { BitcoinRpc } from '../../../apps/server/src/chain/rpc.ts';
import type { Db } from '../../../apps/server/src/db/create-db.ts';
import { BlockReaderThread } from '../../../apps/server/src/indexer/block-reader-thread.ts';
import { ChainEvents } from '../../../apps/server/src/indexer/chain-events.ts';
import { indexBrc20 } from '../../../apps/server/src/indexer/brc20/brc20-follower.ts';
import { ChainFollower } from '../../../apps/server/src/indexer/follow-chain.ts';
import { indexRunes } from '../../../apps/server/src/indexer/runes/runes-follower.ts';
import { processCpuSeconds } from './proc-cpu.ts';

export interface IndexResult {
  seconds: number;
  blocks: number;
  inscriptions: number;
  /** chain_transfers rows minus the genesis placements. */
  transfers: number;
  /** CPU time of the PostgreSQL backends that served the run, when the server is local. */
  databaseCpuSeconds?: number;
  /** The BRC-20 index run after it over the same database (ADR 015), unless indexOnly. */
  brc20?: Brc20Result;
  /** The runes index run after that, over the same database and node (issue 20). */
  runes?: { seconds: number; blocks: number };
}

interface Brc20Result {
  seconds: number;
  blocks: number;
  events: number;
  /** OPI's cumulative event hash at the tip, as the index stored it. */
  cumulativeHash: string | null;
  databaseCpuSeconds?: number;
}

/**
 * The BRC-20 index from scratch over an inscription index already at the tip: its own cost, the
 * part ADR 015 bounds at 20 % of the inscription indexer's.
 */
async function measureBrc20(db: Db): Promise<Brc20Result> {
  const cpuBefore = await backendCpuSeconds(db);
  const started = performance.now();
  const { indexed } = await indexBrc20(db, 'regtest');
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await backendCpuSeconds(db);
  const { rows } = await sql<{ events: string; cumulative: string | null }>`
    select (select count(*) from brc20_events) as events,
           (select cumulative_event_hash from brc20_blocks order by height desc limit 1)
             as cumulative`.execute(db.kysely);
  return {
    seconds,
    blocks: indexed,
    events: Number(rows[0]!.events),
    cumulativeHash: rows[0]!.cumulative,
    databaseCpuSeconds:
      cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
  };
}

/**
 * The runes index from scratch over an inscription index already at the tip: its own cost, the
 * part issue 20 bounds at 15 % of the inscription indexer's. It reads each block from the node
 * again (raw, getblock 0), as it does when it follows the chain (ADR 028).
 */
async function measureRunes(db: Db, rpc: BitcoinRpc): Promise<{ seconds: number; blocks: number }> {
  const started = performance.now();
  const { indexed } = await indexRunes(db, rpc, 'regtest');
  return { seconds: (performance.now() - started) / 1000, blocks: indexed };
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

export function benchFollower(
  db: Db,
  rpc: BitcoinRpc,
  blockReader?: BlockReaderThread,
): ChainFollower {
  return new ChainFollower({
    db,
    rpc,
    blockReader,
    network: 'regtest',
    events: new ChainEvents(),
    log: pino({ level: 'silent' }),
  });
}

/** Our indexer from scratch (database migrated, empty): one syncOnce up to the node's tip. */
export async function measureIndex(
  db: Db,
  rpc: BitcoinRpc,
  opts: { reader: 'thread' | 'indexer'; indexOnly: boolean },
): Promise<IndexResult> {
  const reader = opts.reader === 'thread' ? new BlockReaderThread() : undefined;
  const follower = benchFollower(db, rpc, reader);
  const started = performance.now();
  const blocks = await follower.syncOnce();
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await sql<{ inscriptions: string; placements: string }>`
    select (select count(*) from chain_inscriptions) as inscriptions,
           (select count(*) from chain_transfers) as placements`.execute(db.kysely);
  const inscriptions = Number(rows[0]!.inscriptions);
  const transfers = Number(rows[0]!.placements) - inscriptions;
  const databaseCpuSeconds = await backendCpuSeconds(db);
  if (opts.indexOnly) return { seconds, blocks, inscriptions, transfers, databaseCpuSeconds };
  const brc20 = await measureBrc20(db);
  const runes = await measureRunes(db, rpc);
  return { seconds, blocks, inscriptions, transfers, databaseCpuSeconds, brc20, runes };
}
