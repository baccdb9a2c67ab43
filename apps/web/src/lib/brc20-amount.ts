import { formatBrc20Amount, parseBrc20Amount } from '@om/core';

// Token amounts in the browser, on core's OPI numbers (brc20-amount.ts): bigints scaled by 10^18
// whatever the ticker's decimals, so the forms, the service's mint check and the index agree.

const DECIMAL = /^\d+(?:\.(\d+))?$/;

/** A typed or wire amount scaled by 10^18, or undefined when OPI would refuse it. */
export function parseTokenAmount(text: string, decimals: number): bigint | undefined {
  return parseBrc20Amount(text.trim(), decimals) ?? undefined;
}

/** A scaled amount as a plain decimal string, trailing zeros dropped ("1000.5"): the wire form. */
export function tokenAmountText(scaled: bigint, decimals: number): string {
  const text = formatBrc20Amount(scaled, decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A scaled amount for people: thousands grouped, trailing zeros dropped ("21,000,000", "0.5"). */
export function formatTokenAmount(scaled: bigint, decimals: number): string {
  const [whole = '0', fraction] = tokenAmountText(scaled, decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** A wire amount (OPI's print, e.g. "1000.000000000000000000") for people; as it came if unreadable. */
export function formatWireAmount(text: string, decimals: number): string {
  const digits = Math.max(decimals, text.split('.')[1]?.length ?? 0);
  const scaled = parseTokenAmount(text, digits);
  return scaled === undefined ? text : formatTokenAmount(scaled, digits);
}

/** Why a typed amount per mint or transfer is refused, or undefined when it is fine. */
export function tokenAmountError(
  text: string,
  { decimals, max, maxLabel }: { decimals: number; max?: bigint; maxLabel?: string },
): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter an amount.';
  const match = DECIMAL.exec(trimmed);
  if (!match) return 'Enter a whole or decimal amount, such as 1000.';
  if ((match[1]?.length ?? 0) > decimals) {
    return decimals === 0
      ? 'This token has no decimals: enter a whole amount.'
      : `This token has ${decimals} decimals: enter at most ${decimals} digits after the point.`;
  }
  const scaled = parseTokenAmount(trimmed, decimals);
  if (scaled === undefined) return 'That amount is above what BRC-20 allows.';
  if (scaled <= 0n) return 'Enter an amount above 0.';
  if (max !== undefined && scaled > max) {
    return `At most ${formatTokenAmount(max, decimals)}${maxLabel ? ` (${maxLabel})` : ''}.`;
  }
  return undefined;
}
