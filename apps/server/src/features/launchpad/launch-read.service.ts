import type { LaunchpadInfo, LaunchPhase, PublicLaunchpad } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../http/app-error.ts';
import { movingLaunchItems, reservedLaunchItems } from '../../trading/launch-items.queries.ts';
import { batchesOf } from './launch-batches.queries.ts';
import {
  collectionNameTaken,
  findLaunch,
  findLaunchBySlug,
  launchCollection,
  mintedCount,
  phasesOf,
  type Launch,
  type Phase,
} from './launch-read.queries.ts';

// GET /api/launchpad/info/{launchpadId} (the creator's wizard polls it every 8 s) and
// GET /api/launchpad/by-slug/{slug} (the mint page).

export async function getLaunchInfo(
  deps: Pick<AppDeps, 'db'>,
  launchpadId: string,
): Promise<LaunchpadInfo> {
  const launch = await findLaunch(deps.db.kysely, launchpadId);
  if (!launch) throw notFound(`Launchpad ${launchpadId} not found`);
  const phases = await phasesOf(deps.db.kysely, launchpadId);
  const batches = await batchesOf(
    deps.db.kysely,
    phases.map((p) => p.id),
  );
  return {
    id: launch.id,
    slug: launch.slug,
    status: launch.status,
    total_inscriptions: launch.totalInscriptions,
    failed_reason: launch.failedReason,
    phases: phases.map((phase) => ({
      ...phaseOf(phase),
      psbts: batches
        .filter((b) => b.phaseId === phase.id)
        .map((b) => ({
          id: b.id,
          status: b.status,
          phase_id: b.phaseId,
          batch_number: b.batchNumber,
          inscription_count: b.inscriptionCount,
          kind: b.kind,
        })),
    })),
  };
}

export async function getPublicLaunch(
  deps: Pick<AppDeps, 'db'>,
  slug: string,
): Promise<PublicLaunchpad> {
  const launch = await findLaunchBySlug(deps.db.kysely, slug);
  // Launches not through signing yet, or failed, are not public (product.md#market-screens).
  if (!launch || ['initializing', 'pending_psbt_signature', 'failed'].includes(launch.status)) {
    throw notFound(`Launchpad ${slug} not found`);
  }
  const [phases, minted, moving, reserved, collection] = await Promise.all([
    phasesOf(deps.db.kysely, launch.id),
    soldOf(deps, launch),
    movingLaunchItems(deps.db, launch.id),
    reservedLaunchItems(deps.db, launch.id),
    launchCollection(deps.db.kysely, launch.collectionId),
  ]);
  return {
    id: launch.id,
    slug: launch.slug,
    status: launch.status,
    launchpad_type: launch.type,
    total_inscriptions: totalOf(launch),
    remaining_inscriptions: remainingOf(launch, minted),
    minted,
    moving_inscriptions: moving,
    reserved_inscriptions: reserved,
    meta_data: progressMeta(launch),
    hide_progress: launch.hideProgress,
    created_at: launch.createdAt.toISOString(),
    collection,
    phases: phases.map(phaseOf),
  };
}

/** Items minted so far: inscriptions of a pre-inscribed launch, or editions. */
async function soldOf(deps: Pick<AppDeps, 'db'>, launch: Launch): Promise<number> {
  if (launch.type === 'editions') return editionsSold(launch);
  return mintedCount(deps.db.kysely, launch.id);
}

/**
 * product.md#validation: remaining = total − minted; zero when the total is not positive. An
 * editions launch counts its editions.
 */
export function remainingOf(launch: Launch, minted: number): number {
  const total = totalOf(launch);
  if (total <= 0) return 0;
  return Math.max(0, total - minted);
}

/** Editions minted so far: the editions less those remaining. */
export function editionsSold(launch: Launch): number {
  return (launch.numberOfEditions ?? 0) - (launch.remainingEditions ?? 0);
}

/** meta_data's progress fields (product.md#validation), whole counts or null. */
export function progressMeta(launch: Launch): PublicLaunchpad['meta_data'] {
  return {
    presold_inscriptions: launch.presoldInscriptions,
    total_sold_override: launch.totalSoldOverride,
  };
}

export function totalOf(launch: Launch): number {
  return launch.type === 'editions' ? (launch.numberOfEditions ?? 0) : launch.totalInscriptions;
}

export function phaseOf(phase: Phase): Omit<LaunchPhase, 'psbts'> {
  return {
    id: phase.id,
    launchpad_id: phase.launchpadId,
    name: phase.name,
    phase_number: phase.phaseNumber,
    start_date: phase.startDate,
    end_date: phase.endDate,
    status: phase.status,
    total_inscriptions: phase.totalInscriptions,
    remaining_inscriptions: phase.remainingInscriptions,
    is_public: phase.isPublic,
    price: String(phase.price),
    allocation: phase.allocation,
  };
}

/** Whether a collection of that name exists (case-insensitive): the wizard only warns. */
export async function isCollectionNameTaken(
  deps: Pick<AppDeps, 'db'>,
  name: string,
): Promise<boolean> {
  return collectionNameTaken(deps.db.kysely, name.trim().toLowerCase());
}
