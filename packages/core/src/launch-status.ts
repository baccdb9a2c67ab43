// product.md#market-screens (Launches): visibility of launches, phase activity and the featured
// status.

export type LaunchpadType = 'psbt' | 'editions';
export type FeaturedStatus = 'Live' | 'SoldOut' | 'ComingSoon' | 'Ended';

/** Dates are UTC seconds; a null end date means the phase never closes. */
export type PhaseWindow = { start_date: number; end_date: number | null };

export type LaunchForStatus = {
  launchpad_type: LaunchpadType;
  status: string;
  phases: readonly PhaseWindow[];
  /** Inscriptions or editions left; null when the count could not be worked out. */
  remaining: number | null;
};

export const FEATURED_LAUNCHES_PER_TYPE = 4;
/** Never shown in public lists. */
export const HIDDEN_LAUNCH_STATUSES = ['failed', 'initializing', 'pending_psbt_signature'] as const;
/** Lists of launches also leave these out. */
export const UNLISTED_LAUNCH_STATUSES = [...HIDDEN_LAUNCH_STATUSES, 'pending'] as const;

function nowSeconds(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

/** Active when started and open-ended, or now lies between start (inclusive) and end. */
export function isPhaseActive(phase: PhaseWindow, now: Date = new Date()): boolean {
  const t = nowSeconds(now);
  if (phase.start_date > t) return false;
  return phase.end_date === null || t < phase.end_date;
}

/** Editions launches count as active only while the launchpad status is 'active'. */
export function isLaunchPhaseActive(
  launch: Pick<LaunchForStatus, 'launchpad_type' | 'status'>,
  phase: PhaseWindow,
  now: Date = new Date(),
): boolean {
  if (launch.launchpad_type === 'editions' && launch.status !== 'active') return false;
  return isPhaseActive(phase, now);
}

/**
 * Live when a phase is active and inventory remains, SoldOut when nothing remains,
 * ComingSoon when a phase is still to start, otherwise Ended. An unknown remaining count
 * (null) is not read as sold out.
 */
export function featuredStatus(launch: LaunchForStatus, now: Date = new Date()): FeaturedStatus {
  const hasInventory = launch.remaining === null || launch.remaining > 0;
  const isActive = launch.phases.some((phase) => isLaunchPhaseActive(launch, phase, now));
  if (isActive && hasInventory) return 'Live';
  if (!hasInventory) return 'SoldOut';
  if (launch.phases.some((phase) => phase.start_date > nowSeconds(now))) return 'ComingSoon';
  return 'Ended';
}

export function isLaunchPubliclyVisible(status: string): boolean {
  return !(HIDDEN_LAUNCH_STATUSES as readonly string[]).includes(status);
}

/** Launch lists exclude hidden statuses and 'pending'. */
export function filterListedLaunches<T extends { status: string }>(launches: readonly T[]): T[] {
  return launches.filter(
    (l) => !(UNLISTED_LAUNCH_STATUSES as readonly string[]).includes(l.status),
  );
}
