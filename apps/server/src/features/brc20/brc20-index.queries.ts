import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { INDEXER_LOCK } from '../../indexer/write-block.ts';
import type { Brc20Balance, Brc20Event, Brc20Ticker, Brc20Transferable } from './brc20.types.ts';

// The BRC-20 follower's SQL: what a block reads (its transfer log and the state it touches), the
// one transaction that writes it, and the rollback chain-store.ts runs with its own.

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
      case when t.height = c.genesis_height then c.content end as content, c.genesis_charms,
      c.parents
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

/** Everything one block writes; amounts already computed, addresses resolved. */
export interface Brc20BlockWrite {
  height: number;
  /** The inscription index's hash at `height` when the block was read. */
  hash: string;
  events: (Brc20Event & { address: string | null; spentAddress: string | null })[];
  blockEventHash: string;
  cumulativeEventHash: string;
  /** Tickers as they are after the block, with their supply deltas. */
  tickers: {
    ticker: Brc20Ticker;
    mintedDelta: bigint;
    burnedDelta: bigint;
    holdersDelta: number;
  }[];
  balanceDeltas: { pkscript: string; tick: string; address: string | null; delta: Brc20Balance }[];
  newTransferables: (Brc20Transferable & { sourceAddress: string | null })[];
  usedTransferables: string[];
}

const text = (v: bigint | undefined) => (v === undefined ? null : v.toString());

function eventRows(write: Brc20BlockWrite) {
  return write.events.map((e, seq) => ({
    height: write.height,
    seq,
    type: e.type,
    inscription_id: e.inscriptionId,
    tick: e.tick,
    original_tick: e.originalTick,
    pkscript: e.pkscript,
    address: e.address,
    spent_pkscript: e.spentPkscript ?? null,
    spent_address: e.spentAddress,
    amount: text(e.amount),
    max_supply: text(e.maxSupply),
    limit_per_mint: text(e.limitPerMint),
    decimals: e.decimals ?? null,
    self_mint: e.selfMint ?? null,
    parent_id: e.parentId ?? null,
    ticker_decimals: e.tickerDecimals,
  }));
}

/**
 * Writes consecutive blocks in one transaction under the indexer's lock, only if the inscription
 * index still has each block's hash and the first is the next BRC-20 block; answers false
 * otherwise (a reorg is under way, or another process wrote them): the caller starts over.
 */
export async function writeBrc20Blocks(
  db: Db,
  writes: readonly Brc20BlockWrite[],
): Promise<boolean> {
  const first = writes[0];
  const last = writes.at(-1);
  if (!first || !last) return true;
  return db.kysely.transaction().execute(async (trx) => {
    // On a PostgreSQL server, without waiting for the WAL flush: the BRC-20 index is derived, so
    // a server crash that forgets its last blocks only has them indexed again, identically, and
    // killing this process loses nothing. PGlite runs in this process, so there a kill is such a
    // crash (and nothing flushes in the background): it keeps synchronous commits, as the
    // inscription indexer does.
    const durability = db.kind === 'postgres' ? 'off' : 'on';
    await sql`select pg_advisory_xact_lock(${sql.lit(INDEXER_LOCK)}),
      set_config('synchronous_commit', ${durability}, true)`.execute(trx);
    const { rows } = await sql<{ tip: number | null; hashes: string[] | null }>`
      select (select max(height) from brc20_blocks) as tip,
        (select array_agg(hash order by height) from chain_blocks
          where height between ${first.height}::int and ${last.height}::int) as hashes`.execute(
      trx,
    );
    const guard = rows[0]!;
    const isNext = guard.tip === null || guard.tip + 1 === first.height;
    const same = writes.every((w, i) => guard.hashes?.[i] === w.hash);
    if (!isNext || !same || guard.hashes?.length !== writes.length) return false;
    await writeRows(trx, writes);
    return true;
  });
}

/** Tickers as the last block leaves them, holders moved by the sum of the blocks' changes. */
function tickersJson(writes: readonly Brc20BlockWrite[]): string {
  const merged = new Map<string, { ticker: Brc20Ticker; holders: number }>();
  for (const w of writes) {
    for (const { ticker, holdersDelta } of w.tickers) {
      const holders = (merged.get(ticker.tick)?.holders ?? 0) + holdersDelta;
      merged.set(ticker.tick, { ticker, holders });
    }
  }
  return JSON.stringify(
    [...merged.values()].map(({ ticker: t, holders }) => ({
      tick: t.tick,
      original_tick: t.originalTick,
      max_supply: t.maxSupply.toString(),
      limit_per_mint: t.limitPerMint.toString(),
      decimals: t.decimals,
      minted_supply: t.mintedSupply.toString(),
      burned_supply: t.burnedSupply.toString(),
      self_mint: t.selfMint,
      deploy_inscription_id: t.deployInscriptionId,
      deploy_height: t.deployHeight,
      deployer_pkscript: t.deployerPkscript,
      holders_delta: holders,
    })),
  );
}

/** Each balance's change over the blocks, and the first block that touched it. */
function balancesJson(writes: readonly Brc20BlockWrite[]): string {
  const merged = new Map<
    string,
    { pkscript: string; tick: string; address: string | null; delta: Brc20Balance; first: number }
  >();
  for (const w of writes) {
    for (const b of w.balanceDeltas) {
      const key = `${b.pkscript};${b.tick}`;
      const was = merged.get(key);
      merged.set(key, {
        ...b,
        first: was?.first ?? w.height,
        delta: {
          overall: (was?.delta.overall ?? 0n) + b.delta.overall,
          available: (was?.delta.available ?? 0n) + b.delta.available,
        },
      });
    }
  }
  return JSON.stringify(
    [...merged.values()].map((b) => ({
      pkscript: b.pkscript,
      tick: b.tick,
      address: b.address,
      overall: b.delta.overall.toString(),
      available: b.delta.available.toString(),
      first_height: b.first,
    })),
  );
}

/**
 * New transfer-inscribes, stored used when a later move in these blocks used them (the update of
 * used ones cannot see rows this statement inserts: one snapshot), and the earlier ones used.
 */
function transferablesJson(writes: readonly Brc20BlockWrite[]) {
  const usedAt = new Map<string, number>();
  for (const w of writes) for (const id of w.usedTransferables) usedAt.set(id, w.height);
  const created = writes.flatMap((w) =>
    w.newTransferables.map((t) => ({
      inscription_id: t.inscriptionId,
      tick: t.tick,
      original_tick: t.originalTick,
      amount: t.amount.toString(),
      source_pkscript: t.sourcePkscript,
      source_address: t.sourceAddress,
      height: w.height,
      used_height: usedAt.get(t.inscriptionId) ?? null,
    })),
  );
  const createdIds = new Set(created.map((t) => t.inscription_id));
  const used = [...usedAt]
    .filter(([id]) => !createdIds.has(id))
    .map(([id, height]) => ({ id, height }));
  return { created: JSON.stringify(created), used: JSON.stringify(used) };
}

async function writeRows(
  trx: Transaction<Database>,
  writes: readonly Brc20BlockWrite[],
): Promise<void> {
  const events = JSON.stringify(writes.flatMap((w) => eventRows(w)));
  const tickerChanges = JSON.stringify(
    writes.flatMap((w) =>
      w.tickers.map((t) => ({
        height: w.height,
        tick: t.ticker.tick,
        minted_delta: t.mintedDelta.toString(),
        burned_delta: t.burnedDelta.toString(),
      })),
    ),
  );
  const balanceChanges = JSON.stringify(
    writes.flatMap((w) =>
      w.balanceDeltas.map((b) => ({
        height: w.height,
        pkscript: b.pkscript,
        tick: b.tick,
        overall: b.delta.overall.toString(),
        available: b.delta.available.toString(),
      })),
    ),
  );
  const blocks = JSON.stringify(
    writes.map((w) => ({
      height: w.height,
      hash: w.hash,
      event_count: w.events.length,
      block_event_hash: w.blockEventHash,
      cumulative_event_hash: w.cumulativeEventHash,
    })),
  );
  const transferables = transferablesJson(writes);
  // One statement: data-modifying CTEs all see the snapshot before it, so every table gets one
  // row per key (tickers and balances merged over the blocks above).
  await sql`
    with events as (
      insert into brc20_events (height, seq, type, inscription_id, tick, original_tick, pkscript,
        address, spent_pkscript, spent_address, amount, max_supply, limit_per_mint, decimals,
        self_mint, parent_id, ticker_decimals)
      select e.height, e.seq, e.type, e.inscription_id, e.tick, e.original_tick, e.pkscript,
        e.address, e.spent_pkscript, e.spent_address, e.amount, e.max_supply, e.limit_per_mint,
        e.decimals, e.self_mint, e.parent_id, e.ticker_decimals
      from json_to_recordset(${events}::json) as e(height int, seq int, type text,
        inscription_id text, tick text, original_tick text, pkscript text, address text,
        spent_pkscript text, spent_address text, amount numeric, max_supply numeric,
        limit_per_mint numeric, decimals int, self_mint boolean, parent_id text,
        ticker_decimals int)
    ), tickers as (
      insert into brc20_tickers (tick, original_tick, max_supply, limit_per_mint, decimals,
        minted_supply, burned_supply, self_mint, deploy_inscription_id, deploy_height,
        deployer_pkscript, holders)
      select t.tick, t.original_tick, t.max_supply, t.limit_per_mint, t.decimals, t.minted_supply,
        t.burned_supply, t.self_mint, t.deploy_inscription_id, t.deploy_height, t.deployer_pkscript,
        t.holders_delta
      from json_to_recordset(${tickersJson(writes)}::json) as t(tick text, original_tick text,
        max_supply numeric, limit_per_mint numeric, decimals int, minted_supply numeric,
        burned_supply numeric, self_mint boolean, deploy_inscription_id text, deploy_height int,
        deployer_pkscript text, holders_delta int)
      on conflict (tick) do update set minted_supply = excluded.minted_supply,
        burned_supply = excluded.burned_supply,
        holders = brc20_tickers.holders + excluded.holders
    ), ticker_changes as (
      insert into brc20_ticker_changes (height, tick, minted_delta, burned_delta)
      select t.height, t.tick, t.minted_delta, t.burned_delta
      from json_to_recordset(${tickerChanges}::json) as t(height int, tick text,
        minted_delta numeric, burned_delta numeric)
    ), balances as (
      insert into brc20_balances (pkscript, tick, address, overall, available, first_height)
      select b.pkscript, b.tick, b.address, b.overall, b.available, b.first_height
      from json_to_recordset(${balancesJson(writes)}::json) as b(pkscript text, tick text,
        address text, overall numeric, available numeric, first_height int)
      on conflict (pkscript, tick) do update set
        overall = brc20_balances.overall + excluded.overall,
        available = brc20_balances.available + excluded.available
    ), balance_changes as (
      insert into brc20_balance_changes (height, pkscript, tick, overall_delta, available_delta)
      select b.height, b.pkscript, b.tick, b.overall, b.available
      from json_to_recordset(${balanceChanges}::json) as b(height int, pkscript text, tick text,
        overall numeric, available numeric)
    ), new_transferables as (
      insert into brc20_transferables (inscription_id, tick, original_tick, amount,
        source_pkscript, source_address, height, used_height)
      select t.inscription_id, t.tick, t.original_tick, t.amount, t.source_pkscript,
        t.source_address, t.height, t.used_height
      from json_to_recordset(${transferables.created}::json) as t(inscription_id text, tick text,
        original_tick text, amount numeric, source_pkscript text, source_address text,
        height int, used_height int)
    ), used as (
      update brc20_transferables as b set used_height = u.height
      from json_to_recordset(${transferables.used}::json) as u(id text, height int)
      where b.inscription_id = u.id
    )
    insert into brc20_blocks (height, hash, event_count, block_event_hash, cumulative_event_hash)
    select b.height, b.hash, b.event_count, b.block_event_hash, b.cumulative_event_hash
    from json_to_recordset(${blocks}::json) as b(height int, hash text, event_count int,
      block_event_hash text, cumulative_event_hash text)`.execute(trx);
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
