import { format } from 'date-fns';

// product.md#market-overview, #constants-and-limits: XP above 99,999 is shown abbreviated.
export const XP_ABBREVIATION_THRESHOLD = 99_999;

// product.md#constants-and-limits: date-time display 'yyyy-MM-dd hh:mm a', date format dd/MM/yyyy.
export const DATE_TIME_FORMAT = 'yyyy-MM-dd hh:mm a';
export const DATE_FORMAT = 'dd/MM/yyyy';

const XP_UNITS = [
  { size: 1_000_000_000_000, suffix: 'T' },
  { size: 1_000_000_000, suffix: 'B' },
  { size: 1_000_000, suffix: 'M' },
  { size: 1_000, suffix: 'K' },
] as const;

/** Whole numbers with thousands separators: 12345 → '12,345'. */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/**
 * XP as shown in the header: up to 99,999 with thousands separators, above that with a
 * K/M/B/T suffix and at most two decimals. Decimals are truncated, never rounded up, so
 * 999,999 reads '999.99K' rather than an overstated '1000K'.
 */
export function formatXp(xp: number): string {
  const whole = Math.trunc(xp);
  const abs = Math.abs(whole);
  if (abs <= XP_ABBREVIATION_THRESHOLD) return formatNumber(whole);
  const unit = XP_UNITS.find((u) => abs >= u.size) ?? XP_UNITS[XP_UNITS.length - 1]!;
  // Integer maths first (abs * 100 / size) keeps 1,150,000 at '1.15M' instead of '1.14M'.
  const hundredths = Math.trunc((abs * 100) / unit.size);
  const text = (hundredths / 100).toString();
  return `${whole < 0 ? '-' : ''}${text}${unit.suffix}`;
}

/** '2024-01-05 01:07 PM' in the viewer's local time. */
export function formatDateTime(date: Date | number): string {
  return format(date, DATE_TIME_FORMAT);
}

/** '05/01/2024' in the viewer's local time. */
export function formatDate(date: Date | number): string {
  return format(date, DATE_FORMAT);
}

/** Server timestamps are UTC seconds; the display functions take dates. */
export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}
