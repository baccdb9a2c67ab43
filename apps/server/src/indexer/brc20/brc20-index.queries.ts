import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { Brc20Balance, Brc20Ticker, Brc20Transferable } from './brc20.types.ts';

// The BRC-20 follower's SQL: what a block reads (its transfer log and the state it touches) and
// the rollback chain-store.ts runs with its own; the write is brc20-write.queries.ts'.

const hex = (bytes: Uint8Array | null) =>
  bytes === null ? null : Buffer.from(bytes).toString('hex');

export interface Brc20Tip {
  height: number;
  cumulativeEventHash: string;
}

export async function readBrc20Tip(db: Db): Promise<Brc20Tip | undefined> {
  const row = await db.kysely
    .selectFrom('brc20_blocks')
    .select(['height', 'cumulative_event_hash'])
    .orderBy('height', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { height: row.height, cumulativeEventHash: row.cumulative_event_hash };
}

/** The inscription index's blocks from `from` on, at most `limit` of them, in order. */
export async function chainBlocksFrom(
  db: Db,
  from: number,
  limit: number,
): Promise<{ height: number; hash: string }[]> {
  return db.kysely
    .selectFrom('chain_blocks')
    .select(['height', 'hash'])
    .where('height', '>=', from)
    .orderBy('height')
    .limit(limit)
    .execute();
}

/** The inscription index's block at `height`, or, without a height, its lowest block. */
export async function chainBlockAt(
  db: Db,
  height?: number,
): Promise<{ height: number; hash: string } | undefined> {
  let query = db.kysely.selectFrom('chain_blocks').select(['height', 'hash']);
  query =
    height === undefined
      ? query.orderBy('height', 'asc').limit(1)
      : query.where('height', '=', height);
  return query.executeTakeFirst();
}

/** One row of OPI-ord's transfer log at a height, for an inscription BRC-20 may care about. */
export interface TransferLogRow {
  height: number;
  inscriptionId: string;
  seq: number;
  sentAsFee: boolean;
  address: string | null;
  /** Hex script of an output without an address. */
  script: string | null;
  /** Revealed in this block: the first of its rows here is its creation. */
  isNew: boolean;
  contentType: string | null;
  contentEncoding: string | null;
  content: Uint8Array | null;
  genesisCharms: string[];
  parents: string[];
}

type TransferLogSqlRow = {
  height: number;
  inscription_id: string;
  seq: number;
  sent_as_fee: boolean;
  address: string | null;
  script: Uint8Array | null;
  is_new: boolean;
  content_type: string | null;
  content_encoding: string | null;
  content: Uint8Array | null;
  genesis_charms: string[];
  parents: string[];
};

const transferLogRow = (r: TransferLogSqlRow): TransferLogRow => ({
  height: r.height,
  inscriptionId: r.inscription_id,
  seq: r.seq,
  sentAsFee: r.sent_as_fee,
  address: r.address,
  script: hex(r.script),
  isNew: r.is_new,
  contentType: r.content_type,
  contentEncoding: r.content_encoding,
  content: r.content,
  genesisCharms: r.genesis_charms,
  parents: r.parents,
});

/**
 * OPI-ord's transfer log of blocks `from`..`to` for the inscriptions revealed there with a
 * JSON-capable content type (the rest of the check is brc20Candidate's, in JS): their creation and
 * every move there, by height then seq. It reads only the inscription index, so the follower reads
 * the next batch's while it writes this one. Led by the genesis height index (a join filtered by
 * an OR with the transferables' branch made the planner hash all of chain_inscriptions).
 */
export async function readCandidateLog(
  db: Db,
  from: number,
  to: number,
): Promise<TransferLogRow[]> {
  const { rows } = await sql<TransferLogSqlRow>`
    select t.height, t.inscription_id, t.seq, t.sent_as_fee, t.address, t.script,
      t.height = c.genesis_height as is_new, c.content_type, c.content_encoding,
      -- Only the creation needs the rest (moves of the same inscription follow it).
      case when t.height = c.genesis_height then c.content end as content,
      case when t.height = c.genesis_height then c.genesis_charms else '{}' end as genesis_charms,
      case when t.height = c.genesis_height then c.parents else '{}' end as parents
    from chain_inscriptions c
    join chain_transfers t on t.inscription_id = c.inscription_id
      and t.height between ${from}::int and ${to}::int
    where c.genesis_height between ${from}::int and ${to}::int
      and (lower(c.content_type) like 'text/plain%' or lower(c.content_type) like 'application/json%')
    order by t.height, t.seq`.execute(db.kysely);
  return rows.map(transferLogRow);
}

/**
 * The moves in blocks `from`..`to` of valid transfer-inscribes of earlier blocks not used yet, by
 * height then seq: read once the blocks before `from` are written (they make and use them).
 */
export async function readTransferableMoves(
  db: Db,
  from: number,
  to: number,
): Promise<TransferLogRow[]> {
  const { rows } = await sql<TransferLogSqlRow>`
    select t.height, t.inscription_id, t.seq, t.sent_as_fee, t.address, t.script, false as is_new,
      null as content_type, null as content_encoding, null as content,
      '{}'::text[] as genesis_charms, '{}'::text[] as parents
    from chain_transfers t
    join brc20_transferables b on b.inscription_id = t.inscription_id and b.used_height is null
    where t.height between ${from}::int and ${to}::int
    order by t.height, t.seq`.execute(db.kysely);
  return rows.map(transferLogRow);
}

export async function readTickers(db: Db, ticks: string[]): Promise<Map<string, Brc20Ticker>> {
  if (ticks.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('brc20_tickers')
    .selectAll()
    .where('tick', 'in', ticks)
    .execute();
  return new Map(rows.map((r) => [r.tick, tickerFromRow(r)]));
}

export function tickerFromRow(r: {
  tick: string;
  original_tick: string;
  max_supply: string;
  limit_per_mint: string;
  decimals: number;
  minted_supply: string;
  burned_supply: string;
  self_mint: boolean;
  deploy_inscription_id: string;
  deploy_height: number;
  deployer_pkscript: string;
}): Brc20Ticker {
  return {
    tick: r.tick,
    originalTick: r.original_tick,
    maxSupply: BigInt(r.max_supply),
    limitPerMint: BigInt(r.limit_per_mint),
    decimals: r.decimals,
    mintedSupply: BigInt(r.minted_supply),
    burnedSupply: BigInt(r.burned_supply),
    selfMint: r.self_mint,
    deployInscriptionId: r.deploy_inscription_id,
    deployHeight: r.deploy_height,
    deployerPkscript: r.deployer_pkscript,
  };
}

/** Balances of every (pkscript, tick) pair among the given ones, by `${pkscript};${tick}`. */
export async function readBalances(
  db: Db,
  pkscripts: string[],
  ticks: string[],
): Promise<Map<string, Brc20Balance>> {
  if (pkscripts.length === 0 || ticks.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('brc20_balances')
    .select(['pkscript', 'tick', 'overall', 'available'])
    .where('pkscript', 'in', pkscripts)
    .where('tick', 'in', ticks)
    .execute();
  return new Map(
    rows.map((r) => [
      `${r.pkscript};${r.tick}`,
      { overall: BigInt(r.overall), available: BigInt(r.available) },
    ]),
  );
}

export async function readTransferables(
  db: Db,
  ids: string[],
): Promise<Map<string, Brc20Transferable>> {
  if (ids.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('brc20_transferables')
    .select(['inscription_id', 'tick', 'original_tick', 'amount', 'source_pkscript'])
    .where('inscription_id', 'in', ids)
    .where('used_height', 'is', null)
    .execute();
  return new Map(
    rows.map((r) => [
      r.inscription_id,
      {
        inscriptionId: r.inscription_id,
        tick: r.tick,
        originalTick: r.original_tick,
        amount: BigInt(r.amount),
        sourcePkscript: r.source_pkscript,
      },
    ]),
  );
}

/** Holders (non-zero overall balances) of the given ticks, counted again. */
async function recountHolders(conn: Kysely<Database>, ticks: string[]): Promise<void> {
  if (ticks.length === 0) return;
  await sql`
    update brc20_tickers as t set holders = (
      select count(*) from brc20_balances b where b.tick = t.tick and b.overall > 0)
    where t.tick = any(${ticks}::text[])`.execute(conn);
}

/**
 * Undoes every BRC-20 block above `height`, inside the inscription index's rollback transaction
 * (which holds the indexer's lock): balances minus their deltas, supplies minus theirs, tickers
 * deployed above deleted, transferables made above deleted and those used above usable again.
 */
export async function rollbackBrc20(trx: Kysely<Database>, height: number): Promise<void> {
  const { rows: touched } = await sql<{ tick: string }>`
    select distinct tick from brc20_balance_changes where height > ${height}::int
    union select tick from brc20_ticker_changes where height > ${height}::int`.execute(trx);
  await sql`
    update brc20_balances as b set overall = b.overall - d.overall, available = b.available - d.available
    from (select pkscript, tick, sum(overall_delta) as overall, sum(available_delta) as available
      from brc20_balance_changes where height > ${height}::int group by pkscript, tick) as d
    where b.pkscript = d.pkscript and b.tick = d.tick`.execute(trx);
  await sql`
    update brc20_tickers as t set minted_supply = t.minted_supply - d.minted,
      burned_supply = t.burned_supply - d.burned
    from (select tick, sum(minted_delta) as minted, sum(burned_delta) as burned
      from brc20_ticker_changes where height > ${height}::int group by tick) as d
    where t.tick = d.tick`.execute(trx);
  await trx.deleteFrom('brc20_balances').where('first_height', '>', height).execute();
  await trx.deleteFrom('brc20_tickers').where('deploy_height', '>', height).execute();
  await trx.deleteFrom('brc20_balance_changes').where('height', '>', height).execute();
  await trx.deleteFrom('brc20_ticker_changes').where('height', '>', height).execute();
  await trx.deleteFrom('brc20_transferables').where('height', '>', height).execute();
  await trx
    .updateTable('brc20_transferables')
    .set({ used_height: null })
    .where('used_height', '>', height)
    .execute();
  await trx.deleteFrom('brc20_events').where('height', '>', height).execute();
  await trx.deleteFrom('brc20_blocks').where('height', '>', height).execute();
  await recountHolders(
    trx,
    touched.map((t) => t.tick),
  );
}
