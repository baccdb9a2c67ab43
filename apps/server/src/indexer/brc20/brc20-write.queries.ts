import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { INDEXER_LOCK } from '../write-block.ts';
import type { Brc20Balance, Brc20Event, Brc20Ticker, Brc20Transferable } from './brc20.types.ts';

// The one transaction that writes a batch of BRC-20 blocks. Rows travel as one array per column
// and come back as rows through unnest(): PostgreSQL parses typed arrays at about twice the speed
// of json_to_recordset (no key repeated per row), and the batch's write is its largest statement.

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

type Cell = string | number | boolean | null;

/** The rows' values of each key, in the keys' order: unnest()'s arguments. */
function columns<K extends string>(rows: readonly Record<K, Cell>[], keys: readonly K[]) {
  return Object.fromEntries(keys.map((k) => [k, rows.map((r) => r[k])])) as Record<K, Cell[]>;
}

const text = (v: bigint | undefined) => (v === undefined ? null : v.toString());

function eventColumns(writes: readonly Brc20BlockWrite[]) {
  const rows = writes.flatMap((w) =>
    w.events.map((e, seq) => ({
      height: w.height,
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
    })),
  );
  return columns(rows, [
    'height',
    'seq',
    'type',
    'inscription_id',
    'tick',
    'original_tick',
    'pkscript',
    'address',
    'spent_pkscript',
    'spent_address',
    'amount',
    'max_supply',
    'limit_per_mint',
    'decimals',
    'self_mint',
    'parent_id',
    'ticker_decimals',
  ]);
}

/** Tickers as the last block leaves them, holders moved by the sum of the blocks' changes. */
function tickerColumns(writes: readonly Brc20BlockWrite[]) {
  const merged = new Map<string, { ticker: Brc20Ticker; holders: number }>();
  for (const w of writes) {
    for (const { ticker, holdersDelta } of w.tickers) {
      const holders = (merged.get(ticker.tick)?.holders ?? 0) + holdersDelta;
      merged.set(ticker.tick, { ticker, holders });
    }
  }
  const rows = [...merged.values()].map(({ ticker: t, holders }) => ({
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
  }));
  return columns(rows, [
    'tick',
    'original_tick',
    'max_supply',
    'limit_per_mint',
    'decimals',
    'minted_supply',
    'burned_supply',
    'self_mint',
    'deploy_inscription_id',
    'deploy_height',
    'deployer_pkscript',
    'holders_delta',
  ]);
}

function tickerChangeColumns(writes: readonly Brc20BlockWrite[]) {
  const rows = writes.flatMap((w) =>
    w.tickers.map((t) => ({
      height: w.height,
      tick: t.ticker.tick,
      minted_delta: t.mintedDelta.toString(),
      burned_delta: t.burnedDelta.toString(),
    })),
  );
  return columns(rows, ['height', 'tick', 'minted_delta', 'burned_delta']);
}

/** Each balance's change over the blocks, and the first block that touched it. */
function balanceColumns(writes: readonly Brc20BlockWrite[]) {
  const merged = new Map<
    string,
    { pkscript: string; tick: string; address: string | null; delta: Brc20Balance; first: number }
  >();
  for (const w of writes) {
    for (const b of w.balanceDeltas) {
      const key = `${b.pkscript};${b.tick}`;
      const was = merged.get(key);
      if (was) {
        was.delta = {
          overall: was.delta.overall + b.delta.overall,
          available: was.delta.available + b.delta.available,
        };
      } else merged.set(key, { ...b, first: w.height });
    }
  }
  const rows = [...merged.values()].map((b) => ({
    pkscript: b.pkscript,
    tick: b.tick,
    address: b.address,
    overall: b.delta.overall.toString(),
    available: b.delta.available.toString(),
    first_height: b.first,
  }));
  return columns(rows, ['pkscript', 'tick', 'address', 'overall', 'available', 'first_height']);
}

function balanceChangeColumns(writes: readonly Brc20BlockWrite[]) {
  const rows = writes.flatMap((w) =>
    w.balanceDeltas.map((b) => ({
      height: w.height,
      pkscript: b.pkscript,
      tick: b.tick,
      overall: b.delta.overall.toString(),
      available: b.delta.available.toString(),
    })),
  );
  return columns(rows, ['height', 'pkscript', 'tick', 'overall', 'available']);
}

/**
 * New transfer-inscribes, stored used when a later move in these blocks used them (the update of
 * used ones cannot see rows this statement inserts: one snapshot), and the earlier ones used.
 */
function transferableColumns(writes: readonly Brc20BlockWrite[]) {
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
  return {
    created: columns(created, [
      'inscription_id',
      'tick',
      'original_tick',
      'amount',
      'source_pkscript',
      'source_address',
      'height',
      'used_height',
    ]),
    used: columns(used, ['id', 'height']),
  };
}

function blockColumns(writes: readonly Brc20BlockWrite[]) {
  const rows = writes.map((w) => ({
    height: w.height,
    hash: w.hash,
    event_count: w.events.length,
    block_event_hash: w.blockEventHash,
    cumulative_event_hash: w.cumulativeEventHash,
  }));
  return columns(rows, [
    'height',
    'hash',
    'event_count',
    'block_event_hash',
    'cumulative_event_hash',
  ]);
}

async function writeRows(
  trx: Transaction<Database>,
  writes: readonly Brc20BlockWrite[],
): Promise<void> {
  const e = eventColumns(writes);
  const t = tickerColumns(writes);
  const tc = tickerChangeColumns(writes);
  const b = balanceColumns(writes);
  const bc = balanceChangeColumns(writes);
  const { created: nt, used: u } = transferableColumns(writes);
  const k = blockColumns(writes);
  // One statement: data-modifying CTEs all see the snapshot before it, so every table gets one
  // row per key (tickers and balances merged over the blocks above).
  await sql`
    with events as (
      insert into brc20_events (height, seq, type, inscription_id, tick, original_tick, pkscript,
        address, spent_pkscript, spent_address, amount, max_supply, limit_per_mint, decimals,
        self_mint, parent_id, ticker_decimals)
      select * from unnest(${e.height}::int[], ${e.seq}::int[], ${e.type}::text[],
        ${e.inscription_id}::text[], ${e.tick}::text[], ${e.original_tick}::text[],
        ${e.pkscript}::text[], ${e.address}::text[], ${e.spent_pkscript}::text[],
        ${e.spent_address}::text[], ${e.amount}::numeric[], ${e.max_supply}::numeric[],
        ${e.limit_per_mint}::numeric[], ${e.decimals}::int[], ${e.self_mint}::boolean[],
        ${e.parent_id}::text[], ${e.ticker_decimals}::int[])
    ), tickers as (
      insert into brc20_tickers (tick, original_tick, max_supply, limit_per_mint, decimals,
        minted_supply, burned_supply, self_mint, deploy_inscription_id, deploy_height,
        deployer_pkscript, holders)
      select * from unnest(${t.tick}::text[], ${t.original_tick}::text[],
        ${t.max_supply}::numeric[], ${t.limit_per_mint}::numeric[], ${t.decimals}::int[],
        ${t.minted_supply}::numeric[], ${t.burned_supply}::numeric[], ${t.self_mint}::boolean[],
        ${t.deploy_inscription_id}::text[], ${t.deploy_height}::int[],
        ${t.deployer_pkscript}::text[], ${t.holders_delta}::int[])
      on conflict (tick) do update set minted_supply = excluded.minted_supply,
        burned_supply = excluded.burned_supply,
        holders = brc20_tickers.holders + excluded.holders
    ), ticker_changes as (
      insert into brc20_ticker_changes (height, tick, minted_delta, burned_delta)
      select * from unnest(${tc.height}::int[], ${tc.tick}::text[], ${tc.minted_delta}::numeric[],
        ${tc.burned_delta}::numeric[])
    ), balances as (
      insert into brc20_balances (pkscript, tick, address, overall, available, first_height)
      select * from unnest(${b.pkscript}::text[], ${b.tick}::text[], ${b.address}::text[],
        ${b.overall}::numeric[], ${b.available}::numeric[], ${b.first_height}::int[])
      on conflict (pkscript, tick) do update set
        overall = brc20_balances.overall + excluded.overall,
        available = brc20_balances.available + excluded.available
    ), balance_changes as (
      insert into brc20_balance_changes (height, pkscript, tick, overall_delta, available_delta)
      select * from unnest(${bc.height}::int[], ${bc.pkscript}::text[], ${bc.tick}::text[],
        ${bc.overall}::numeric[], ${bc.available}::numeric[])
    ), new_transferables as (
      insert into brc20_transferables (inscription_id, tick, original_tick, amount,
        source_pkscript, source_address, height, used_height)
      select * from unnest(${nt.inscription_id}::text[], ${nt.tick}::text[],
        ${nt.original_tick}::text[], ${nt.amount}::numeric[], ${nt.source_pkscript}::text[],
        ${nt.source_address}::text[], ${nt.height}::int[], ${nt.used_height}::int[])
    ), used as (
      update brc20_transferables as b set used_height = u.height
      from unnest(${u.id}::text[], ${u.height}::int[]) as u(id, height)
      where b.inscription_id = u.id
    )
    insert into brc20_blocks (height, hash, event_count, block_event_hash, cumulative_event_hash)
    select * from unnest(${k.height}::int[], ${k.hash}::text[], ${k.event_count}::int[],
      ${k.block_event_hash}::text[], ${k.cumulative_event_hash}::text[])`.execute(trx);
}
