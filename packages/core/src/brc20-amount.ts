/**
 * BRC-20 numbers as the reference indexer OPI reads and prints them
 * (bestinslot-xyz/OPI modules/brc20_index/src/indexer/utils.rs, types/events/event.rs).
 * Every amount is a bigint scaled by 10^18 whatever the ticker's decimals, so a web form, the
 * mint-order check and the index agree to the last unit.
 */

/** Amounts are stored ×10^18 (utils.rs pads every value to 18 fractional digits). */
export const BRC20_SCALE = 10n ** 18n;
/** `dec` may not exceed 18 (config.rs MAX_DECIMALS); also the default when `dec` is absent. */
export const BRC20_MAX_DECIMALS = 18;
/** (2^64 − 1) · 10^18 (config.rs MAX_AMOUNT): max supply may not exceed uint64 whole tokens. */
export const BRC20_MAX_AMOUNT = (2n ** 64n - 1n) * BRC20_SCALE;

// utils.rs is_positive_decimal: ASCII digits, at most one dot, neither first nor last; no sign,
// space or exponent; at most 18 digits after the dot.
const POSITIVE_DECIMAL = /^[0-9]+(?:\.([0-9]+))?$/;

/**
 * OPI's get_amount_value: the text scaled by 10^18, or null when OPI refuses it (bad syntax, more
 * fractional digits than `decimals` — trailing zeros included —, or above BRC20_MAX_AMOUNT).
 * Zero parses as 0n: OPI accepts it for `max` and refuses it for `amt` and `lim`, so the caller
 * decides.
 */
export function parseBrc20Amount(text: string, decimals: number): bigint | null {
  const match = POSITIVE_DECIMAL.exec(text);
  if (!match) return null;
  const fraction = match[1] ?? '';
  if (fraction.length > BRC20_MAX_DECIMALS || fraction.length > decimals) return null;
  const whole = fraction === '' ? text : text.slice(0, text.length - fraction.length - 1);
  const scaled = BigInt(whole + fraction.padEnd(BRC20_MAX_DECIMALS, '0'));
  return scaled > BRC20_MAX_AMOUNT ? null : scaled;
}

/**
 * OPI's get_decimals_value: ASCII digits only (leading zeros allowed), at most 18; an absent `dec`
 * is 18. null when refused.
 */
export function parseBrc20Decimals(text: string | undefined): number | null {
  if (text === undefined) return BRC20_MAX_DECIMALS;
  if (!/^[0-9]+$/.test(text)) return null;
  const value = BigInt(text);
  return value > BigInt(BRC20_MAX_DECIMALS) ? null : Number(value);
}

/**
 * OPI's number_string_with_full_decimals: a scaled amount with exactly `decimals` fractional
 * digits (truncated, never rounded), and no dot at all for 0 decimals: "21000000.00000000" for
 * 21,000,000 with 8, "0.000" for 0 with 3, "0" for 0 with 0.
 */
export function formatBrc20Amount(scaled: bigint, decimals: number): string {
  const whole = (scaled / BRC20_SCALE).toString();
  if (decimals === 0) return whole;
  const fraction = (scaled % BRC20_SCALE).toString().padStart(BRC20_MAX_DECIMALS, '0');
  return `${whole}.${fraction.slice(0, decimals)}`;
}

/** A tick's length as OPI counts it: UTF-8 bytes (brc20_indexer.rs, `original_ticker.as_bytes().len()`). */
export function brc20TickByteLength(tick: string): number {
  let bytes = 0;
  for (const char of tick) {
    const code = char.codePointAt(0)!;
    // A lone surrogate (impossible in a tick serde accepted) counts as U+FFFD's 3 bytes.
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
