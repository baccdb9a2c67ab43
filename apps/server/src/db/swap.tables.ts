import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { SwapLayout } from '@om/bitcoin';
import type { SwapOrderState } from '@om/core';
import type { Timestamp } from './column-types.ts';

/** Kysely's view of migrations/0024_swap.sql and 0025_swap_ladder.sql. int8 and numeric read as strings. */

type Amount = ColumnType<string, string | bigint, string | bigint>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

type SwapDirection = 'buy' | 'sell';

/** A coin of a buy's unsigned pool transfer (prelude_coins, JSON text with value as a string). */
export type PreludeCoin = { txid: string; vout: number; value: bigint };

interface SwapPoolsTable {
  tick: string;
  /** 0025: the ladder's standard amounts (10^18ths) and how many of each it keeps ready. */
  ladder: ColumnType<string[], (string | bigint)[] | undefined, (string | bigint)[]>;
  ladder_depth: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
}

/** 0025: a ladder inscription the pool made for itself. */
interface SwapLadderTable {
  inscription_id: string;
  tick: string;
  amount: Amount;
  txid: string;
  vout: number;
  value: ColumnType<string, string | bigint, string | bigint>;
  created_at: Generated<Date>;
}

export interface SwapOrdersTable {
  id: string;
  seq: GeneratedAlways<string>;
  tick: string;
  direction: SwapDirection;
  state: ColumnType<SwapOrderState, SwapOrderState | undefined, SwapOrderState>;
  payment_address: string;
  ordinals_address: string;
  client: string;
  send_amount: Amount;
  receive_amount: Amount;
  min_receive: Amount;
  slippage: string;
  fee_rate: ColumnType<string, number | string, number | string>;
  platform_fee: Amount;
  lp_fee: Amount;
  network_fee: Amount;
  reserve_btc: Amount;
  reserve_token: Amount;
  btc_delta: Amount;
  token_delta: Amount;
  inscription_id: string;
  psbt: string;
  /** The builder's SwapLayout; write JSON text. */
  layout: ColumnType<SwapLayout, string, string>;
  prelude_hexes: ColumnType<string[], string[] | undefined, string[]>;
  prelude_txids: ColumnType<string[], string[] | undefined, string[]>;
  txid: string;
  broadcast_at: Nullable<Date>;
  mined_height: Nullable<number>;
  error: Nullable<string>;
  /** 0026: the coins of the pool's unsigned commit, JSON, signed at send_swap_psbt. */
  prelude_coins: Nullable<string>;
  /** 0026: on a tick ↔ tick swap's second leg, the first leg's id (the order the user holds). */
  route_id: Nullable<string>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SwapTables {
  swap_pools: SwapPoolsTable;
  swap_orders: SwapOrdersTable;
  swap_ladder: SwapLadderTable;
}
