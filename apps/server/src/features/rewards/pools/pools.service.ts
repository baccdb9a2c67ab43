import { poolState, UNSET_BLOCK, type MyPoolEntry, type Pool } from '@om/core';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../../app-deps.ts';
import type { Database } from '../../../db/database.ts';
import { AppError, invalidInput, notFound } from '../../../http/app-error.ts';
import { checkAddress } from '../../../http/address-input.ts';
import type { SessionClaims } from '../../../http/auth-token.ts';
import { userHasAddress } from '../tasks/tasks.queries.ts';
import { xpConfig } from '../xp-accrual.worker.ts';
import { xpOf } from '../xp.queries.ts';
import {
  entryOf,
  indexedTip,
  insertSpend,
  lockAddressXp,
  poolEntries,
  findPools,
  publishPool,
  rewardsOf,
  winnersOf,
  type RewardPool,
} from './pools.queries.ts';

type Deps = Pick<AppDeps, 'env' | 'db'>;
type Executor = Kysely<Database> | Transaction<Database>;

const block = (height: number | null) => height ?? UNSET_BLOCK;

/** The wire's pools (product.md#records Pool); the seed only once drawn. */
async function toPools(db: Executor, pools: RewardPool[], tip: number | null): Promise<Pool[]> {
  const ids = pools.map((p) => p.id);
  const [rewards, winners] = await Promise.all([rewardsOf(db, ids), winnersOf(db, ids)]);
  return pools.map((p) => ({
    id: p.id,
    type: p.type,
    title: p.title,
    img: p.img,
    rewards: rewards
      .filter((w) => w.poolId === p.id)
      .map((w) => ({
        type: w.type,
        asset: w.asset,
        amount: String(w.amount),
        name: w.name,
        estimatedValue: w.estimatedValue === null ? null : String(w.estimatedValue),
      })),
    startBlock: block(p.startBlock),
    endBlock: block(p.endBlock),
    ticketPrice: p.ticketPrice === null ? null : String(p.ticketPrice),
    winnerCount: p.winnerCount,
    totalPointsAllocated: String(p.totalPointsAllocated),
    totalTickets: String(p.totalTickets),
    winners: winners
      .filter((w) => w.poolId === p.id)
      .map((w) => ({
        address: w.address,
        rewardIndex: w.rewardIndex,
        amount: String(w.amount),
        txid: w.txid,
        broadcasting: w.broadcasting,
      })),
    enabled: p.enabled,
    order: p.sortOrder,
    state: stateOf(p, tip),
    commitment: { seedHash: p.seedHash ?? '', drawBlock: p.drawBlock ?? UNSET_BLOCK },
    draw: p.draw
      ? {
          seed: p.seed ?? '',
          blockHash: p.draw.blockHash,
          entriesHash: p.draw.entriesHash,
          drawnAt: p.draw.drawnAt.toISOString(),
        }
      : null,
  }));
}

function stateOf(pool: RewardPool, tip: number | null) {
  if (pool.draw) return 'drawn';
  return poolState({ startBlock: block(pool.startBlock), endBlock: block(pool.endBlock) }, tip);
}

export async function listPools(deps: Deps) {
  const tip = await indexedTip(deps.db);
  const pools = await findPools(deps.db.kysely);
  return { pools: await toPools(deps.db.kysely, pools, tip), currentBlock: tip };
}

async function findPool(db: Executor, id: string): Promise<RewardPool> {
  // A malformed id is as absent as an unknown one (the column is a uuid).
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const pool = isUuid ? (await findPools(db, id))[0] : undefined;
  if (!pool) throw notFound('Pool not found');
  return pool;
}

export async function getPool(deps: Deps, id: string) {
  const row = await findPool(deps.db.kysely, id);
  const tip = await indexedTip(deps.db);
  const [pool] = await toPools(deps.db.kysely, [row], tip);
  return { pool: pool as Pool, currentBlock: tip };
}

export async function listEntries(deps: Deps, id: string) {
  const row = await findPool(deps.db.kysely, id);
  const entries = await poolEntries(deps.db.kysely, row);
  return { entries: entries.map((e) => ({ address: e.address, weight: String(e.tickets) })) };
}

/** XP read in the caller's transaction (after its lock), not on another connection. */
const xpIn = (deps: Deps, db: Executor, address: string) =>
  xpOf({ ...deps.db, kysely: db }, address, xpConfig(deps.env));

async function mineIn(deps: Deps, db: Executor, poolId: string, address: string) {
  const [entry, xp] = await Promise.all([entryOf(db, poolId, address), xpIn(deps, db, address)]);
  return {
    address,
    points: String(entry.points),
    tickets: String(entry.tickets),
    xpAvailable: String(xp < 0n ? 0n : xp),
  } satisfies MyPoolEntry;
}

export async function myEntry(deps: Deps, id: string, address: string) {
  checkAddress(address, 'address', deps.env.BITCOIN_NETWORK);
  const row = await findPool(deps.db.kysely, id);
  return mineIn(deps, deps.db.kysely, row.id, address);
}

export type Spend = { points: bigint } | { tickets: number };

/**
 * Spends the address's XP on points or tickets (ADR 020): the session must have proved the
 * address, the pool be live (entries freeze at its end block), the XP be there; the entry, its
 * negative ledger row and the pool's total are one transaction under the address's lock.
 */
export async function spendXp(
  deps: Deps,
  session: SessionClaims,
  id: string,
  address: string,
  spend: Spend,
) {
  checkAddress(address, 'address', deps.env.BITCOIN_NETWORK);
  if (!(await userHasAddress(deps.db, session, address))) {
    throw invalidInput(
      `address: ${address} is neither this session's address nor one linked to its profile`,
      'address',
    );
  }
  return deps.db.kysely.transaction().execute(async (trx) => {
    await lockAddressXp(trx, address);
    const row = await findPool(trx, id);
    const wantsTickets = 'tickets' in spend;
    if (row.type === 'proportionate' && wantsTickets) {
      throw invalidInput('This pool takes points, not tickets');
    }
    if (row.type !== 'proportionate' && !wantsTickets) {
      throw invalidInput('This pool takes tickets, not points');
    }
    const tip = await indexedTip({ kysely: trx });
    if (stateOf(row, tip) !== 'live') throw new AppError('CONFLICT', 'Pool is not live');
    const cost = wantsTickets ? BigInt(spend.tickets) * (row.ticketPrice ?? 0n) : spend.points;
    const xp = await xpIn(deps, trx, address);
    if (xp < cost) throw invalidInput(`Not enough XP: you have ${xp < 0n ? 0n : xp} XP`);
    await insertSpend(trx, {
      poolId: row.id,
      userId: session.userId,
      address,
      cost,
      ...spend,
    });
    await publishPool(trx, deps.db.schema, row.id);
    const [pool] = await toPools(trx, await findPools(trx, row.id), tip);
    return { pool: pool as Pool, mine: await mineIn(deps, trx, row.id, address) };
  });
}
