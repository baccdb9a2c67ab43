// ADR 020, product.md#validation: a proportionate pool pays reward amount × the user's share of
// points. In the reward's smallest unit (sats, a token's smallest amount) the shares are whole
// numbers: each gets the floor of its exact share, and what the floors leave (fewer units than
// there are weights) goes one unit each to the largest remainders, ties to the earlier entry. The
// parts always sum to the amount exactly; nothing is created or lost by rounding.

/** `amount` split in proportion to `weights` (whole, non-negative); all zero weights get nothing. */
export function splitByWeights(amount: bigint, weights: readonly bigint[]): bigint[] {
  if (amount < 0n) throw new RangeError('amount must not be negative');
  if (weights.some((w) => w < 0n)) throw new RangeError('weights must not be negative');
  const total = weights.reduce((sum, w) => sum + w, 0n);
  if (total === 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (amount * w) / total);
  let left = amount - parts.reduce((sum, p) => sum + p, 0n);
  const byRemainder = weights
    .map((w, index) => ({ index, remainder: (amount * w) % total }))
    .filter((r) => r.remainder > 0n)
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    parts[index] = (parts[index] as bigint) + 1n;
    left -= 1n;
  }
  return parts;
}
