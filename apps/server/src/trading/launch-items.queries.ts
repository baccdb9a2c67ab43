import { launchHoldsInscription } from '@om/core';
import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { AppError } from '../http/app-error.ts';
import { orderSpentInMempool } from './listings.queries.ts';

// A launch's inventory against the chain (product.md#trust-findings finding 7): its items cannot
// be withdrawn with the platform's co-signature while it holds them, and an item that leaves anyway
// (the creator's seller-alone path after the timelock) stops being listed and counted.

/**
 * The phase order `o` (of phase `p`) is of an item no mint of its launch took: a phase's orders of
 * an item minted in another phase stay 'active' on the output the item left.
 */
const notMintedInLaunch = sql`not exists (
  select 1 from orderbook m join launchpad_phases mp on mp.id = m.phase_id
  where mp.launchpad_id = p.launchpad_id and m.inscription_id = o.inscription_id
    and m.status = 'broadcast')`;

/** Launches that hold their items: being prepared, signed, reviewed, or live. */
const HOLDING = ['initializing', 'pending_psbt_signature', 'pending', 'active'] as const;

/** 409 naming the launch when one of the inscriptions is an unminted item of a holding launch. */
export async function refuseLaunchedInscriptions(
  db: Db,
  inscriptionIds: readonly string[],
): Promise<void> {
  const held = await heldLaunchItem(db, 'inscription_id', inscriptionIds);
  if (held) throw new AppError('CONFLICT', launchHoldsInscription(held.inscription_id, held.slug));
}

/** 409 naming the launch when one of these outpoints holds an unminted item of a holding launch. */
export async function refuseLaunchedOutpoints(db: Db, outpoints: readonly string[]): Promise<void> {
  const held = await heldLaunchItem(db, 'outpoint', outpoints);
  if (held) throw new AppError('CONFLICT', launchHoldsInscription(held.inscription_id, held.slug));
}

/** The first unminted item of a holding launch among these inscriptions or outpoints. */
async function heldLaunchItem(
  db: Db,
  by: 'inscription_id' | 'outpoint',
  values: readonly string[],
): Promise<{ inscription_id: string; slug: string } | undefined> {
  if (values.length === 0) return undefined;
  return db.kysely
    .selectFrom('launch_inscriptions as li')
    .innerJoin('launchpads as l', 'l.id', 'li.launchpad_id')
    .select(['li.inscription_id', 'l.slug'])
    .where(`li.${by}`, 'in', [...values])
    .where('l.status', 'in', [...HOLDING])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orderbook as o')
            .innerJoin('launchpad_phases as p', 'p.id', 'o.phase_id')
            .select('o.id')
            .whereRef('p.launchpad_id', '=', 'l.id')
            .whereRef('o.inscription_id', '=', 'li.inscription_id')
            .where('o.status', '=', 'broadcast'),
        ),
      ),
    )
    .executeTakeFirst();
}

/** A mined transaction moved the order's inscription on from its output. */
const movedOnInBlock = sql`exists (
  select 1 from chain_transfers at, chain_transfers later
  where at.inscription_id = o.inscription_id
    and at.txid = split_part(o.outpoint, ':', 1)
    and at.vout = split_part(o.outpoint, ':', 2)::integer
    and later.inscription_id = o.inscription_id
    and (later.height, later.seq) > (at.height, at.seq))`;

/**
 * Closes the open rows of launch items whose output a transaction spends (in the mempool, or, with
 * `mined`, in a block: the inscription moved on from it) when no mint of the launch took the item,
 * and in the same transaction takes those items out of the launch's and its phases' totals, so
 * remaining = total − minted keeps counting only what can still be minted. Answers the closed rows.
 * The mined check probes every open row (20,000 for a live launch of 10,000 items in two phases,
 * about 0.2 s), and its answer changes only with the indexed tip: the tracker asks for it then.
 */
export async function closeSpentLaunchItems(
  db: Db,
  { mined }: { mined: boolean },
): Promise<string[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const spent = mined ? sql`(${orderSpentInMempool} or ${movedOnInBlock})` : orderSpentInMempool;
    const { rows } = await sql<{ id: string; launchpad_id: string }>`
      update orderbook o set status = 'canceled', closed_at = now()
      from launchpad_phases p
      where p.id = o.phase_id and o.status in ('pending', 'active') and ${notMintedInLaunch}
        and ${spent}
      returning o.id, p.launchpad_id`.execute(trx);
    for (const launchpadId of new Set(rows.map((r) => r.launchpad_id))) {
      // Items still listed or minted; an item whose every row closed unminted left the launch.
      await sql`
        with items as (
          select count(distinct o.inscription_id) filter (
                   where o.status in ('pending', 'active', 'broadcast'))::int as held,
                 count(distinct o.inscription_id) filter (where o.status = 'broadcast')::int as minted
          from orderbook o join launchpad_phases p on p.id = o.phase_id
          where p.launchpad_id = ${launchpadId})
        , l as (
          update launchpads
          set total_inscriptions = (select held from items),
              remaining_inscriptions = (select held - minted from items)
          where id = ${launchpadId})
        update launchpad_phases
        set total_inscriptions = (select held from items),
            remaining_inscriptions = (select held - minted from items)
        where launchpad_id = ${launchpadId}`.execute(trx);
    }
    return rows.map((r) => r.id);
  });
}

/**
 * Unminted items of the launch still on their way into its wallet: their orders name an output the
 * indexer has not confirmed them on yet (the deposit is in the mempool). A mint cannot spend them
 * before the next block, so the mint page says so (product.md#walk-through-fixes item 10).
 */
export async function movingLaunchItems(db: Db, launchpadId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(distinct o.inscription_id)::int as n
    from orderbook o join launchpad_phases p on p.id = o.phase_id
    where p.launchpad_id = ${launchpadId} and o.status = 'active' and ${notMintedInLaunch}
      and not exists (
        select 1 from chain_inscriptions ci
        where ci.inscription_id = o.inscription_id and ci.txid || ':' || ci.vout = o.outpoint)`.execute(
    db.kysely,
  );
  return rows[0]?.n ?? 0;
}

/** Unminted items of the launch held for a mint offer being signed now (product.md#records). */
export async function reservedLaunchItems(db: Db, launchpadId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(distinct o.inscription_id)::int as n
    from orderbook o join launchpad_phases p on p.id = o.phase_id
    where p.launchpad_id = ${launchpadId} and o.status = 'active'
      and o.reserved_until > clock_timestamp()`.execute(db.kysely);
  return rows[0]?.n ?? 0;
}
