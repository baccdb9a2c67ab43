import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

// What the review queue reads (ADR 019): every submitted launch, edition, auction and onboarded
// collection without a decision, oldest first, with what a reviewer judges it by.

type Executor = Kysely<Database> | Transaction<Database>;

export type ReviewKind = 'launch' | 'edition' | 'auction' | 'collection';

/** How many of each kind the queue shows at once, and of each one's items. */
const QUEUE_LIMIT = 50;
const ITEMS_SHOWN = 24;

/** The launch statuses a reviewer can still judge: submitted and not yet failed or canceled. */
const OPEN_LAUNCH = ['initializing', 'pending_psbt_signature', 'pending', 'active'] as const;

const undecided = (kind: RawBuilder<string> | string, id: RawBuilder<string>) =>
  sql<boolean>`not exists (select 1 from review_decisions d
    where d.kind = ${kind} and d.subject_id = ${id})`;

export async function queuedLaunches(db: Executor) {
  return db
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .leftJoin('users as u', 'u.id', 'l.creator_user_id')
    .select([
      'l.id',
      'l.slug',
      'l.status',
      'l.launchpad_type',
      'l.created_at',
      'l.total_inscriptions',
      'l.number_of_editions',
      'l.edition_inscription_id',
      'l.maker_payment_address',
      'c.name',
      'c.description',
      'c.icon',
      'c.creator_name',
      'c.creator_email',
      'c.creator_btc_address',
      'u.address as sign_in_address',
    ])
    .where('l.status', 'in', OPEN_LAUNCH)
    .where(
      undecided(
        sql<string>`case when l.launchpad_type = 'editions' then 'edition' else 'launch' end`,
        sql<string>`l.id::text`,
      ),
    )
    .orderBy('l.created_at')
    .limit(QUEUE_LIMIT)
    .execute();
}

/** The first items of launches, in their order, with their names. */
export async function launchItems(db: Executor, launchIds: readonly string[]) {
  if (launchIds.length === 0) return [];
  return db
    .selectFrom('launch_inscriptions as li')
    .leftJoin('inscriptions as i', 'i.inscription_id', 'li.inscription_id')
    .select(['li.launchpad_id', 'li.inscription_id', 'i.name'])
    .where('li.launchpad_id', 'in', launchIds)
    .where('li.position', '<', ITEMS_SHOWN)
    .orderBy('li.position')
    .execute();
}

export async function phasesWithAllowLists(db: Executor, launchIds: readonly string[]) {
  if (launchIds.length === 0) return { phases: [], entries: [] };
  const phases = await db
    .selectFrom('launchpad_phases')
    .select([
      'id',
      'launchpad_id',
      'name',
      'price',
      'start_date',
      'end_date',
      'is_public',
      'allocation',
    ])
    .where('launchpad_id', 'in', launchIds)
    .orderBy('phase_number')
    .execute();
  const ids = phases.map((p) => p.id);
  const entries =
    ids.length === 0
      ? []
      : await db
          .selectFrom('phase_allow_list_entries')
          .select(['phase_id', 'address', 'allocation'])
          .where('phase_id', 'in', ids)
          .orderBy('address')
          .execute();
  return { phases, entries };
}

/** Onboarded collections: under review, made by no launch, not yet decided. */
export async function queuedCollections(db: Executor) {
  return db
    .selectFrom('collections as c')
    .leftJoin('users as u', 'u.id', 'c.creator_user_id')
    .select([
      sql<string>`c.id::text`.as('id'),
      'c.slug',
      'c.name',
      'c.description',
      'c.icon',
      'c.creator_name',
      'c.creator_email',
      'c.creator_btc_address',
      'c.created_at',
      'u.address as sign_in_address',
      sql<number>`(select count(*) from inscriptions i where i.collection_id = c.id)::int`.as(
        'total',
      ),
    ])
    .where('c.is_under_review', '=', true)
    .where(sql<boolean>`not exists (select 1 from launchpads l where l.collection_id = c.id)`)
    .where(undecided('collection', sql<string>`c.id::text`))
    .orderBy('c.created_at')
    .limit(QUEUE_LIMIT)
    .execute();
}

export async function collectionItems(db: Executor, collectionIds: readonly string[]) {
  if (collectionIds.length === 0) return [];
  return sql<{ collection_id: string; inscription_id: string; name: string | null }>`
    select collection_id::text as collection_id, inscription_id, name from (
      select i.*, row_number() over (partition by i.collection_id order by i.inscription_id) as n
      from inscriptions i where i.collection_id::text in (${sql.join(collectionIds)})
    ) ranked where n <= ${ITEMS_SHOWN}`
    .execute(db)
    .then((r) => r.rows);
}

/** Open auctions (taking bids), not yet decided. */
export async function queuedAuctions(db: Executor) {
  return db
    .selectFrom('auctions as a')
    .leftJoin('users as u', 'u.id', 'a.creator_user_id')
    .select([
      'a.id',
      'a.slug',
      'a.status',
      'a.inscription_id',
      'a.start_price',
      'a.reserve_price',
      'a.start_date',
      'a.end_date',
      'a.meta',
      'a.created_at',
      'a.maker_payment_address',
      'u.address as sign_in_address',
    ])
    .where('a.status', '=', 'active')
    .where(undecided('auction', sql<string>`a.id::text`))
    .orderBy('a.created_at')
    .limit(QUEUE_LIMIT)
    .execute();
}

export async function recordDecision(
  trx: Transaction<Database>,
  decision: {
    kind: ReviewKind;
    subjectId: string;
    decision: 'approved' | 'rejected';
    reason: string | null;
    reviewer: string;
  },
): Promise<void> {
  await trx
    .insertInto('review_decisions')
    .values({
      kind: decision.kind,
      subject_id: decision.subjectId,
      decision: decision.decision,
      reason: decision.reason,
      reviewer_address: decision.reviewer,
    })
    .execute();
}
