import type { Terms } from '@om/bitcoin';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { StoredRuneTerms } from '../../db/runes.tables.ts';
import type { RuneEntry, RunesState } from './runes.types.ts';

// What the runes follower reads before a block: its tip, and the state the block's transactions
// touch (RunesState), each list in one query. The write and the rollback are runes-write.queries.ts'.

/** What a block needs loaded (loadPlan's lists); prevouts come with the block from the node. */
export interface RunesLoadLists {
  /** Inputs' previous outputs, 'txid:vout'. */
  outpoints: readonly string[];
  /** Rune ids the block's edicts and mints name, 'block:tx'. */
  runeIds: readonly string[];
  /** Names the block's etchings ask for. */
  names: readonly bigint[];
}

export async function readRunesTip(db: Db): Promise<{ height: number; hash: string } | undefined> {
  return db.kysely
    .selectFrom('rune_blocks')
    .select(['height', 'hash'])
    .orderBy('height', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const bigintOrUndefined = (v: string | null) => (v === null ? undefined : BigInt(v));

function termsFromStored(t: StoredRuneTerms | null): Terms | undefined {
  if (t === null) return undefined;
  return {
    amount: bigintOrUndefined(t.amount),
    cap: bigintOrUndefined(t.cap),
    height: [bigintOrUndefined(t.height[0]), bigintOrUndefined(t.height[1])],
    offset: [bigintOrUndefined(t.offset[0]), bigintOrUndefined(t.offset[1])],
  };
}

export function termsToStored(t: Terms | undefined): StoredRuneTerms | null {
  if (t === undefined) return null;
  const text = (v: bigint | undefined) => (v === undefined ? null : v.toString());
  return {
    amount: text(t.amount),
    cap: text(t.cap),
    height: [text(t.height[0]), text(t.height[1])],
    offset: [text(t.offset[0]), text(t.offset[1])],
  };
}

/** The stored row of rune_entries as the index's RuneEntry. */
export interface RuneEntryRow {
  id: string;
  rune: string;
  spacers: number;
  number: number;
  divisibility: number;
  symbol: string | null;
  premine: string;
  terms: StoredRuneTerms | null;
  turbo: boolean;
  mints: string;
  burned: string;
  etching: string;
  block: number;
  timestamp: string;
}

export function entryFromRow(r: RuneEntryRow): RuneEntry {
  return {
    id: r.id,
    etching: r.etching,
    spacedRune: { rune: BigInt(r.rune), spacers: r.spacers },
    number: r.number,
    divisibility: r.divisibility,
    ...(r.symbol === null ? {} : { symbol: r.symbol }),
    premine: BigInt(r.premine),
    ...(r.terms === null ? {} : { terms: termsFromStored(r.terms) }),
    turbo: r.turbo,
    mints: BigInt(r.mints),
    burned: BigInt(r.burned),
    block: r.block,
    timestamp: Number(r.timestamp),
  };
}

const ENTRY_COLUMNS = [
  'id',
  'rune',
  'spacers',
  'number',
  'divisibility',
  'symbol',
  'premine',
  'terms',
  'turbo',
  'mints',
  'burned',
  'etching',
  'block',
  'timestamp',
] as const;

/**
 * The state a block reads, but for the etching inputs' prevouts (the node's block carries them).
 * Balances are those of unspent rune-bearing outputs among the block's inputs.
 */
export async function loadRunesState(
  db: { kysely: Kysely<Database> },
  lists: RunesLoadLists,
  /** The next rune number when the caller knows it (a batch counts its own etchings). */
  knownNextNumber?: number,
): Promise<Omit<RunesState, 'prevouts'>> {
  const { kysely } = db;
  const [balanceRows, entryRows, nameRows, next] = await Promise.all([
    lists.outpoints.length === 0
      ? []
      : kysely
          .selectFrom('rune_balances')
          .select(['outpoint', 'rune_id', 'amount'])
          .where('outpoint', '=', sql<string>`any(${[...lists.outpoints]}::text[])`)
          .where('spent_height', 'is', null)
          .execute(),
    lists.runeIds.length === 0
      ? []
      : kysely
          .selectFrom('rune_entries')
          .select(ENTRY_COLUMNS)
          .where('id', '=', sql<string>`any(${[...lists.runeIds]}::text[])`)
          .execute(),
    lists.names.length === 0
      ? []
      : kysely
          .selectFrom('rune_entries')
          .select(['rune', 'id'])
          .where('rune', '=', sql<string>`any(${lists.names.map(String)}::numeric[])`)
          .execute(),
    knownNextNumber !== undefined
      ? { next: knownNextNumber }
      : kysely
          .selectFrom('rune_entries')
          .select(sql<number>`coalesce(max(number) + 1, 0)::int`.as('next'))
          .executeTakeFirstOrThrow(),
  ]);
  const balances = new Map<string, Map<string, bigint>>();
  for (const b of balanceRows) {
    const held = balances.get(b.outpoint) ?? new Map<string, bigint>();
    held.set(b.rune_id, BigInt(b.amount));
    balances.set(b.outpoint, held);
  }
  return {
    balances,
    entries: new Map(entryRows.map((r) => [r.id, entryFromRow(r)])),
    etchedNames: new Map(nameRows.map((r) => [BigInt(r.rune), r.id])),
    nextNumber: next.next,
  };
}
