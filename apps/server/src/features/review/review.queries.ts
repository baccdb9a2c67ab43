import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { JsonObject } from '../../db/column-types.ts';
import type { LaunchpadStatus, LaunchpadType } from '../../db/launchpad.tables.ts';
import type { AuctionStatus } from '../../db/market.tables.ts';

// What the review queue reads (ADR 019): every submitted launch, edition, auction and onboarded
// collection without a decision, oldest first, with what a reviewer judges it by; and the
// reads and writes of one decision.

type Executor = Kysely<Database> | Transaction<Database>;

export type ReviewKind = 'launch' | 'edition' | 'auction' | 'collection';
export type ReviewDecision = 'approved' | 'rejected';

/** Who made a submission: the collection's stated creator and the signed-in account. */
export interface SubmissionCreator {
  name: string | null;
  email: string | null;
  btcAddress: string | null;
  signInAddress: string | null;
}

export interface QueuedLaunch {
  id: string;
  slug: string;
  status: LaunchpadStatus;
  type: LaunchpadType;
  createdAt: Date;
  totalInscriptions: number;
  numberOfEditions: number | null;
  editionInscriptionId: string | null;
  makerPaymentAddress: string;
  name: string;
  description: string | null;
  icon: string | null;
  creator: SubmissionCreator;
}

export interface QueuedItem {
  /** The launch's or the collection's id. */
  ownerId: string;
  inscriptionId: string;
  name: string | null;
}

export interface QueuedPhase {
  id: string;
  launchpadId: string;
  name: string;
  /** Sats. */
  price: bigint;
  /** UTC seconds. */
  startDate: number;
  endDate: number | null;
  isPublic: boolean;
  allocation: number | null;
  allowList: { address: string; allocation: number }[];
}

export interface QueuedCollection {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  createdAt: Date;
  creator: SubmissionCreator;
  totalItems: number;
}

export interface QueuedAuction {
  id: string;
  slug: string;
  status: AuctionStatus;
  inscriptionId: string;
  /** Sats. */
  startPrice: bigint;
  reservePrice: bigint | null;
  startDate: Date;
  endDate: Date;
  /** The seller's submitted meta (name, description, creator_*). */
  meta: JsonObject;
  createdAt: Date;
  makerPaymentAddress: string;
  signInAddress: string | null;
}

/** How many of each kind the queue shows at once, and of each one's items. */
const QUEUE_LIMIT = 50;
const ITEMS_SHOWN = 24;

/** The launch statuses a reviewer can still judge: submitted and not yet failed or canceled. */
const OPEN_LAUNCH = ['initializing', 'pending_psbt_signature', 'pending', 'active'] as const;

const undecided = (kind: RawBuilder<string> | string, id: RawBuilder<string>) =>
  sql<boolean>`not exists (select 1 from review_decisions d
    where d.kind = ${kind} and d.subject_id = ${id})`;

interface CreatorColumns {
  creator_name: string | null;
  creator_email: string | null;
  creator_btc_address: string | null;
  sign_in_address: string | null;
}

function toCreator(row: CreatorColumns): SubmissionCreator {
  return {
    name: row.creator_name,
    email: row.creator_email,
    btcAddress: row.creator_btc_address,
    signInAddress: row.sign_in_address,
  };
}

export async function queuedLaunches(db: Executor): Promise<QueuedLaunch[]> {
  const rows = await db
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
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    status: row.status,
    type: row.launchpad_type,
    createdAt: row.created_at,
    totalInscriptions: row.total_inscriptions,
    numberOfEditions: row.number_of_editions,
    editionInscriptionId: row.edition_inscription_id,
    makerPaymentAddress: row.maker_payment_address,
    name: row.name,
    description: row.description,
    icon: row.icon,
    creator: toCreator(row),
  }));
}

/** The first items of launches, in their order, with their names. */
export async function launchItems(
  db: Executor,
  launchIds: readonly string[],
): Promise<QueuedItem[]> {
  if (launchIds.length === 0) return [];
  const rows = await db
    .selectFrom('launch_inscriptions as li')
    .leftJoin('inscriptions as i', 'i.inscription_id', 'li.inscription_id')
    .select(['li.launchpad_id', 'li.inscription_id', 'i.name'])
    .where('li.launchpad_id', 'in', launchIds)
    .where('li.position', '<', ITEMS_SHOWN)
    .orderBy('li.position')
    .execute();
  return rows.map((row) => ({
    ownerId: row.launchpad_id,
    inscriptionId: row.inscription_id,
    name: row.name,
  }));
}

/** The launches' phases in their order, each with its allow list. */
export async function phasesWithAllowLists(
  db: Executor,
  launchIds: readonly string[],
): Promise<QueuedPhase[]> {
  if (launchIds.length === 0) return [];
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
  return phases.map((p) => ({
    id: p.id,
    launchpadId: p.launchpad_id,
    name: p.name,
    price: BigInt(p.price),
    startDate: Number(p.start_date),
    endDate: p.end_date === null ? null : Number(p.end_date),
    isPublic: p.is_public,
    allocation: p.allocation,
    allowList: entries
      .filter((e) => e.phase_id === p.id)
      .map((e) => ({ address: e.address, allocation: e.allocation })),
  }));
}

/** Onboarded collections: under review, made by no launch, not yet decided. */
export async function queuedCollections(db: Executor): Promise<QueuedCollection[]> {
  const rows = await db
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
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    createdAt: row.created_at,
    creator: toCreator(row),
    totalItems: row.total,
  }));
}

export async function collectionItems(
  db: Executor,
  collectionIds: readonly string[],
): Promise<QueuedItem[]> {
  if (collectionIds.length === 0) return [];
  const { rows } = await sql<{
    collection_id: string;
    inscription_id: string;
    name: string | null;
  }>`
    select collection_id::text as collection_id, inscription_id, name from (
      select i.*, row_number() over (partition by i.collection_id order by i.inscription_id) as n
      from inscriptions i where i.collection_id::text in (${sql.join(collectionIds)})
    ) ranked where n <= ${ITEMS_SHOWN}`.execute(db);
  return rows.map((row) => ({
    ownerId: row.collection_id,
    inscriptionId: row.inscription_id,
    name: row.name,
  }));
}

/** Open auctions (taking bids), not yet decided. */
export async function queuedAuctions(db: Executor): Promise<QueuedAuction[]> {
  const rows = await db
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
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    status: row.status,
    inscriptionId: row.inscription_id,
    startPrice: BigInt(row.start_price),
    reservePrice: row.reserve_price === null ? null : BigInt(row.reserve_price),
    startDate: row.start_date,
    endDate: row.end_date,
    meta: row.meta,
    createdAt: row.created_at,
    makerPaymentAddress: row.maker_payment_address,
    signInAddress: row.sign_in_address,
  }));
}
