import type { LaunchpadInfo, LaunchPhase, PublicLaunchpad } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import type { Launchpad, LaunchpadPhase } from '../../db/launchpad.tables.ts';
import { notFound } from '../../http/app-error.ts';
import { movingLaunchItems, reservedLaunchItems } from '../../trading/launch-items.queries.ts';
import {
  batchesOf,
  findLaunch,
  findLaunchBySlug,
  mintedCount,
  phasesOf,
} from './launchpad.queries.ts';

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
    total_inscriptions: launch.total_inscriptions,
    failed_reason: launch.failed_reason,
    phases: phases.map((phase) => ({
      ...phaseOf(phase),
      psbts: batches
        .filter((b) => b.phase_id === phase.id)
        .map((b) => ({
          id: b.id,
          status: b.status,
          phase_id: b.phase_id,
          batch_number: b.batch_number,
          inscription_count: b.inscription_count,
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
    deps.db.kysely
      .selectFrom('collections')
      .select(['name', 'slug', 'description', 'icon'])
      .where('id', '=', launch.collection_id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: launch.id,
    slug: launch.slug,
    status: launch.status,
    launchpad_type: launch.launchpad_type,
    total_inscriptions: totalOf(launch),
    remaining_inscriptions: remainingOf(launch, minted),
    minted,
    moving_inscriptions: moving,
    reserved_inscriptions: reserved,
    meta_data: progressMeta(launch),
    hide_progress: launch.meta_data.hide_progress === true,
    created_at: launch.created_at.toISOString(),
    collection,
    phases: phases.map(phaseOf),
  };
}

/** Items minted so far: inscriptions of a pre-inscribed launch, or editions. */
async function soldOf(deps: Pick<AppDeps, 'db'>, launch: Launchpad): Promise<number> {
  if (launch.launchpad_type === 'editions') {
    return (launch.number_of_editions ?? 0) - (launch.remaining_editions ?? 0);
  }
  return mintedCount(deps.db.kysely, launch.id);
}

/**
 * product.md#validation: remaining = total − minted; zero when the total is not positive. An
 * editions launch counts its editions.
 */
export function remainingOf(launch: Launchpad, minted: number): number {
  const total = totalOf(launch);
  if (total <= 0) return 0;
  return Math.max(0, total - minted);
}

/**
 * meta_data's progress fields (product.md#validation), whole counts or null, whatever was stored.
 */
export function progressMeta(launch: Launchpad): PublicLaunchpad['meta_data'] {
  const count = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
  return {
    presold_inscriptions: count(launch.meta_data.presold_inscriptions),
    total_sold_override: count(launch.meta_data.total_sold_override),
  };
}

export function totalOf(launch: Launchpad): number {
  return launch.launchpad_type === 'editions'
    ? (launch.number_of_editions ?? 0)
    : launch.total_inscriptions;
}

export function phaseOf(phase: LaunchpadPhase): Omit<LaunchPhase, 'psbts'> {
  return {
    id: phase.id,
    launchpad_id: phase.launchpad_id,
    name: phase.name,
    phase_number: phase.phase_number,
    start_date: Number(phase.start_date),
    end_date: phase.end_date === null ? null : Number(phase.end_date),
    status: phase.status,
    total_inscriptions: phase.total_inscriptions,
    remaining_inscriptions: phase.remaining_inscriptions,
    is_public: phase.is_public,
    price: String(phase.price),
    allocation: phase.allocation,
  };
}

/** Whether a collection of that name exists (case-insensitive): the wizard only warns. */
export async function isCollectionNameTaken(
  deps: Pick<AppDeps, 'db'>,
  name: string,
): Promise<boolean> {
  const row = await deps.db.kysely
    .selectFrom('collections')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}
