import { describe, it, expect } from 'vitest';
import {
  featuredStatus,
  filterListedLaunches,
  isLaunchPhaseActive,
  isLaunchPubliclyVisible,
  isPhaseActive,
  type LaunchForStatus,
  type PhaseWindow,
} from './launch-status.ts';

const NOW = new Date(1_000_000 * 1000);
const past: PhaseWindow = { start_date: 900_000, end_date: 950_000 };
const live: PhaseWindow = { start_date: 999_000, end_date: 1_001_000 };
const open: PhaseWindow = { start_date: 999_000, end_date: null };
const future: PhaseWindow = { start_date: 1_100_000, end_date: 1_200_000 };

describe('isPhaseActive', () => {
  it.each<[PhaseWindow, boolean]>([
    [past, false],
    [live, true],
    [open, true],
    [future, false],
    [{ start_date: 1_000_000, end_date: 1_000_001 }, true],
    [{ start_date: 999_999, end_date: 1_000_000 }, false],
    [{ start_date: 1_000_001, end_date: null }, false],
  ])('%j → %s', (phase, active) => {
    expect(isPhaseActive(phase, NOW)).toBe(active);
  });

  it.each([
    ['psbt', 'pending', true],
    ['editions', 'active', true],
    ['editions', 'pending', false],
  ] as const)('%s launch with status %s', (type, status, active) => {
    expect(isLaunchPhaseActive({ launchpad_type: type, status }, live, NOW)).toBe(active);
  });
});

describe('featuredStatus', () => {
  const launch = (
    phases: PhaseWindow[],
    remaining: number | null,
    extra: Partial<LaunchForStatus> = {},
  ) => ({
    launchpad_type: 'psbt' as const,
    status: 'active',
    phases,
    remaining,
    ...extra,
  });
  it.each<[string, LaunchForStatus, string]>([
    ['active with stock', launch([past, live], 10), 'Live'],
    ['open-ended with unknown stock', launch([open], null), 'Live'],
    ['active without stock', launch([live], 0), 'SoldOut'],
    ['ended without stock', launch([past], 0), 'SoldOut'],
    ['next phase later', launch([past, future], 5), 'ComingSoon'],
    ['all phases over', launch([past], 5), 'Ended'],
    ['no phases', launch([], 5), 'Ended'],
    [
      'editions not active yet',
      launch([live, future], 5, { launchpad_type: 'editions', status: 'pending' }),
      'ComingSoon',
    ],
    ['editions active', launch([live], 5, { launchpad_type: 'editions' }), 'Live'],
  ])('%s → %s', (_name, input, status) => {
    expect(featuredStatus(input, NOW)).toBe(status);
  });
});

describe('launch lists', () => {
  it.each([
    ['active', true],
    ['pending', true],
    ['failed', false],
    ['initializing', false],
    ['pending_psbt_signature', false],
  ])('%s publicly visible: %s', (status, visible) => {
    expect(isLaunchPubliclyVisible(status)).toBe(visible);
  });

  it('leaves hidden and pending launches out of lists', () => {
    const statuses = [
      'active',
      'pending',
      'failed',
      'ended',
      'active',
      'active',
      'active',
      'initializing',
    ];
    const launches = statuses.map((status, i) => ({
      id: i,
      status,
      launchpad_type: i % 2 === 0 ? ('psbt' as const) : ('editions' as const),
    }));
    expect(filterListedLaunches(launches).map((l) => l.id)).toEqual([0, 3, 4, 5, 6]);
  });
});
