import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { drawCommitment } from '@om/bitcoin';
import { POOL_REWARD_TYPES, POOL_TYPES } from '@om/core';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { runeRewardRefusal } from '../payouts/rune-asset.ts';
import { allowedPayoutTokens, isIdleDemoAsset, payoutRefusal } from './pools.allowed.ts';
import { resolveRuneRewards, runeAliases } from './pool-runes.ts';
import {
  collectionSlugOf,
  deletePoolRewards,
  insertPoolRewards,
  insertSeedPool,
  seededPool,
  updateSeedPool,
  type SeedReward,
} from './pools-seed.queries.ts';

/**
 * Pools are configuration (ADR 020): a seed file per network, upserted at start. The draw's
 * commitment and the blocks are fixed when a pool is first inserted (the commitment is public
 * from then on); later starts update only what shows (title, image, order, enabled) and, until
 * the draw, the rewards.
 */

/** The draw block sits this far past the end, so a short reorg at the end rarely redraws. */
const DRAW_MARGIN = 3;

const Digits = z.string().regex(/^\d+$/, 'a whole number as a decimal string');
/** A height, -1 (not set / open ended), or relative to the indexed tip when first inserted. */
const BlockSchema = z.union([z.number().int().min(-1), z.object({ fromTip: z.number().int() })]);

const SeedPoolSchema = z.object({
  id: z.uuid(),
  type: z.enum(POOL_TYPES),
  title: z.string().min(1),
  img: z.string().nullable().default(null),
  rewards: z
    .array(
      z.object({
        type: z.enum(POOL_REWARD_TYPES),
        asset: z.string().nullable().default(null),
        amount: Digits,
        name: z.string().nullable().default(null),
        estimatedValue: Digits.nullable().default(null),
      }),
    )
    .min(1),
  startBlock: BlockSchema,
  endBlock: BlockSchema,
  ticketPrice: Digits.optional(),
  winnerCount: z.number().int().min(1).optional(),
  enabled: z.boolean().default(true),
  order: z.number().int().default(0),
});
export type SeedPool = z.infer<typeof SeedPoolSchema>;
// Each pool is checked on its own: one bad entry skips that pool, not the file.
const SeedFileSchema = z.object({ pools: z.array(z.unknown()) });

type Deps = Pick<AppDeps, 'env' | 'db' | 'log'>;

export function poolsFile(env: AppDeps['env']): string {
  return (
    env.REWARD_POOLS_FILE ??
    path.resolve(import.meta.dirname, `../../../../pools/${env.BITCOIN_NETWORK}.json`)
  );
}

/** The file's pools that can be run; each refused one is logged with why, and skipped. */
export function readSeedPools(deps: Pick<Deps, 'env' | 'log'>): SeedPool[] {
  const file = poolsFile(deps.env);
  if (!fs.existsSync(file)) {
    deps.log.info({ file }, 'reward pools: no seed file, no pools');
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    deps.log.error({ file, err }, 'reward pools: seed file unreadable');
    return [];
  }
  const parsed = SeedFileSchema.safeParse(json);
  if (!parsed.success) {
    deps.log.error({ file, issues: parsed.error.issues }, 'reward pools: seed file refused');
    return [];
  }
  return parsed.data.pools.flatMap((entry, index) => {
    const pool = SeedPoolSchema.safeParse(entry);
    if (!pool.success) {
      deps.log.error({ file, index, issues: pool.error.issues }, 'reward pool refused');
      return [];
    }
    const why = refusal(pool.data);
    if (why) {
      const { id, title } = pool.data;
      deps.log.error({ file, pool: id, title }, `reward pool refused: ${why}`);
      return [];
    }
    return [pool.data];
  });
}

function refusal(pool: SeedPool): string | undefined {
  if (pool.rewards.some((r) => r.type !== 'btc' && !r.asset)) return 'a reward without its asset';
  for (const reward of pool.rewards) {
    const why = reward.type === 'rune' ? runeRewardRefusal(reward) : undefined;
    if (why) return why;
  }
  const isTicketed = pool.type !== 'proportionate';
  if (isTicketed && !pool.ticketPrice) return 'a ticket pool needs its ticketPrice';
  if (isTicketed && BigInt(pool.ticketPrice ?? 0) <= 0n) return 'ticketPrice must be more than 0';
  if (pool.type === 'n-winners' && !pool.winnerCount) return 'an n-winners pool needs winnerCount';
  return undefined;
}

const isRelative = (b: SeedPool['startBlock']) => typeof b === 'object';
const resolve = (b: SeedPool['startBlock'], tip: number) => {
  const height = typeof b === 'object' ? tip + b.fromTip : b;
  return height < 0 ? null : height;
};

/**
 * Inserts the pools not in the table yet and updates the display fields of the others. A
 * relative pool waits for `tip`, the indexed tip once the index caught up with the chain (a
 * tip mid-sync would put a fresh demo's pool in the past). Answers the ids still waiting.
 */
export async function upsertPools(
  deps: Deps,
  pools: readonly SeedPool[],
  options: { updateExisting: boolean; tip: number | null },
): Promise<string[]> {
  const { tip } = options;
  const waiting: string[] = [];
  const allowed = allowedPayoutTokens(deps.env);
  const names = {
    slugOf: (inscriptionId: string) => collectionSlugOf(deps.db.kysely, inscriptionId),
    runeAliases: (asset: string) => runeAliases(deps.db.kysely, asset),
  };
  for (const seed of pools) {
    const pool = { ...seed, rewards: await resolveRuneRewards(deps.db.kysely, seed.rewards) };
    const existing = await seededPool(deps.db.kysely, pool.id);
    if (existing) {
      if (options.updateExisting) await updatePool(deps, pool, existing.isDrawn);
      continue;
    }
    const why = await payoutRefusal(pool, allowed, names);
    if (why) {
      const idle = seed.rewards.some((r) => isIdleDemoAsset(deps.env, r.asset));
      const log = idle ? deps.log.info.bind(deps.log) : deps.log.error.bind(deps.log);
      log({ pool: pool.id, title: pool.title }, `reward pool refused: ${why}`);
      continue;
    }
    if (tip === null && (isRelative(pool.startBlock) || isRelative(pool.endBlock))) {
      waiting.push(pool.id);
      continue;
    }
    await insertPool(deps, pool, tip ?? 0);
  }
  return waiting;
}

async function insertPool(deps: Deps, pool: SeedPool, tip: number): Promise<void> {
  const start = resolve(pool.startBlock, tip);
  const end = resolve(pool.endBlock, tip);
  const seed = randomBytes(32).toString('hex');
  await deps.db.kysely.transaction().execute(async (trx) => {
    await insertSeedPool(trx, {
      id: pool.id,
      type: pool.type,
      title: pool.title,
      img: pool.img,
      // An end without a start is no pool yet: both stay unset until a later file sets them.
      startBlock: start,
      endBlock: start === null ? null : end,
      winnerCount: winnerCount(pool),
      enabled: pool.enabled,
      sortOrder: pool.order,
      seed,
      seedHash: drawCommitment(seed),
      drawBlock: start === null || end === null ? null : end + DRAW_MARGIN,
      ticketPrice: pool.type === 'proportionate' ? null : BigInt(pool.ticketPrice ?? 0),
    });
    await insertPoolRewards(trx, pool.id, rewardsOfSeed(pool));
  });
  deps.log.info({ pool: pool.id, start, end }, 'reward pool created');
}

async function updatePool(deps: Deps, pool: SeedPool, isDrawn: boolean): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    await updateSeedPool(trx, {
      id: pool.id,
      title: pool.title,
      img: pool.img,
      enabled: pool.enabled,
      sortOrder: pool.order,
    });
    // Winners name rewards by position: once drawn, the rewards are what was drawn for.
    if (isDrawn) return;
    await deletePoolRewards(trx, pool.id);
    await insertPoolRewards(trx, pool.id, rewardsOfSeed(pool));
  });
}

function rewardsOfSeed(pool: SeedPool): SeedReward[] {
  return pool.rewards.map((r) => ({
    type: r.type,
    asset: r.type === 'btc' ? null : r.asset,
    amount: BigInt(r.amount),
    name: r.name,
    estimatedValue: r.estimatedValue === null ? null : BigInt(r.estimatedValue),
  }));
}

function winnerCount(pool: SeedPool): number | null {
  if (pool.type === 'proportionate') return null;
  if (pool.type === 'winner-takes-all') return 1;
  return pool.winnerCount ?? 1;
}
