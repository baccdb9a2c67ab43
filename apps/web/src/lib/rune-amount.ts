import { formatRuneUnits } from '@om/core';

// Rune amounts travel in whole base units (ord's u128, as decimal strings); core's
// formatRuneUnits puts the point where the rune's divisibility says, as ord prints a Pile.

/** Base units as a decimal with the rune's divisibility, thousands grouped, trailing zeros dropped. */
export function formatRuneAmount(baseUnits: string, divisibility: number): string {
  if (!/^\d+$/.test(baseUnits)) return baseUnits;
  const [whole = '0', fraction] = formatRuneUnits(BigInt(baseUnits), divisibility).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** An amount with its rune's symbol, or its name when it has none ("¤ 1,000" / "1,000 A•B"). */
export function runeAmountText(
  baseUnits: string,
  rune: { divisibility: number; symbol: string | null; name: string },
): string {
  const amount = formatRuneAmount(baseUnits, rune.divisibility);
  return rune.symbol ? `${rune.symbol} ${amount}` : `${amount} ${rune.name}`;
}
