// Rune amounts travel in whole base units (ord's u128, as decimal strings); a rune's divisibility
// says where its point is, as ord prints a Pile: "1000.5" for 10005 at divisibility 1.

/** Base units as a decimal with the rune's divisibility, thousands grouped, trailing zeros dropped. */
export function formatRuneAmount(baseUnits: string, divisibility: number): string {
  if (!/^\d+$/.test(baseUnits)) return baseUnits;
  const digits = baseUnits.replace(/^0+(?=\d)/, '').padStart(divisibility + 1, '0');
  const whole = digits.slice(0, digits.length - divisibility);
  const fraction = digits.slice(digits.length - divisibility).replace(/0+$/, '');
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
