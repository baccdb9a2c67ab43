import { z } from 'zod';

/**
 * Rewards on the wire (product.md#market-overview, #records Pool and Reward record,
 * product.md#states-and-transitions, product.md#validation, product.md#market-calls; ADR 020).
 * Amounts (sats, token units as decimal strings, XP) travel as decimal strings; heights as numbers.
 */

const Digits = z.string().regex(/^\d+$/, 'a whole number as a decimal string');

export const POOL_TYPES = ['proportionate', 'n-winners', 'winner-takes-all'] as const;
export const POOL_REWARD_TYPES = ['btc', 'brc-20', 'inscription', 'rune'] as const;
export const POOL_STATES = ['pending', 'upcoming', 'live', 'ended', 'drawn'] as const;

export const PoolRewardSchema = z.object({
  type: z.enum(POOL_REWARD_TYPES),
  /** The tick (brc-20), the inscription id (inscription); null for btc. */
  asset: z.string().nullable(),
  /** sats (btc), the token's amount as inscribed (brc-20), 1 (inscription). */
  amount: z.string(),
  name: z.string().nullable(),
  /** sats, an estimate for display. */
  estimatedValue: z.string().nullable(),
});
export type PoolReward = z.infer<typeof PoolRewardSchema>;

export const PoolWinnerSchema = z.object({
  address: z.string(),
  /** Which reward of the pool (its index in `rewards`) and how much of it. */
  rewardIndex: z.number().int(),
  amount: z.string(),
  /** The payout transaction, once journalled. */
  txid: z.string().nullable(),
  /** Journalled, but the node has not taken the payout transaction yet: it is sent again. */
  broadcasting: z.boolean(),
});
export type PoolWinner = z.infer<typeof PoolWinnerSchema>;

/** The published inputs of a draw: anyone recomputes the winners from them (ADR 020). */
export const PoolDrawSchema = z.object({
  seed: z.string(),
  blockHash: z.string(),
  entriesHash: z.string(),
  drawnAt: z.string(),
});

export const PoolSchema = z.object({
  id: z.string(),
  type: z.enum(POOL_TYPES),
  title: z.string(),
  img: z.string().nullable(),
  rewards: z.array(PoolRewardSchema),
  /** -1: not set (pending) / open ended. */
  startBlock: z.number().int(),
  endBlock: z.number().int(),
  /** XP a ticket costs (n-winners, winner-takes-all); null for proportionate pools. */
  ticketPrice: Digits.nullable(),
  /** How many addresses win (n-winners: n; winner-takes-all: 1; proportionate: null). */
  winnerCount: z.number().int().nullable(),
  totalPointsAllocated: Digits,
  totalTickets: Digits,
  winners: z.array(PoolWinnerSchema),
  enabled: z.boolean(),
  order: z.number().int(),
  /** core's poolState at the current block, 'drawn' once the draw is stored. */
  state: z.enum(POOL_STATES),
  /** Committed when the pool was defined: sha256(seed) and the block whose hash draws. */
  commitment: z.object({ seedHash: z.string(), drawBlock: z.number().int() }),
  draw: PoolDrawSchema.nullable(),
});
export type Pool = z.infer<typeof PoolSchema>;

export const PoolsSchema = z.object({
  pools: z.array(PoolSchema),
  currentBlock: z.number().int().nullable(),
});

export const PoolResponseSchema = z.object({
  pool: PoolSchema,
  currentBlock: z.number().int().nullable(),
});

/** The frozen entries in entry order, what `entriesHash` and the draw read (the verify section). */
export const PoolEntriesSchema = z.object({
  entries: z.array(z.object({ address: z.string(), weight: Digits })),
});

/** A signed-in wallet's part in a pool: its points or tickets, and the XP it can still spend. */
export const MyPoolEntrySchema = z.object({
  address: z.string(),
  points: Digits,
  tickets: Digits,
  xpAvailable: Digits,
});
export type MyPoolEntry = z.infer<typeof MyPoolEntrySchema>;

/**
 * POST /api/rewards/pools/:id/allocate { address, points } (proportionate) and
 * POST /api/rewards/pools/:id/tickets { address, count } (the others): signed in; `address` is
 * the session's or one it proved (the ordinals address that earns XP).
 */
export const AllocateRequestSchema = z.object({
  address: z.string().min(1),
  points: Digits.refine((v) => BigInt(v) > 0n, 'points must be more than 0'),
});
export const BuyTicketsRequestSchema = z.object({
  address: z.string().min(1),
  count: z.number().int().min(1, 'count must be 1 or more').max(1_000_000),
});
export const PoolSpendResponseSchema = z.object({
  pool: PoolSchema,
  mine: MyPoolEntrySchema,
});

/**
 * Reward records (product.md#records userId, date, type; product.md#market-calls by user, date
 * descending, paging.ts's 10).
 */
export const RewardRecordSchema = z.object({
  id: z.string(),
  date: z.string(),
  /** 'pool', 'mining' or 'task'. */
  type: z.string(),
  address: z.string(),
  poolId: z.string().nullable(),
  poolTitle: z.string().nullable(),
  /** 'btc', a tick or an inscription id. */
  asset: z.string().nullable(),
  amount: z.string().nullable(),
  txid: z.string().nullable(),
  /**
   * 'pending' until its transaction is journalled, 'broadcasting' while the node has not taken it
   * (the claims worker sends it again), 'sent' once it has, 'confirmed' once mined.
   */
  status: z.enum(['pending', 'broadcasting', 'sent', 'confirmed']),
});
export type RewardRecord = z.infer<typeof RewardRecordSchema>;
export const RewardsPageSchema = z.object({
  rewards: z.array(RewardRecordSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});

/** Mining (ADR 020): the platform's fees of each 144-block cycle paid to holders by holding. */
export const MiningStatusSchema = z.object({
  address: z.string(),
  currentBlock: z.number().int().nullable(),
  cycle: z.object({
    index: z.number().int(),
    startHeight: z.number().int(),
    /** The last block of the cycle. */
    endHeight: z.number().int(),
    /** Fees the cycle collected so far, sats (plus what the last cycle carried over). */
    fees: Digits,
    carried: Digits,
  }),
  /** The address's share so far: its token-blocks in the cycle over everyone's. */
  holding: Digits,
  totalHolding: Digits,
  /** Its pending reward, sats. */
  pending: Digits,
});
export type MiningStatus = z.infer<typeof MiningStatusSchema>;

/** Tasks (ADR 020): each once, each an XP ledger row keyed `task:<name>`. */
export const TASK_NAMES = ['follow-twitter', 'first-trade', 'first-mint'] as const;
export type TaskName = (typeof TASK_NAMES)[number];
export const TaskSchema = z.object({
  name: z.enum(TASK_NAMES),
  title: z.string(),
  xp: Digits,
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});
export const TasksSchema = z.object({ address: z.string(), tasks: z.array(TaskSchema) });
