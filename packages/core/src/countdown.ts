// product.md#constants-and-limits: countdown units, a year is 365 days and a month is 30 days.
export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3_600;
export const SECONDS_PER_DAY = 86_400;
export const SECONDS_PER_MONTH = 30 * SECONDS_PER_DAY;
export const SECONDS_PER_YEAR = 365 * SECONDS_PER_DAY;

export type CountdownParts = {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
};

const UNITS = [
  { key: 'years', size: SECONDS_PER_YEAR, suffix: 'y' },
  { key: 'months', size: SECONDS_PER_MONTH, suffix: 'mo' },
  { key: 'days', size: SECONDS_PER_DAY, suffix: 'd' },
  { key: 'hours', size: SECONDS_PER_HOUR, suffix: 'h' },
  { key: 'minutes', size: SECONDS_PER_MINUTE, suffix: 'm' },
  { key: 'seconds', size: 1, suffix: 's' },
] as const;

/** Splits a duration into years (365 d), months (30 d), days, hours, minutes and seconds. */
export function countdownParts(totalSeconds: number): CountdownParts {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: CountdownParts = { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };
  for (const unit of UNITS) {
    parts[unit.key] = Math.floor(rest / unit.size);
    rest %= unit.size;
  }
  return parts;
}

/** The breakdown from now until a target date; zero once the target has passed. */
export function countdownUntil(target: Date, now: Date = new Date()): CountdownParts {
  return countdownParts((target.getTime() - now.getTime()) / 1000);
}

/**
 * A short text of the largest non-zero units, e.g. 90061 s → '1d 1h' (maxUnits 2).
 * A finished countdown reads '0s'.
 */
export function formatDuration(totalSeconds: number, maxUnits = 2): string {
  const parts = countdownParts(totalSeconds);
  const shown = UNITS.filter((u) => parts[u.key] > 0)
    .slice(0, maxUnits)
    .map((u) => `${parts[u.key]}${u.suffix}`);
  return shown.length > 0 ? shown.join(' ') : '0s';
}
