import type PgBoss from 'pg-boss';

// Every queue of the job queue (ADR 023), with its data and its retry policy. A queue exists in
// the database before anything is sent to it: startJobQueue creates these on every start.

/** What each job carries. */
export interface JobMap {
  /** Settles an auction at its end (auction-settle.job.ts). */
  'auction-settle': { auctionId: string };
  /** Closes a mining cycle and pays its holders once it is indexed deep enough (cycle-close.job.ts). */
  'mining-cycle-payout': { cycle: number };
  /**
   * Clears a phase's launch mint reservations lapsed by the job's time (mint-reservation.job.ts).
   * A job sent before slots also names its taker; the handler clears its whole phase.
   */
  'mint-reservation-end': { phaseId: string };
  /** Builds a created launch's batches (launch-prepare.job.ts). */
  'launch-prepare': { launchpadId: string };
}

export type JobName = keyof JobMap & string;

/** A queue's policy and retries: pg-boss's queue options, without its name. */
export type QueueOptions = Omit<PgBoss.Queue, 'name'>;

export const JOBS: Record<JobName, QueueOptions> = {
  // 'short': one waiting job per key (the auction and its end). A node that cannot be reached is
  // retried after about 5, 10, 20 … seconds, for about an hour and a half in all; the sweep loop
  // remains behind it.
  'auction-settle': { policy: 'short', retryLimit: 10, retryDelay: 5, retryBackoff: true },
  // Key: the cycle. Sent on each block from the cycle's readiness on, unless one is pending
  // (JobQueue.isPending); the handler does nothing for a cycle already closed. A node that cannot
  // be reached is retried as the settlement is; a wallet that cannot pay completes the job and
  // the next block sends another (ADR 020: the cycle stays open until it can pay).
  'mining-cycle-payout': { policy: 'short', retryLimit: 10, retryDelay: 5, retryBackoff: true },
  // Key: the phase and the end of the reservations' 5-second slot. Only the database is touched:
  // a few quick retries; a reservation is judged lapsed on read anyway.
  'mint-reservation-end': { policy: 'short', retryLimit: 3, retryDelay: 2, retryBackoff: true },
  // Key: the launch. Sent in the create's transaction; the node that cannot be reached (or the
  // sweep holding the launch) is retried as the settlement is, the slow sweep behind it.
  'launch-prepare': { policy: 'short', retryLimit: 10, retryDelay: 5, retryBackoff: true },
};
