import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';

// product.md#spec-gaps, defects: a pre-inscribed launch left unsigned (being prepared, or waiting
// for its creator's signatures with none given yet) holds its slug and its inscriptions. Its
// creator may abandon it, and it is dropped after UNSIGNED_LAUNCH_HOLD like an unsigned auction
// (auctions.queries dropStaleUnsigned). Nothing was broadcast for it, so nothing is undone on chain:
// the launch, its phases, batches and orderbook rows, and its collection (still under review) are
// deleted; its items leave that collection and may be launched again.

/** Unsigned launches older than this are dropped by the launch worker. */
const UNSIGNED_LAUNCH_HOLD = '24 hours';

const UNSIGNED_STATUSES = ['initializing', 'pending_psbt_signature'] as const;

type Trx = Transaction<Database>;

/**
 * The one rule of what may be abandoned, for the list, the route and the worker alike: a
 * pre-inscribed launch in an unsigned status none of whose batches is signed.
 */
function isAbandonable(
  launch: { launchpad_type: string; status: string },
  hasSignedBatch: boolean,
): boolean {
  return (
    launch.launchpad_type === 'psbt' &&
    (UNSIGNED_STATUSES as readonly string[]).includes(launch.status) &&
    !hasSignedBatch
  );
}

/** The signed batches of the launch `launchpadId` names (an id, or a column of the outer query). */
function signedBatches(db: Kysely<Database>) {
  return db
    .selectFrom('psbt_batches as b')
    .innerJoin('launchpad_phases as p', 'p.id', 'b.phase_id')
    .select('b.id')
    .where('b.status', '=', 'signed');
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
  const rows = await deps.db.kysely
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .select([
      'l.id',
      'l.slug',
      'c.name',
      'l.status',
      'l.launchpad_type',
      'l.failed_reason',
      'l.created_at',
    ])
    .select((eb) =>
      eb
        .exists(signedBatches(deps.db.kysely).where('p.launchpad_id', '=', sql.ref<string>('l.id')))
        .as('has_signed'),
    )
    .where('l.creator_user_id', '=', session.userId)
    .orderBy('l.created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    status: r.status,
    launchpadType: r.launchpad_type,
    failedReason: r.failed_reason,
    createdAt: new Date(r.created_at).toISOString(),
    canAbandon: isAbandonable(r, Boolean(r.has_signed)),
  }));
}

/** POST /api/launchpad/abandon/{id}: the creator drops their unsigned launch. */
export async function abandonLaunch(
  deps: Pick<AppDeps, 'db'>,
  session: SessionClaims,
  launchpadId: string,
): Promise<{ id: string; slug: string; released: number }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const launch = await trx
      .selectFrom('launchpads')
      .select(['id', 'slug', 'status', 'launchpad_type', 'creator_user_id'])
      .where('id', '=', launchpadId)
      .forUpdate()
      .executeTakeFirst();
    if (!launch) throw notFound(`Launch ${launchpadId} not found`);
    if (launch.creator_user_id !== session.userId) {
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
  const stale = await db.kysely
    .selectFrom('launchpads as l')
    .select('l.id')
    .where('l.launchpad_type', '=', 'psbt')
    .where('l.status', 'in', UNSIGNED_STATUSES)
    .where('l.created_at', '<', sql<Date>`now() - ${UNSIGNED_LAUNCH_HOLD}::interval`)
    .execute();
  let dropped = 0;
  for (const { id } of stale) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      const launch = await trx
        .selectFrom('launchpads')
        .select(['status', 'launchpad_type'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!launch || !isAbandonable(launch, await hasSignedBatch(trx, id))) return false;
      await dropLaunch(trx, id);
      return true;
    });
    if (done) dropped += 1;
  }
  return dropped;
}

async function hasSignedBatch(trx: Trx, launchpadId: string): Promise<boolean> {
  const row = await signedBatches(trx).where('p.launchpad_id', '=', launchpadId).executeTakeFirst();
  return row !== undefined;
}

/** Deletes the launch and its collection; answers how many inscriptions it held. */
async function dropLaunch(trx: Trx, launchpadId: string): Promise<number> {
  const launch = await trx
    .selectFrom('launchpads')
    .select(['collection_id', 'total_inscriptions'])
    .where('id', '=', launchpadId)
    .executeTakeFirstOrThrow();
  const phaseIds = trx
    .selectFrom('launchpad_phases')
    .select('id')
    .where('launchpad_id', '=', launchpadId);
  // The listing batches' orderbook rows (restricted on their batch and phase) go first.
  await trx.deleteFrom('orderbook').where('phase_id', 'in', phaseIds).execute();
  await trx.deleteFrom('launchpads').where('id', '=', launchpadId).execute();
  // The collection was made for this launch (under review, never tradable): its items are set
  // free first (the read-model triggers move their holdings while the collection still exists),
  // then it is deleted, and the slug with it.
  // A collection that is live (not under review) is not this launch's to undo: leave it whole.
  const collection = await trx
    .selectFrom('collections')
    .select('is_under_review')
    .where('id', '=', launch.collection_id)
    .executeTakeFirst();
  if (!collection?.is_under_review) return launch.total_inscriptions;
  await trx
    .updateTable('inscriptions')
    .set({ collection_id: null })
    .where('collection_id', '=', launch.collection_id)
    .execute();
  await trx.deleteFrom('collections').where('id', '=', launch.collection_id).execute();
  return launch.total_inscriptions;
}
