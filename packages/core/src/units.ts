import { z } from 'zod';

// product.md#constants-and-limits: 1 BTC is 100,000,000 sats, displayed to 8 decimals; dust is 546
// sats.
export const SATS_PER_BTC = 100_000_000n;
export const BTC_DECIMALS = 8;
export const DUST_SATS = 546n;

export const INVALID_BTC_AMOUNT = 'Price must be a valid BTC amount with at most 8 decimals.';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Parses a BTC amount into sats without going through floating point.
 * Strings are exact: a sub-sat fraction makes them invalid. Numbers are already binary
 * approximations, so they are rounded to the nearest sat (0.1 + 0.2 → 30,000,000).
 * Returns undefined for anything that is not a finite decimal amount.
 */
export function parseBtcToSats(value: string | number): bigint | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return undefined;
    return parseBtcToSats(value.toFixed(BTC_DECIMALS));
  }
  const match = DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const shifted = point + BTC_DECIMALS;
  if (shifted < 0) return /^0*$/.test(digits) ? 0n : undefined;
  const satsDigits =
    digits.length >= shifted ? digits.slice(0, shifted) : digits.padEnd(shifted, '0');
  if (!/^0*$/.test(digits.slice(Math.max(shifted, 0)))) return undefined;
  const sats = BigInt(satsDigits === '' ? '0' : satsDigits);
  return sign === '-' ? -sats : sats;
}

/** Like parseBtcToSats, but throws for an invalid amount (for values already validated). */
export function btcToSats(value: string | number): bigint {
  const sats = parseBtcToSats(value);
  if (sats === undefined) throw new RangeError(`Not a BTC amount: ${String(value)}`);
  return sats;
}

/** Sats as a BTC decimal string with exactly 8 decimals, e.g. 12345n → '0.00012345'. */
export function satsToBtc(sats: bigint): string {
  const negative = sats < 0n;
  const abs = negative ? -sats : sats;
  const whole = abs / SATS_PER_BTC;
  const fraction = (abs % SATS_PER_BTC).toString().padStart(BTC_DECIMALS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A number of BTC for form default values; exact for any amount below 90 million BTC. */
export function satsToBtcNumber(sats: bigint): number {
  return Number(satsToBtc(sats));
}

/** Sats on the wire: a decimal string (JSON has no bigint) or a safe integer, as bigint. */
const WHOLE_SATS = 'Amount must be a whole number of sats.';
export const SatsSchema = z
  .union(
    [z.string().regex(/^\d+$/, WHOLE_SATS), z.number().int(WHOLE_SATS).nonnegative(WHOLE_SATS)],
    { error: WHOLE_SATS },
  )
  .transform((v) => BigInt(v));
