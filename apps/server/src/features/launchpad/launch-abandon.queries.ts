import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { LaunchpadStatus, LaunchpadType } from '../../db/launchpad.tables.ts';

// What abandoning a launch reads and deletes (launch-abandon.service.ts says when): a creator's
// launches, the launch under its lock, whether a batch is signed, and the launch with its
// collection under review.

type Trx = Transaction<Database>;

/** The signed batches of the launch `launchpadId` names (an id, or a column of the outer query). */
function signedBatches(db: Kysely<Database>) {
  return db
    .selectFrom('psbt_batches as b')
    .innerJoin('launchpad_phases as p', 'p.id', 'b.phase_id')
    .select('b.id')
    .where('b.status', '=', 'signed');
}

/** A creator's launch as their list shows it. */
export interface CreatorLaunch {
  id: string;
  slug: string;
  /** Its collection's. */
  name: string;
  status: LaunchpadStatus;
  type: LaunchpadType;
  failedReason: string | null;
  createdAt: Date;
  hasSignedBatch: boolean;
}

/** The creator's launches, newest first (at most 100). */
export async function launchesOfCreator(db: Db, userId: string): Promise<CreatorLaunch[]> {
  const rows = await db.kysely
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
        .exists(signedBatches(db.kysely).where('p.launchpad_id', '=', sql.ref<string>('l.id')))
        .as('has_signed'),
    )
    .where('l.creator_user_id', '=', userId)
    .orderBy('l.created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    status: r.status,
    type: r.launchpad_type,
    failedReason: r.failed_reason,
    createdAt: r.created_at,
    hasSignedBatch: Boolean(r.has_signed),
  }));
}

/** A launch as abandoning it judges it, locked until the transaction ends. */
export interface LockedLaunch {
  id: string;
  slug: string;
  status: LaunchpadStatus;
  type: LaunchpadType;
  creatorUserId: string | null;
}

export async function lockLaunch(trx: Trx, launchpadId: string): Promise<LockedLaunch | undefined> {
  const row = await trx
    .selectFrom('launchpads')
    .select(['id', 'slug', 'status', 'launchpad_type', 'creator_user_id'])
    .where('id', '=', launchpadId)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      slug: row.slug,
      status: row.status,
      type: row.launchpad_type,
      creatorUserId: row.creator_user_id,
    }
  );
}

/** Pre-inscribed launches in one of these statuses created longer ago than `hold`. */
export async function staleLaunchIds(
  db: Db,
  statuses: readonly LaunchpadStatus[],
  hold: string,
): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('launchpads as l')
    .select('l.id')
    .where('l.launchpad_type', '=', 'psbt')
    .where('l.status', 'in', [...statuses])
    .where('l.created_at', '<', sql<Date>`now() - ${hold}::interval`)
    .execute();
  return rows.map((r) => r.id);
}

export async function hasSignedBatch(trx: Trx, launchpadId: string): Promise<boolean> {
  const row = await signedBatches(trx).where('p.launchpad_id', '=', launchpadId).executeTakeFirst();
  return row !== undefined;
}

/** Deletes the launch and its collection; answers how many inscriptions it held. */
export async function dropLaunch(trx: Trx, launchpadId: string): Promise<number> {
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
