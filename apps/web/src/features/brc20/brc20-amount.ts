// Token amounts in the browser: bigints scaled to the ticker's decimals, never floats. A local
// stand-in until @om/core's brc20-amount.ts (parseBrc20Amount, formatBrc20Amount) lands.

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/** A typed or wire amount as an integer of 10^-decimals units, or undefined when it is not one. */
export function parseTokenAmount(text: string, decimals: number): bigint | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return undefined;
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** An amount of units as a plain decimal string, trailing zeros dropped ("1000.5"): the wire form. */
export function tokenAmountText(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** An amount for people: thousands grouped, trailing zeros dropped ("21,000,000", "0.5"). */
export function formatTokenAmount(units: bigint, decimals: number): string {
  const [whole = '0', fraction] = tokenAmountText(units, decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** A wire amount (OPI's print, e.g. "1000.000000000000000000") for people; as it came if unreadable. */
export function formatWireAmount(text: string, decimals: number): string {
  const units = parseTokenAmount(text, Math.max(decimals, fractionDigits(text)));
  if (units === undefined) return text;
  return formatTokenAmount(units, Math.max(decimals, fractionDigits(text)));
}

function fractionDigits(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** Why a typed amount per mint or transfer is refused, or undefined when it is fine. */
export function tokenAmountError(
  text: string,
  { decimals, max, maxLabel }: { decimals: number; max?: bigint; maxLabel?: string },
): string | undefined {
  if (text.trim() === '') return 'Enter an amount.';
  if (!DECIMAL.test(text.trim())) return 'Enter a whole or decimal amount, such as 1000.';
  const units = parseTokenAmount(text, decimals);
  if (units === undefined) {
    return decimals === 0
      ? 'This token has no decimals: enter a whole amount.'
      : `This token has ${decimals} decimals: enter at most ${decimals} digits after the point.`;
  }
  if (units <= 0n) return 'Enter an amount above 0.';
  if (max !== undefined && units > max) {
    return `At most ${formatTokenAmount(max, decimals)}${maxLabel ? ` (${maxLabel})` : ''}.`;
  }
  return undefined;
}
