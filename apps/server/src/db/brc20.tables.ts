import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0019_brc20.sql. numeric reads as a decimal string on both drivers. */
type Numeric = ColumnType<string, string | bigint, string | bigint>;
type NumericNullable = ColumnType<string | null, string | bigint | null, string | bigint | null>;

interface Brc20BlocksTable {
  height: number;
  hash: string;
  event_count: number;
  block_event_hash: string;
  cumulative_event_hash: string;
  indexed_at: Generated<Date>;
}

interface Brc20TickersTable {
  tick: string;
  original_tick: string;
  max_supply: Numeric;
  limit_per_mint: Numeric;
  decimals: number;
  minted_supply: Numeric;
  burned_supply: Numeric;
  self_mint: boolean;
  deploy_inscription_id: string;
  deploy_height: number;
  deployer_pkscript: string;
  holders: Generated<number>;
}

interface Brc20TickerChangesTable {
  height: number;
  tick: string;
  minted_delta: Numeric;
  burned_delta: Numeric;
}

interface Brc20BalancesTable {
  pkscript: string;
  tick: string;
  address: string | null;
  overall: Numeric;
  available: Numeric;
  first_height: number;
}

interface Brc20BalanceChangesTable {
  height: number;
  pkscript: string;
  tick: string;
  overall_delta: Numeric;
  available_delta: Numeric;
}

interface Brc20TransferablesTable {
  inscription_id: string;
  tick: string;
  original_tick: string;
  amount: Numeric;
  source_pkscript: string;
  source_address: string | null;
  height: number;
  used_height: number | null;
}

interface Brc20EventsTable {
  height: number;
  seq: number;
  type: string;
  inscription_id: string;
  tick: string;
  original_tick: string;
  pkscript: string;
  address: string | null;
  spent_pkscript: string | null;
  spent_address: string | null;
  amount: NumericNullable;
  max_supply: NumericNullable;
  limit_per_mint: NumericNullable;
  decimals: number | null;
  self_mint: boolean | null;
  parent_id: string | null;
  ticker_decimals: number;
}

interface Brc20MempoolTransfersTable {
  inscription_id: string;
  txid: string;
  tick: string;
  amount: string;
  address: string | null;
  seen_at: Generated<Date>;
}

export interface Brc20Tables {
  brc20_blocks: Brc20BlocksTable;
  brc20_tickers: Brc20TickersTable;
  brc20_ticker_changes: Brc20TickerChangesTable;
  brc20_balances: Brc20BalancesTable;
  brc20_balance_changes: Brc20BalanceChangesTable;
  brc20_transferables: Brc20TransferablesTable;
  brc20_events: Brc20EventsTable;
  brc20_mempool_transfers: Brc20MempoolTransfersTable;
}
