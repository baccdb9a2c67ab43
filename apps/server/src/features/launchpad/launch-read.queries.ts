import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  LaunchpadPhasesTable,
  LaunchpadsTable,
  LaunchpadStatus,
  LaunchpadType,
  PhaseStatus,
} from '../../db/launchpad.tables.ts';

/** The launches and their phases as the services read them (launchpads, launchpad_phases). */

type Executor = Db['kysely'] | Transaction<Database>;

/** A launch as the services use it: its meta_data read into typed fields. */
export interface Launch {
  id: string;
  slug: string;
  collectionId: string;
  status: LaunchpadStatus;
  type: LaunchpadType;
  totalInscriptions: number;
  remainingInscriptions: number;
  numberOfEditions: number | null;
  remainingEditions: number | null;
  editionInscriptionId: string | null;
  makerPaymentAddress: string;
  makerPaymentPublicKey: string | null;
  makerOrdinalAddress: string | null;
  makerOrdinalPublicKey: string | null;
  /** Why it failed, or why a reviewer took it down (ADR 019). */
  failedReason: string | null;
  creatorUserId: string | null;
  createdAt: Date;
  /** The deposits' fee rate, sat/vB (1 when none was stored). */
  feeRate: number;
  /** product.md#creator-side: the mint page hides the progress bar. */
  hideProgress: boolean;
  /** product.md#validation's progress fields: whole counts, or null whatever else was stored. */
  presoldInscriptions: number | null;
  totalSoldOverride: number | null;
}

/** A launch's phase: its window in UTC seconds, its price in sats. */
export interface Phase {
  id: string;
  launchpadId: string;
  name: string;
  phaseNumber: number;
  startDate: number;
  /** Null: the phase never ends. */
  endDate: number | null;
  status: PhaseStatus;
  totalInscriptions: number;
  remainingInscriptions: number;
  isPublic: boolean;
  price: bigint;
  /** Per-address allowance of the allow list; null on public phases (unlimited). */
  allocation: number | null;
}

/** A listed launch with its collection's name and icon. */
export type ListedLaunch = Launch & { name: string; icon: string | null };

const wholeCount = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

function toLaunch(row: Selectable<LaunchpadsTable>): Launch {
  const meta = row.meta_data;
  return {
    id: row.id,
    slug: row.slug,
    collectionId: row.collection_id,
    status: row.status,
    type: row.launchpad_type,
    totalInscriptions: row.total_inscriptions,
    remainingInscriptions: row.remaining_inscriptions,
    numberOfEditions: row.number_of_editions,
    remainingEditions: row.remaining_editions,
    editionInscriptionId: row.edition_inscription_id,
    makerPaymentAddress: row.maker_payment_address,
    makerPaymentPublicKey: row.maker_payment_public_key,
    makerOrdinalAddress: row.maker_ordinal_address,
    makerOrdinalPublicKey: row.maker_ordinal_public_key,
    failedReason: row.failed_reason,
    creatorUserId: row.creator_user_id,
    createdAt: row.created_at,
    feeRate: Number(meta.fee_rate ?? 1),
    hideProgress: meta.hide_progress === true,
    presoldInscriptions: wholeCount(meta.presold_inscriptions),
    totalSoldOverride: wholeCount(meta.total_sold_override),
  };
}

function toPhase(row: Selectable<LaunchpadPhasesTable>): Phase {
  return {
    id: row.id,
    launchpadId: row.launchpad_id,
    name: row.name,
    phaseNumber: row.phase_number,
    startDate: Number(row.start_date),
    endDate: row.end_date === null ? null : Number(row.end_date),
    status: row.status,
    totalInscriptions: row.total_inscriptions,
    remainingInscriptions: row.remaining_inscriptions,
    isPublic: row.is_public,
    price: BigInt(row.price),
    allocation: row.allocation,
  };
}

export async function findLaunch(db: Executor, id: string): Promise<Launch | undefined> {
  const row = await db.selectFrom('launchpads').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toLaunch(row);
}

export async function findLaunchBySlug(db: Executor, slug: string): Promise<Launch | undefined> {
  const row = await db
    .selectFrom('launchpads')
    .selectAll()
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && toLaunch(row);
}

/** The collection a launch page shows. */
export async function launchCollection(
  db: Executor,
  collectionId: string,
): Promise<{ name: string; slug: string; description: string | null; icon: string | null }> {
  return db
    .selectFrom('collections')
    .select(['name', 'slug', 'description', 'icon'])
    .where('id', '=', collectionId)
    .executeTakeFirstOrThrow();
}

/** Whether a collection's name, lowercased, is `lowerName`. */
export async function collectionNameTaken(db: Executor, lowerName: string): Promise<boolean> {
  const row = await db
    .selectFrom('collections')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', lowerName))
    .executeTakeFirst();
  return row !== undefined;
}

export async function phasesOf(db: Executor, launchpadId: string): Promise<Phase[]> {
  const rows = await db
    .selectFrom('launchpad_phases')
    .selectAll()
    .where('launchpad_id', '=', launchpadId)
    .orderBy('phase_number')
    .execute();
  return rows.map(toPhase);
}

export async function findPhase(db: Executor, id: string): Promise<Phase | undefined> {
  const row = await db
    .selectFrom('launchpad_phases')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toPhase(row);
}

/** Inscriptions of the launch minted so far (any phase). */
export async function mintedCount(db: Executor, launchpadId: string): Promise<number> {
  const row = await db
    .selectFrom('orderbook as o')
    .innerJoin('launchpad_phases as p', 'p.id', 'o.phase_id')
    .select(sql<string>`count(distinct o.inscription_id)`.as('n'))
    .where('p.launchpad_id', '=', launchpadId)
    .where('o.status', '=', 'broadcast')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Listed launches (not hidden, not pending) with their collection's name and icon, newest first. */
export async function listedLaunches(
  db: Executor,
  unlisted: readonly LaunchpadStatus[],
  type?: LaunchpadType,
): Promise<ListedLaunch[]> {
  let query = db
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .selectAll('l')
    .select(['c.name', 'c.icon'])
    .where('l.status', 'not in', [...unlisted]);
  if (type) query = query.where('l.launchpad_type', '=', type);
  const rows = await query.orderBy('l.created_at', 'desc').orderBy('l.id').execute();
  return rows.map((row) => ({ ...toLaunch(row), name: row.name, icon: row.icon }));
}

/** The phases of these launches, by launch and phase number. */
export async function phasesOfLaunches(
  db: Executor,
  launchpadIds: readonly string[],
): Promise<Phase[]> {
  if (launchpadIds.length === 0) return [];
  const rows = await db
    .selectFrom('launchpad_phases')
    .selectAll()
    .where('launchpad_id', 'in', launchpadIds)
    .orderBy('launchpad_id')
    .orderBy('phase_number')
    .execute();
  return rows.map(toPhase);
}

/** mintedCount of each of these launches (launches with nothing minted are absent). */
export async function mintedCounts(
  db: Executor,
  launchpadIds: readonly string[],
): Promise<Map<string, number>> {
  if (launchpadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orderbook as o')
    .innerJoin('launchpad_phases as p', 'p.id', 'o.phase_id')
    .select(['p.launchpad_id', sql<string>`count(distinct o.inscription_id)`.as('n')])
    .where('p.launchpad_id', 'in', launchpadIds)
    .where('o.status', '=', 'broadcast')
    .groupBy('p.launchpad_id')
    .execute();
  return new Map(rows.map((r) => [r.launchpad_id, Number(r.n)]));
}
