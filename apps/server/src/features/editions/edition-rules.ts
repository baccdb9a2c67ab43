import type { LaunchpadStatus, LaunchpadType } from '../../db/launchpad.tables.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';

/** What decides whether editions can be minted now (product.md#market-calls; ADR 011). */
export type MintWindow = {
  type: LaunchpadType;
  status: LaunchpadStatus;
  remaining: number;
  /** The phase's UTC seconds; a phase open in [start, end). */
  startDate: number;
  endDate: number | null;
};

/**
 * Why `count` editions cannot be minted at `now` (UTC seconds), or undefined when they can: not an
 * editions launch is the caller's mistake (400); everything else is the launch's state (409).
 */
export function mintRefusal(window: MintWindow, count: number, now: number): AppError | undefined {
  if (window.type !== 'editions') return invalidInput('id: not an editions launch', 'id');
  if (window.status !== 'active') return new AppError('CONFLICT', 'This launch is not live');
  if (now < window.startDate) return new AppError('CONFLICT', 'This mint has not started yet');
  if (window.endDate !== null && now >= window.endDate) {
    return new AppError('CONFLICT', 'This mint has ended');
  }
  return shortOf(window.remaining, count);
}

/** 'Sold out' or 'Only N left to mint' when fewer than `count` remain. */
export function shortOf(remaining: number, count: number): AppError | undefined {
  if (remaining <= 0) return new AppError('CONFLICT', 'Sold out');
  if (count > remaining) return new AppError('CONFLICT', `Only ${remaining} left to mint`);
  return undefined;
}
