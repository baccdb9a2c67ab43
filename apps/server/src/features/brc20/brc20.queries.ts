import type { Brc20TokenSort } from '@om/core';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { tickerFromRow } from '../../indexer/brc20/brc20-index.queries.ts';
import type { Brc20Event, Brc20EventType, Brc20Ticker } from '../../indexer/brc20/brc20.types.ts';

// The BRC-20 index's reads, for the API, the inscription service's mint check and the tests.

export type Brc20TickerRead = Brc20Ticker & {
  holders: number;
  deployTime: Date | null;
};

const tickerColumns = sql`t.tick, t.original_tick, t.max_supply::text as max_supply,
  t.limit_per_mint::text as limit_per_mint, t.decimals, t.minted_supply::text as minted_supply,
  t.burned_supply::text as burned_supply, t.self_mint, t.deploy_inscription_id, t.deploy_height,
  t.deployer_pkscript, t.holders, b.block_time as deploy_time`;

/** A ticker's columns as the index reads them, with its holders and deploy time. */
type TickerRow = Parameters<typeof tickerFromRow>[0] & {
  holders: number;
  deploy_time: Date | null;
};

const toTicker = (r: TickerRow): Brc20TickerRead => ({
  ...tickerFromRow(r),
  holders: r.holders,
  deployTime: r.deploy_time,
});

/** A deployed ticker by its tick (any casing), with bigint supplies; undefined if not deployed. */
export async function readTicker(db: Db, tick: string): Promise<Brc20TickerRead | undefined> {
  const { rows } = await sql<TickerRow>`
    select ${tickerColumns} from brc20_tickers t
    left join chain_blocks b on b.height = t.deploy_height
    where t.tick = ${tick.toLowerCase()}`.execute(db.kysely);
  return rows[0] && toTicker(rows[0]);
}

export interface TickerListQuery {
  search?: string | undefined;
  sort: Brc20TokenSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Tickers whose tick starts with `search` (case-insensitive), sorted and paged, and their count. */
export async function listTickers(
  db: Db,
  q: TickerListQuery,
): Promise<{ tickers: Brc20TickerRead[]; total: number }> {
  const prefix = (q.search ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = sql`t.tick like ${`${prefix}%`}`;
  const direction = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const key = {
    holders: sql`t.holders`,
    minted: sql`t.minted_supply / nullif(t.max_supply, 0)`,
    deploy_height: sql`t.deploy_height`,
  }[q.sort];
  const { rows } = await sql<TickerRow>`
    select ${tickerColumns} from brc20_tickers t
    left join chain_blocks b on b.height = t.deploy_height
    where ${where}
    order by ${key} ${direction} nulls last, t.tick asc
    limit ${q.limit} offset ${q.offset}`.execute(db.kysely);
  const { rows: count } = await sql<{ total: string }>`
    select count(*)::text as total from brc20_tickers t where ${where}`.execute(db.kysely);
  return { tickers: rows.map(toTicker), total: Number(count[0]?.total ?? 0) };
}

export interface HolderRead {
  pkscript: string;
  address: string | null;
  overall: bigint;
  available: bigint;
}

export async function readHolders(
  db: Db,
  tick: string,
  page: { limit: number; offset: number },
): Promise<{ holders: HolderRead[]; total: number }> {
  const base = db.kysely
    .selectFrom('brc20_balances')
    .where('tick', '=', tick)
    .where(sql<boolean>`overall > 0`);
  const rows = await base
    .select(['pkscript', 'address', 'overall', 'available'])
    .orderBy(sql`overall`, 'desc')
    .orderBy('pkscript')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await base.select(sql<string>`count(*)::text`.as('total')).executeTakeFirst();
  return {
    holders: rows.map((r) => ({
      pkscript: r.pkscript,
      address: r.address,
      overall: BigInt(r.overall),
      available: BigInt(r.available),
    })),
    total: Number(count?.total ?? 0),
  };
}

export interface BalanceRead {
  ticker: Brc20Ticker;
  overall: bigint;
  available: bigint;
}

/** Every ticker the address has or had a balance of, by tick. */
export async function readAddressBalances(db: Db, address: string): Promise<BalanceRead[]> {
  const { rows } = await sql<TickerRow & { overall: string; available: string }>`
    select ${tickerColumns}, bal.overall::text as overall, bal.available::text as available
    from brc20_balances bal
    join brc20_tickers t on t.tick = bal.tick
    left join chain_blocks b on b.height = t.deploy_height
    where bal.address = ${address}
    order by t.tick`.execute(db.kysely);
  return rows.map((r) => ({
    ticker: tickerFromRow(r),
    overall: BigInt(r.overall),
    available: BigInt(r.available),
  }));
}

export interface TransferableRead {
  inscriptionId: string;
  tick: string;
  originalTick: string;
  decimals: number;
  amount: bigint;
  height: number;
  /** 'txid:vout' of the output holding it. */
  outpoint: string | null;
  /** Its output is spent by a mempool transaction. */
  isSending: boolean;
}

/** The address's unused transfer-inscribes, in the order they were inscribed. */
export async function readAddressTransferables(
  db: Db,
  address: string,
  tick?: string,
): Promise<TransferableRead[]> {
  const { rows } = await sql<{
    inscription_id: string;
    tick: string;
    original_tick: string;
    decimals: number;
    amount: string;
    height: number;
    txid: string | null;
    vout: string | null;
    is_sending: boolean;
  }>`
    select x.inscription_id, x.tick, x.original_tick, t.decimals, x.amount::text as amount,
      x.height, c.txid, c.vout::text as vout,
      exists (select 1 from mempool_spends m
        where m.prev_txid = c.txid and m.prev_vout = c.vout) as is_sending
    from brc20_transferables x
    join brc20_tickers t on t.tick = x.tick
    left join chain_inscriptions c on c.inscription_id = x.inscription_id
    where x.source_address = ${address} and x.used_height is null
      and (${tick ?? null}::text is null or x.tick = ${tick?.toLowerCase() ?? null})
    order by x.height, (select e.seq from brc20_events e where e.height = x.height
      and e.inscription_id = x.inscription_id and e.type = 'transfer-inscribe')`.execute(db.kysely);
  return rows.map((r) => ({
    inscriptionId: r.inscription_id,
    tick: r.tick,
    originalTick: r.original_tick,
    decimals: r.decimals,
    amount: BigInt(r.amount),
    height: r.height,
    outpoint: r.txid === null ? null : `${r.txid}:${r.vout}`,
    isSending: r.is_sending,
  }));
}

export interface MempoolTransferRead {
  inscriptionId: string;
  tick: string;
  amount: string;
}

/** Transfer-inscribes paying the address that wait in the mempool (never counted in balances). */
export async function readMempoolTransfers(
  db: Db,
  address: string,
): Promise<MempoolTransferRead[]> {
  const rows = await db.kysely
    .selectFrom('brc20_mempool_transfers')
    .select(['inscription_id', 'tick', 'amount'])
    .where('address', '=', address)
    .orderBy('seen_at')
    .orderBy('inscription_id')
    .execute();
  return rows.map((r) => ({ inscriptionId: r.inscription_id, tick: r.tick, amount: r.amount }));
}

export interface ActivityRead {
  type: Brc20EventType;
  inscriptionId: string;
  tick: string;
  originalTick: string;
  decimals: number;
  address: string | null;
  spentPkscript: string | null;
  spentAddress: string | null;
  amount: bigint | null;
  height: number;
  blockTime: Date;
}

/** Events of a tick, or of an address (as source or receiver), newest first. */
export async function readActivity(
  db: Db,
  by: { tick: string } | { address: string },
  page: { limit: number; offset: number },
): Promise<{ events: ActivityRead[]; total: number }> {
  const where =
    'tick' in by
      ? sql`e.tick = ${by.tick}`
      : sql`(e.address = ${by.address} or e.spent_address = ${by.address})`;
  const { rows } = await sql<{
    type: Brc20EventType;
    inscription_id: string;
    tick: string;
    original_tick: string;
    ticker_decimals: number;
    address: string | null;
    spent_pkscript: string | null;
    spent_address: string | null;
    amount: string | null;
    height: number;
    block_time: Date;
  }>`
    select e.type, e.inscription_id, e.tick, e.original_tick, e.ticker_decimals, e.address,
      e.spent_pkscript, e.spent_address, e.amount::text as amount, e.height, b.block_time
    from brc20_events e join chain_blocks b on b.height = e.height
    where ${where}
    order by e.height desc, e.seq desc
    limit ${page.limit} offset ${page.offset}`.execute(db.kysely);
  const { rows: count } = await sql<{ total: string }>`
    select count(*)::text as total from brc20_events e where ${where}`.execute(db.kysely);
  return {
    events: rows.map((r) => ({
      type: r.type,
      inscriptionId: r.inscription_id,
      tick: r.tick,
      originalTick: r.original_tick,
      decimals: r.ticker_decimals,
      address: r.address,
      spentPkscript: r.spent_pkscript,
      spentAddress: r.spent_address,
      amount: r.amount === null ? null : BigInt(r.amount),
      height: r.height,
      blockTime: r.block_time,
    })),
    total: Number(count[0]?.total ?? 0),
  };
}

/** A block's stored events as the rules emitted them (to hash them again). */
export async function readBlockEvents(db: Db, height: number): Promise<Brc20Event[]> {
  const rows = await db.kysely
    .selectFrom('brc20_events')
    .selectAll()
    .where('height', '=', height)
    .orderBy('seq')
    .execute();
  const big = (v: string | null) => (v === null ? undefined : BigInt(v));
  return rows.map((r) => ({
    type: r.type as Brc20EventType,
    inscriptionId: r.inscription_id,
    tick: r.tick,
    originalTick: r.original_tick,
    pkscript: r.pkscript,
    ...(r.spent_pkscript === null ? {} : { spentPkscript: r.spent_pkscript }),
    ...(r.amount === null ? {} : { amount: BigInt(r.amount) }),
    ...(r.max_supply === null ? {} : { maxSupply: big(r.max_supply) }),
    ...(r.limit_per_mint === null ? {} : { limitPerMint: big(r.limit_per_mint) }),
    ...(r.decimals === null ? {} : { decimals: r.decimals }),
    ...(r.self_mint === null ? {} : { selfMint: r.self_mint }),
    ...(r.parent_id === null ? {} : { parentId: r.parent_id }),
    tickerDecimals: r.ticker_decimals,
  }));
}

export interface BlockHashesRead {
  height: number;
  blockEventHash: string;
  cumulativeEventHash: string;
}

export async function readBlockHashes(
  db: Db,
  height: number,
): Promise<BlockHashesRead | undefined> {
  const row = await db.kysely
    .selectFrom('brc20_blocks')
    .select(['height', 'block_event_hash', 'cumulative_event_hash'])
    .where('height', '=', height)
    .executeTakeFirst();
  return (
    row && {
      height: row.height,
      blockEventHash: row.block_event_hash,
      cumulativeEventHash: row.cumulative_event_hash,
    }
  );
}

export async function readBrc20Height(db: Db): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('brc20_blocks')
    .select(sql<number | null>`max(height)`.as('height'))
    .executeTakeFirst();
  return row?.height ?? null;
}

/** Every balance with a non-zero overall, for OPI's current-balances hash. */
export async function readCurrentBalances(
  db: Db,
): Promise<{ pkscript: string; tick: string; overall: bigint; available: bigint }[]> {
  const rows = await db.kysely
    .selectFrom('brc20_balances')
    .select(['pkscript', 'tick', 'overall', 'available'])
    .where(sql<boolean>`overall <> 0`)
    .execute();
  return rows.map((r) => ({
    pkscript: r.pkscript,
    tick: r.tick,
    overall: BigInt(r.overall),
    available: BigInt(r.available),
  }));
}
