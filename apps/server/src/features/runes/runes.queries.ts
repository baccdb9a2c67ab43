import type { RuneSort } from '@om/core';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { entryFromRow, type RuneEntryRow } from '../../indexer/runes/runes-load.queries.ts';
import type { RuneEntry } from '../../indexer/runes/runes.types.ts';

// The runes index's reads for the API.

export type RuneRead = RuneEntry & { spacedName: string; holders: number };

type RuneRow = RuneEntryRow & { spaced_name: string; holders: number };

// Holders: distinct addresses (a script without one counts alone) among unspent outputs.
const runeColumns = sql`e.id, e.rune::text as rune, e.spacers, e.number, e.divisibility, e.symbol,
  e.premine::text as premine, e.terms, e.turbo, e.mints::text as mints, e.burned::text as burned,
  e.etching, e.block, e.timestamp::text as timestamp, e.spaced_name,
  (select count(distinct coalesce(b.address, b.pkscript))::int from rune_balances b
    where b.rune_id = e.id and b.spent_height is null) as holders`;

const toRune = (r: RuneRow): RuneRead => ({
  ...entryFromRow(r),
  spacedName: r.spaced_name,
  holders: r.holders,
});

/** A rune by its id or its name (the letters alone), or undefined. */
export async function readRune(
  db: Db,
  key: { id: string } | { rune: bigint },
): Promise<RuneRead | undefined> {
  const where = 'id' in key ? sql`e.id = ${key.id}` : sql`e.rune = ${key.rune.toString()}::numeric`;
  const { rows } = await sql<RuneRow>`
    select ${runeColumns} from rune_entries e where ${where}`.execute(db.kysely);
  return rows[0] && toRune(rows[0]);
}

export interface RuneListQuery {
  /** Upper-case letters the name starts with. */
  prefix: string;
  sort: RuneSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listRunes(
  db: Db,
  q: RuneListQuery,
): Promise<{ runes: RuneRead[]; total: number }> {
  const where = sql`e.name like ${`${q.prefix}%`}`;
  const direction = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const key = { number: sql`e.number`, holders: sql`holders`, mints: sql`e.mints` }[q.sort];
  const { rows } = await sql<RuneRow>`
    select ${runeColumns} from rune_entries e where ${where}
    order by ${key} ${direction}, e.number desc
    limit ${q.limit} offset ${q.offset}`.execute(db.kysely);
  const { rows: count } = await sql<{ total: number }>`
    select count(*)::int as total from rune_entries e where ${where}`.execute(db.kysely);
  return { runes: rows.map(toRune), total: count[0]?.total ?? 0 };
}

export interface AddressRuneBalance {
  runeId: string;
  spacedName: string;
  symbol: string | null;
  divisibility: number;
  amount: bigint;
  outpoints: string[];
}

/** An address's runes over its unspent outputs, by rune number. */
export async function readAddressRuneBalances(
  db: Db,
  address: string,
): Promise<AddressRuneBalance[]> {
  const { rows } = await sql<{
    rune_id: string;
    spaced_name: string;
    symbol: string | null;
    divisibility: number;
    amount: string;
    outpoints: string[];
  }>`
    select b.rune_id, e.spaced_name, e.symbol, e.divisibility, sum(b.amount)::text as amount,
      array_agg(b.outpoint order by b.outpoint) as outpoints
    from rune_balances b join rune_entries e on e.id = b.rune_id
    where b.address = ${address} and b.spent_height is null
    group by b.rune_id, e.spaced_name, e.symbol, e.divisibility, e.number
    order by e.number`.execute(db.kysely);
  return rows.map((r) => ({
    runeId: r.rune_id,
    spacedName: r.spaced_name,
    symbol: r.symbol,
    divisibility: r.divisibility,
    amount: BigInt(r.amount),
    outpoints: r.outpoints,
  }));
}
