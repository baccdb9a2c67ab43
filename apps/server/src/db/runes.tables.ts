import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0036_runes.sql. numeric reads as a decimal string on both drivers. */
type Numeric = ColumnType<string, string | bigint, string | bigint>;
/** A numeric with a default. */
type NumericDefault = ColumnType<string, string | bigint | undefined, string | bigint>;
/** int8 reads as a decimal string (database.ts). */
type Int8 = ColumnType<string, string | bigint | number, string | bigint | number>;

interface RuneBlocksTable {
  height: number;
  hash: string;
  indexed_at: Generated<Date>;
}

/** The stored terms: decimal strings, null where ord's field is None. */
export interface StoredRuneTerms {
  amount: string | null;
  cap: string | null;
  height: [string | null, string | null];
  offset: [string | null, string | null];
}

interface RuneEntriesTable {
  id: string;
  rune: Numeric;
  name: string;
  spaced_name: string;
  spacers: number;
  number: number;
  divisibility: number;
  symbol: string | null;
  premine: Numeric;
  terms: ColumnType<StoredRuneTerms | null, string | null, string | null>;
  turbo: boolean;
  mints: NumericDefault;
  burned: NumericDefault;
  etching: string;
  block: number;
  timestamp: Int8;
}

interface RuneSupplyChangesTable {
  height: number;
  rune_id: string;
  mints: Numeric;
  burned: Numeric;
}

interface RuneBalancesTable {
  outpoint: string;
  rune_id: string;
  amount: Numeric;
  pkscript: string;
  address: string | null;
  created_height: number;
  spent_height: number | null;
}

interface RuneEventsTable {
  height: number;
  seq: number;
  txid: string;
  kind: 'etch' | 'mint' | 'transfer' | 'burn';
  rune_id: string;
  amount: Numeric;
  vout: number | null;
}

export interface RuneTables {
  rune_blocks: RuneBlocksTable;
  rune_entries: RuneEntriesTable;
  rune_supply_changes: RuneSupplyChangesTable;
  rune_balances: RuneBalancesTable;
  rune_events: RuneEventsTable;
}
