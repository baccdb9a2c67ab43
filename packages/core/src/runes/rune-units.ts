// Rune amounts (docs/product.md#runes): whole base units (ord's u128) on the wire and in the
// index; the rune's divisibility says where the point goes when people read or type one, as ord
// prints a Pile: "1000.5" for 10005 at divisibility 1, trailing zeros dropped. Only bigint and
// string arithmetic: a u128 does not survive a float.

/** ord's u128::MAX: no rune amount is above it. */
const U128_MAX = 2n ** 128n - 1n;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Base units at the rune's divisibility, trailing zeros dropped: 1250 at 2 is "12.5". */
export function formatRuneUnits(baseUnits: bigint, divisibility: number): string {
  if (divisibility === 0) return baseUnits.toString();
  const digits = baseUnits.toString().padStart(divisibility + 1, '0');
  const whole = digits.slice(0, -divisibility);
  const fraction = digits.slice(-divisibility).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Why a typed amount of a rune to send is refused. */
export type RuneAmountProblem =
  'empty' | 'not-a-number' | 'too-many-decimals' | 'zero' | 'too-large';

export type ParsedRuneUnits =
  { baseUnits: bigint } | { problem: RuneAmountProblem; message: string };

function refused(problem: RuneAmountProblem, divisibility: number): ParsedRuneUnits {
  const messages: Record<RuneAmountProblem, string> = {
    empty: 'Enter an amount.',
    'not-a-number': 'Enter a whole or decimal amount, such as 12.5.',
    'too-many-decimals': decimalsText(divisibility),
    zero: 'Enter an amount above 0.',
    'too-large': 'That amount is above what a rune can hold.',
  };
  return { problem, message: messages[problem] };
}

function decimalsText(divisibility: number): string {
  if (divisibility === 0) return 'This rune has no decimals: enter a whole amount.';
  if (divisibility === 1) return 'This rune has 1 decimal: enter at most 1 digit after the point.';
  return `This rune has ${divisibility} decimals: enter at most ${divisibility} digits after the point.`;
}

/**
 * A typed amount to send, in the rune's display units ("12.5"), as base units (1250n at
 * divisibility 2); or the problem with it. No more fractional digits than the divisibility
 * (trailing zeros count, as for a BRC-20 amount), above 0, at most u128::MAX base units.
 */
export function parseRuneUnits(text: string, divisibility: number): ParsedRuneUnits {
  const trimmed = text.trim();
  if (trimmed === '') return refused('empty', divisibility);
  const match = DECIMAL.exec(trimmed);
  if (!match) return refused('not-a-number', divisibility);
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > divisibility) return refused('too-many-decimals', divisibility);
  const baseUnits = BigInt(whole + fraction.padEnd(divisibility, '0'));
  if (baseUnits === 0n) return refused('zero', divisibility);
  if (baseUnits > U128_MAX) return refused('too-large', divisibility);
  return { baseUnits };
}
