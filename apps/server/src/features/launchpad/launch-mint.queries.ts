import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { sqlErrorOf } from '../../db/sql-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { freshRunsBy } from '../../shared/fresh-run.ts';
import {
  LISTING_ROW_COLUMNS,
  toListing,
  type Listing,
  type ListingRow,
} from '../../trading/listings.queries.ts';
import { takerLockKeys } from '../../trading/offers.queries.ts';
import { findLaunch, findPhase, phasesOf, type Launch, type Phase } from './launch-read.queries.ts';
import { scheduleReservationsEnd } from './mint-reservation.job.ts';
import { mintHolder } from './reservation-holds.queries.ts';

/** What the mint reads and reserves: allow lists, what a taker holds, and the pick of free items. */

export type Allowance = {
  isAllowed: boolean;
  /** Null: unlimited (public phase). */
  allocation: number | null;
  /**
   * The allow-list entry the wallet mints under (product.md#trust-findings finding 1): its use is
   * counted over every mint where either address equals it, and locked by it. Null in a public
   * phase.
   */
  entry: string | null;
  /** A listed address of the wallet that it did not prove (no session, no signature). */
  unproven: string | null;
};

/**
 * An allow-listed wallet may mint its entry's allocation, a public phase without limit. Only an
 * address the wallet proved qualifies: naming someone else's listed address earns nothing.
 */
export async function allowanceOf(
  db: Db,
  phase: { id: string; isPublic: boolean },
  wallet: { addresses: readonly string[]; proven: readonly string[] },
): Promise<Allowance> {
  if (phase.isPublic) return { isAllowed: true, allocation: null, entry: null, unproven: null };
  const entries = await db.kysely
    .selectFrom('phase_allow_list_entries')
    .select(['address', 'allocation'])
    .where('phase_id', '=', phase.id)
    .where('address', 'in', [...wallet.addresses])
    .orderBy('allocation', 'desc')
    .orderBy('address')
    .execute();
  const entry = entries.find((e) => wallet.proven.includes(e.address));
  if (!entry) {
    return { isAllowed: false, allocation: 0, entry: null, unproven: entries[0]?.address ?? null };
  }
  return { isAllowed: true, allocation: entry.allocation, entry: entry.address, unproven: null };
}

/**
 * Items of the phase minted, or reserved right now, by a taker either of whose addresses is given.
 * mint_reserve.sql counts an entry's use the same way, under the taker's locks: change both.
 */
export async function heldBy(
  db: Db['kysely'],
  phaseId: string,
  addresses: readonly string[],
): Promise<{ minted: number; reserved: number }> {
  const row = await db
    .selectFrom('orderbook')
    .select([
      sql<string>`count(*) filter (where status = 'broadcast')`.as('minted'),
      sql<string>`count(*) filter (where status = 'active' and reserved_until > clock_timestamp())`.as(
        'reserved',
      ),
    ])
    .where('phase_id', '=', phaseId)
    .where((eb) =>
      eb.or([
        eb('taker_ordinal_address', 'in', [...addresses]),
        eb('taker_payment_address', 'in', [...addresses]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { minted: Number(row.minted), reserved: Number(row.reserved) };
}

export type Reservation =
  | { ok: true; rows: Listing[] }
  | { ok: false; reason: 'allocation'; left: number }
  | { ok: false; reason: 'sold-out'; left: number };

/**
 * Reserves `count` free items of the phase for the taker until `until`, all or none, in one round
 * trip (mint_reserve.sql): under the taker's locks their earlier reservation is dropped and the
 * entry's allowance counted (minted + reserved + count ≤ allocation, over every taker either of
 * whose addresses is the entry), then free items are taken with SKIP LOCKED so that concurrent
 * minters never wait on each other's rows. A refusal leaves everything as it was. Answers the rows
 * without PSBTs: each carries its own signature. The job that tidies the reservation at its end
 * is sent first (ADR 023), so it exists whenever the reservation does.
 */
export async function reserveItems(
  db: Db,
  claim: {
    phaseId: string;
    allocation: number | null;
    /** The allow-list entry counted (one of the taker's two addresses); null when public. */
    entry: string | null;
    count: number;
    takerOrdinalAddress: string;
    takerPaymentAddress: string;
    until: Date;
  },
  jobs?: JobQueue,
): Promise<Reservation> {
  await scheduleReservationsEnd(jobs, claim.phaseId, claim.until);
  // Both addresses: the entry is one of them, and the claim takes the same locks.
  const lockKeys = takerLockKeys(claim.phaseId, [
    claim.takerOrdinalAddress,
    claim.takerPaymentAddress,
  ]);
  const returned = sql.join(LISTING_ROW_COLUMNS.map((column) => sql.ref(`o.${column}`)));
  try {
    const { rows } = await sql<ListingRow>`
      select ${returned}
      from mint_reserve(${lockKeys}::text[], ${claim.phaseId}, ${claim.takerOrdinalAddress},
        ${claim.takerPaymentAddress}, ${claim.entry}, ${claim.allocation}, ${claim.count},
        ${claim.until}) o`.execute(db.kysely);
    return { ok: true, rows: rows.map(toListing) };
  } catch (err) {
    const { code, detail } = sqlErrorOf(err);
    if (code === 'OMA01') return { ok: false, reason: 'allocation', left: Number(detail) };
    if (code === 'OMS01') return { ok: false, reason: 'sold-out', left: Number(detail) };
    throw err;
  }
}

/** Gives reserved items back (an offer that could not be built). */
export async function releaseItems(db: Db, ids: readonly string[], takerOrdinalAddress: string) {
  if (ids.length === 0) return;
  await db.kysely
    .updateTable('orderbook')
    .set({ reserved_until: null, taker_ordinal_address: null, taker_payment_address: null })
    .where('id', 'in', [...ids])
    .where('status', '=', 'active')
    .where('taker_ordinal_address', '=', takerOrdinalAddress)
    .execute();
}

/**
 * Gives back the items reserved for the signed-in wallet (either taker address is the session's),
 * and ends the holds of their offers, in one transaction. Answers how many were released.
 */
export async function releaseOwnItems(
  db: Db,
  ids: readonly string[],
  address: string,
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('orderbook')
      .select(['id', 'phase_id', 'taker_ordinal_address'])
      .where('id', 'in', [...ids])
      .where('status', '=', 'active')
      .where('phase_id', 'is not', null)
      .where('reserved_until', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('taker_ordinal_address', '=', address),
          eb('taker_payment_address', '=', address),
        ]),
      )
      .forUpdate()
      .execute();
    if (rows.length === 0) return 0;
    await trx
      .updateTable('orderbook')
      .set({ reserved_until: null, taker_ordinal_address: null, taker_payment_address: null })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const holders = new Set(
      rows.map((r) => mintHolder(r.phase_id ?? '', r.taker_ordinal_address ?? '')),
    );
    await sql`delete from reservation_holds where holder in (${sql.join([...holders])})`.execute(
      trx,
    );
    return rows.length;
  });
}

/**
 * Keeps the launch's and its phases' remaining counts equal to what is not minted. Every submit
 * asks, and in a mint rush 200 do at once: they share one recount (FreshRuns), each waiting for one
 * that starts after its call, so its own mint is counted; the launch's row is updated once per
 * recount instead of once per submit.
 */
export const refreshRemaining: (db: Db, launchpadId: string) => Promise<void> =
  freshRunsBy(recountRemaining);

/**
 * A launch and its phases as a mint offer reads them, and a phase as its submit does: a rush's
 * concurrent requests share one read (FreshRuns), each a read that starts after its call, so a
 * launch taken down or a phase closed is seen by every request that arrives after the change.
 */
export const launchForMint: (
  db: Db,
  launchpadId: string,
) => Promise<{ launch: Launch | undefined; phases: Phase[] }> = freshRunsBy(async (db, id) => {
  const [launch, phases] = await Promise.all([findLaunch(db.kysely, id), phasesOf(db.kysely, id)]);
  return { launch, phases };
});

export const phaseForMint: (db: Db, phaseId: string) => Promise<Phase | undefined> = freshRunsBy(
  (db, id) => findPhase(db.kysely, id),
);

async function recountRemaining(db: Db, launchpadId: string): Promise<void> {
  await sql`
    with minted as (
      select count(distinct o.inscription_id)::int as n
      from orderbook o join launchpad_phases p on p.id = o.phase_id
      where p.launchpad_id = ${launchpadId} and o.status = 'broadcast')
    , l as (
      update launchpads set remaining_inscriptions = greatest(0, total_inscriptions - (select n from minted))
      where id = ${launchpadId})
    update launchpad_phases set remaining_inscriptions = greatest(0, total_inscriptions - (select n from minted))
    where launchpad_id = ${launchpadId}`.execute(db.kysely);
}
