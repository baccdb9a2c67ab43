import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/create-db.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { mintHolder } from './reservation-holds.queries.ts';

// Mint reservations' ends as jobs (ADR 023). Whether a reservation stands is still judged on read
// by its `reserved_until` and its hold's `expires_at` (a job may run late, or not at all); the job
// only clears lapsed reservations' rows and holds, so that what is counted and shown from those
// rows (a taker's held items, a wallet's open holds) is right without waiting for the next mint to
// take them. One job per phase and slot of END_SLOT_MS serves every reservation ending in it: a
// mint rush sends a few jobs, not one per minter (product.md#scale-and-delivery).

const END_SLOT_MS = 5_000;

/** The end of the slot `until` falls in: its job's time, never before the reservation's end. */
export const reservationsEndAt = (until: Date): Date =>
  new Date(Math.ceil(until.getTime() / END_SLOT_MS) * END_SLOT_MS);

/** The job's key: one waiting job per phase and slot, whichever process sends it. */
export const reservationsEndKey = (phaseId: string, at: Date): string =>
  `mint-reservations:${phaseId}@${at.toISOString()}`;

/**
 * Makes sure that the phase's reservations ending at `until` have their job, before a reservation
 * is made: the job committed first exists whenever the reservation does (kill -9 between leaves a
 * job that finds nothing). Sent once per slot by this process (a failed send is tried again by the
 * next reservation); another process's send of the same key is dropped by the queue.
 */
export function scheduleReservationsEnd(
  jobs: JobQueue | undefined,
  phaseId: string,
  until: Date,
): Promise<void> {
  if (!jobs) return Promise.resolve();
  const at = reservationsEndAt(until);
  const key = reservationsEndKey(phaseId, at);
  let sent = sentByQueue.get(jobs);
  if (!sent) {
    sent = new Map();
    sentByQueue.set(jobs, sent);
  }
  const known = sent.get(key);
  if (known) return known.done;
  forgetPast(sent);
  const done = jobs
    .send('mint-reservation-end', { phaseId }, { startAfter: at, singletonKey: key })
    .then(
      () => undefined,
      (err: unknown) => {
        sent.delete(key);
        throw err;
      },
    );
  sent.set(key, { at: at.getTime(), done });
  return done;
}

const sentByQueue = new WeakMap<JobQueue, Map<string, { at: number; done: Promise<void> }>>();

/** Slots already over: no reservation made now ends in them. */
function forgetPast(sent: Map<string, { at: number }>): void {
  const now = Date.now();
  for (const [key, { at }] of sent) if (at < now) sent.delete(key);
}

/**
 * Clears the phase's lapsed reservations: their items free, their holds (and the coins they
 * promised) gone. Only what has lapsed by the database's clock: a reservation still standing, or
 * one minted, is left as it is; run twice, the second finds nothing. Answers the items freed.
 */
export async function releaseLapsedReservations(db: Db, phaseId: string): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const freed = await trx
      .updateTable('orderbook')
      .set({ reserved_until: null, taker_ordinal_address: null, taker_payment_address: null })
      .where('phase_id', '=', phaseId)
      .where('status', '=', 'active')
      .where('reserved_until', '<=', sql<Date>`clock_timestamp()`)
      .executeTakeFirst();
    await sql`delete from reservation_holds
      where starts_with(holder, ${mintHolder(phaseId, '')})
        and expires_at <= clock_timestamp()`.execute(trx);
    return Number(freed.numUpdatedRows);
  });
}

/** Runs the reservations' ends in this process, when it works (RUN_MODE `all` or `worker`). */
export async function workReservationEnds(deps: Pick<AppDeps, 'db' | 'jobs'>): Promise<void> {
  await deps.jobs?.work('mint-reservation-end', async ({ phaseId }) => {
    await releaseLapsedReservations(deps.db, phaseId);
  });
}
