import { feeRateText } from '../../lib/trade-format.ts';

// The words of what every review refuses alike (packages/bitcoin's spendingProblems and the
// checks' own fee and sighash codes), written once.

/** Why a PSBT asking for a sighash other than ALL or DEFAULT on `indices` is not signed. */
export function unsafeSighashText(indices: readonly number[], what: string): string {
  const list = indices.join(', ');
  return `${what} asks to sign input ${list} with a sighash that lets others change what it pays.`;
}

export const OVERSPENDS_TEXT = 'Its outputs pay more than its inputs hold.';

/** A fee rate above the one the user chose (the check allowed the one slack every review has). */
export function feeRateAboveChosenText(
  feeRate: number,
  chosen: number,
  subject = 'The network fee rate',
): string {
  return `${subject} of ${feeRateText(feeRate)} is above the ${feeRateText(chosen)} you chose.`;
}
