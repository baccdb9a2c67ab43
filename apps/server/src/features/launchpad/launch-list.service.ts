import {
  FEATURED_LAUNCHES_PER_TYPE,
  featuredStatus,
  UNLISTED_LAUNCH_STATUSES,
  type FeaturedLaunches,
  type FeaturedStatus,
  type LaunchesPayload,
  type LaunchListStatus,
  type LaunchSummary,
  type LaunchesQuerySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { LaunchpadType } from '../../db/launchpad.tables.ts';
import { listedLaunches, mintedCounts, phasesOfLaunches } from './launch-read.queries.ts';
import {
  editionsSold,
  phaseOf,
  progressMeta,
  remainingOf,
  totalOf,
} from './launch-read.service.ts';

// GET /api/launchpad/featured (the strip on /collections) and GET /api/launchpad/launches (the
// /launches page), product.md#walk-through-fixes item 4: a launch's place follows its badge, so a
// live launch is never pushed out by newer sold-out ones. The badge needs the phases' windows and
// the minted count at this moment, so the order is worked out here over all listed launches (three
// queries, whatever their number), not in SQL; a page is sliced from it.

/** Live first, then Coming soon, then the rest; newest first within each (the query's order). */
const RANK: Record<FeaturedStatus, number> = { Live: 0, ComingSoon: 1, SoldOut: 2, Ended: 2 };

const IN_TAB: Record<LaunchListStatus, (status: FeaturedStatus) => boolean> = {
  all: () => true,
  live: (s) => s === 'Live',
  upcoming: (s) => s === 'ComingSoon',
  ended: (s) => s === 'SoldOut' || s === 'Ended',
};

/** Every listed launch of the type (or of both), in the badge order. */
async function rankedLaunches(
  deps: Pick<AppDeps, 'db'>,
  now: Date,
  type?: LaunchpadType,
): Promise<{ launch: LaunchSummary; status: FeaturedStatus }[]> {
  const { kysely } = deps.db;
  const launches = await listedLaunches(kysely, UNLISTED_LAUNCH_STATUSES, type);
  const ids = launches.map((l) => l.id);
  const [phases, minted] = await Promise.all([
    phasesOfLaunches(kysely, ids),
    mintedCounts(kysely, ids),
  ]);
  return launches
    .map((launch, index) => {
      const sold = launch.type === 'editions' ? editionsSold(launch) : (minted.get(launch.id) ?? 0);
      const remaining = remainingOf(launch, sold);
      const summary: LaunchSummary = {
        id: launch.id,
        slug: launch.slug,
        status: launch.status,
        launchpad_type: launch.type,
        total_inscriptions: totalOf(launch),
        remaining_inscriptions: remaining,
        minted: sold,
        meta_data: progressMeta(launch),
        hide_progress: launch.hideProgress,
        created_at: launch.createdAt.toISOString(),
        name: launch.name,
        icon: launch.icon,
        phases: phases.filter((p) => p.launchpadId === launch.id).map(phaseOf),
      };
      return { launch: summary, status: featuredStatus({ ...summary, remaining }, now), index };
    })
    .sort((a, b) => RANK[a.status] - RANK[b.status] || a.index - b.index);
}

/** The featured strip: up to 4 listed launches per type, Live, Coming soon, then the rest. */
export async function getFeaturedLaunches(
  deps: Pick<AppDeps, 'db'>,
  now: Date = new Date(),
): Promise<FeaturedLaunches> {
  const pick = async (type: LaunchpadType) =>
    (await rankedLaunches(deps, now, type))
      .slice(0, FEATURED_LAUNCHES_PER_TYPE)
      .map((e) => e.launch);
  const [psbt, editions] = await Promise.all([pick('psbt'), pick('editions')]);
  return { psbt, editions };
}

type LaunchesQueryParsed = z.output<typeof LaunchesQuerySchema>;

/** One page of the /launches list: the tab's launches in the badge order, and how many in all. */
export async function listLaunches(
  deps: Pick<AppDeps, 'db'>,
  query: LaunchesQueryParsed,
  now: Date = new Date(),
): Promise<LaunchesPayload> {
  const inTab = (await rankedLaunches(deps, now, query.type)).filter((e) =>
    IN_TAB[query.status](e.status),
  );
  return {
    launches: inTab.slice(query.offset, query.offset + query.limit).map((e) => e.launch),
    total: inTab.length,
  };
}
