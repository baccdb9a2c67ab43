import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/create-db.ts';
import type { Executor, JobQueue } from '../../jobs/job-queue.ts';
import { mintHolder } from './reservation-holds.queries.ts';

// A mint reservation's end as a job (ADR 023). Whether a reservation stands is still judged on
// read by its `reserved_until` and its hold's `expires_at` (a job may run late, or not at all);
// the job only clears a lapsed reservation's rows and hold at its end, so that what is counted
// and shown from those rows (a taker's held items, a wallet's open holds) is right without
// waiting for the next mint to take them.

export type MintReservation = { phaseId: string; takerOrdinalAddress: string; until: Date };

/**
 * Schedules the reservation's release at its end. Sent in `trx`, the transaction that reserves
 * the items: the job exists if and only if the reservation does. Keyed by the taker's hold and
 * the end, a repeated send is dropped, while the taker's next reservation gets its own job.
 */
export async function scheduleReservationEnd(
  jobs: JobQueue | undefined,
  reservation: MintReservation,
  trx: Executor,
): Promise<void> {
  const { phaseId, takerOrdinalAddress, until } = reservation;
  await jobs?.send(
    'mint-reservation-end',
    { phaseId, takerOrdinalAddress },
    {
      startAfter: until,
      singletonKey: `${mintHolder(phaseId, takerOrdinalAddress)}@${until.toISOString()}`,
      trx,
    },
  );
}

/**
 * Clears the taker's lapsed reservation in the phase: its items free, its hold (and the coins it
 * promised) gone. Only what has lapsed by the database's clock: a reservation the taker made again
 * meanwhile, or one minted, is left as it is; run twice, the second finds nothing. Answers the
 * items freed.
 */
export async function releaseLapsedReservation(
  db: Db,
  reservation: Omit<MintReservation, 'until'>,
): Promise<number> {
  const { phaseId, takerOrdinalAddress } = reservation;
  return db.kysely.transaction().execute(async (trx) => {
    const freed = await trx
      .updateTable('orderbook')
      .set({ reserved_until: null, taker_ordinal_address: null, taker_payment_address: null })
      .where('phase_id', '=', phaseId)
      .where('status', '=', 'active')
      .where('taker_ordinal_address', '=', takerOrdinalAddress)
      .where('reserved_until', '<=', sql<Date>`clock_timestamp()`)
      .executeTakeFirst();
    await sql`delete from reservation_holds
      where holder = ${mintHolder(phaseId, takerOrdinalAddress)}
        and expires_at <= clock_timestamp()`.execute(trx);
    return Number(freed.numUpdatedRows);
  });
}

/** Runs the reservations' ends in this process, when it works (RUN_MODE `all` or `worker`). */
export async function workReservationEnds(deps: Pick<AppDeps, 'db' | 'jobs'>): Promise<void> {
  await deps.jobs?.work('mint-reservation-end', async (reservation) => {
    await releaseLapsedReservation(deps.db, reservation);
  });
}
