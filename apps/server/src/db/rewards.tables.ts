import type { ColumnType, Generated, Insertable } from 'kysely';
import type {
  Int8,
  Int8Default,
  Int8Nullable,
  Int8Identity,
  NumericNullable,
  Numeric,
  Timestamp,
  UpdatedAt,
} from './column-types.ts';

// Kysely's view of the tables of one area: pools, draws, entries, payouts, cycles, XP (ADR 020).
// How values cross the driver: database.ts.

export type PoolType = 'proportionate' | 'n-winners' | 'winner-takes-all';

interface PoolsTable {
  id: Generated<string>;
  type: PoolType;
  title: string;
  img: string | null;
  /** null: not set (the spec's -1). */
  start_block: number | null;
  /** null: open ended (the spec's -1). */
  end_block: number | null;
  winner_count: number | null;
  total_points_allocated: Int8Default;
  enabled: Generated<boolean>;
  /** The spec's "order". */
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: UpdatedAt;
  /** 0033: the draw's secret (never sent before the draw), its sha256 and the draw block. */
  seed: string | null;
  seed_hash: string | null;
  draw_block: number | null;
  /** XP a ticket costs. */
  ticket_price: Int8Nullable;
  total_tickets: Int8Default;
}

export type PoolRewardType = 'btc' | 'rune' | 'brc-20' | 'inscription';

interface PoolRewardsTable {
  id: Int8Identity;
  pool_id: string;
  type: PoolRewardType;
  asset: string | null;
  /** In the asset's own units: sats for btc, 1 for an inscription. */
  amount: Numeric;
  name: string | null;
  /** Sats. */
  estimated_value: Int8Nullable;
}

/** 0033: one row per winner and reward, amount in the reward's units. */
interface PoolWinnersTable {
  pool_id: string;
  reward_index: number;
  address: string;
  amount: Numeric;
}

/** 0033: the published inputs of a pool's draw. */
interface PoolDrawsTable {
  pool_id: string;
  height: number;
  block_hash: string;
  entries_hash: string;
  drawn_at: Timestamp;
}

interface PointAllocationsTable {
  id: Int8Identity;
  pool_id: string;
  user_id: string | null;
  address: string;
  points: Int8;
  created_at: Timestamp;
}

interface TicketsTable {
  id: Int8Identity;
  pool_id: string;
  user_id: string | null;
  address: string;
  count: number;
  created_at: Timestamp;
}

/** 0001, keyed by address in 0034: what a pool or a mining cycle pays an address, once (key). */
interface RewardsTable {
  id: Generated<string>;
  user_id: string | null;
  address: string;
  date: Timestamp;
  /** 'pool', 'mining' (or 'task'). */
  type: string;
  pool_id: string | null;
  reward_index: number | null;
  cycle: number | null;
  asset: string | null;
  amount: NumericNullable;
  txid: string | null;
  status: ColumnType<RewardStatus, RewardStatus | undefined, RewardStatus>;
  /** pool:<pool>:<index>:<address> or mining:<cycle>:<address>. */
  key: string;
}

type RewardStatus = 'pending' | 'sent' | 'confirmed';

/** 0034: a closed mining cycle; fees + carried_in = paid + carried_out (sats). */
interface MiningCyclesTable {
  cycle: number;
  start_height: number;
  end_height: number;
  fees: Int8;
  carried_in: Int8;
  carried_out: Int8;
  paid: Int8;
  txid: string | null;
  state: 'paid' | 'carried';
  closed_at: Timestamp;
}

/** 0032: XP per wallet address, an append-only ledger computed from the chain (ADR 020). */
interface XpLedgerTable {
  id: Int8Identity;
  address: string;
  delta: Int8;
  reason: string;
  /** 'hold': the period's first and last block, and whose balance it was. */
  from_height: number | null;
  height: number | null;
  pkscript: string | null;
  txid: string | null;
  key: string;
  created_at: Timestamp;
}

/** 0032: each holder's open period: its balance since a block (ADR 020). */
interface XpHoldingsTable {
  pkscript: string;
  address: string;
  units: Numeric;
  since_height: number;
}

/** 0032: the BRC-20 blocks XP was accrued for, with their hash (a reorg replaces them). */
interface XpBlocksTable {
  height: number;
  hash: string;
  changed: number;
  accrued_at: Timestamp;
}

export interface RewardTables {
  pools: PoolsTable;
  pool_rewards: PoolRewardsTable;
  pool_winners: PoolWinnersTable;
  pool_draws: PoolDrawsTable;
  point_allocations: PointAllocationsTable;
  tickets: TicketsTable;
  rewards: RewardsTable;
  mining_cycles: MiningCyclesTable;
  xp_ledger: XpLedgerTable;
  xp_blocks: XpBlocksTable;
  xp_holdings: XpHoldingsTable;
}

export type NewReward = Insertable<RewardsTable>;
