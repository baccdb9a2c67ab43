import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/create-db.ts';
import type { LaunchpadStatus, LaunchpadType } from '../../db/launchpad.tables.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import {
  dropLaunch,
  hasSignedBatch,
  launchesOfCreator,
  lockLaunch,
  staleLaunchIds,
} from './launch-abandon.queries.ts';

// product.md#spec-gaps, defects: a pre-inscribed launch left unsigned (being prepared, or waiting
// for its creator's signatures with none given yet) holds its slug and its inscriptions. Its
// creator may abandon it, and it is dropped after UNSIGNED_LAUNCH_HOLD like an unsigned auction
// (auctions.queries dropStaleUnsigned). Nothing was broadcast for it, so nothing is undone on chain:
// the launch, its phases, batches and orderbook rows, and its collection (still under review) are
// deleted; its items leave that collection and may be launched again.

/** Unsigned launches older than this are dropped by the launch worker. */
const UNSIGNED_LAUNCH_HOLD = '24 hours';

const UNSIGNED_STATUSES: readonly LaunchpadStatus[] = ['initializing', 'pending_psbt_signature'];

/**
 * The one rule of what may be abandoned, for the list, the route and the worker alike: a
 * pre-inscribed launch in an unsigned status none of whose batches is signed.
 */
function isAbandonable(
  launch: { type: LaunchpadType; status: LaunchpadStatus },
  hasSignedBatch: boolean,
): boolean {
  return launch.type === 'psbt' && UNSIGNED_STATUSES.includes(launch.status) && !hasSignedBatch;
}

export type MyLaunch = {
  id: string;
  slug: string;
  name: string;
  status: string;
  launchpadType: string;
  failedReason: string | null;
  createdAt: string;
  /** Unsigned: its creator may still sign it (resume) or abandon it. */
  canAbandon: boolean;
};

/** The signed-in creator's launches, newest first, with their state. */
export async function myLaunches(
  deps: Pick<AppDeps, 'db'>,
  session: SessionClaims,
): Promise<MyLaunch[]> {
  const launches = await launchesOfCreator(deps.db, session.userId);
  return launches.map((launch) => ({
    id: launch.id,
    slug: launch.slug,
    name: launch.name,
    status: launch.status,
    launchpadType: launch.type,
    failedReason: launch.failedReason,
    createdAt: launch.createdAt.toISOString(),
    canAbandon: isAbandonable(launch, launch.hasSignedBatch),
  }));
}

/** POST /api/launchpad/abandon/{id}: the creator drops their unsigned launch. */
export async function abandonLaunch(
  deps: Pick<AppDeps, 'db'>,
  session: SessionClaims,
  launchpadId: string,
): Promise<{ id: string; slug: string; released: number }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const launch = await lockLaunch(trx, launchpadId);
    if (!launch) throw notFound(`Launch ${launchpadId} not found`);
    if (launch.creatorUserId !== session.userId) {
      throw new AppError('FORBIDDEN', 'Only the creator of this launch can abandon it');
    }
    if (!isAbandonable(launch, false)) {
      throw new AppError(
        'CONFLICT',
        `The launch is ${launch.status}: only a launch left unsigned can be abandoned`,
      );
    }
    if (await hasSignedBatch(trx, launch.id)) {
      throw new AppError(
        'CONFLICT',
        'The launch is partly signed: only a launch left unsigned can be abandoned',
      );
    }
    const released = await dropLaunch(trx, launch.id);
    return { id: launch.id, slug: launch.slug, released };
  });
}

/** Drops every unsigned pre-inscribed launch older than UNSIGNED_LAUNCH_HOLD; answers how many. */
export async function dropStaleUnsignedLaunches(db: Db): Promise<number> {
  const stale = await staleLaunchIds(db, UNSIGNED_STATUSES, UNSIGNED_LAUNCH_HOLD);
  let dropped = 0;
  for (const id of stale) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      const launch = await lockLaunch(trx, id);
      if (!launch || !isAbandonable(launch, await hasSignedBatch(trx, id))) return false;
      await dropLaunch(trx, id);
      return true;
    });
    if (done) dropped += 1;
  }
  return dropped;
}
