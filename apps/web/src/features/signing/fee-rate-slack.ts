/**
 * How far above the chosen fee rate a PSBT the server built may pay before the web refuses to
 * sign it: our vsize is an estimate from the script types (a signature may be a byte shorter), and
 * change below the change floor goes to the fee rather than making a dust output; so a few
 * percent and 1 sat/vB of slack. One rule for every signing review.
 */
const FEE_RATE_SLACK = 1.1;
const FEE_RATE_SLACK_ABSOLUTE = 1;

/** The highest fee rate a reviewed PSBT may pay when the user chose `feeRate` sat/vB. */
export function maxAcceptedFeeRate(feeRate: number): number {
  return feeRate * FEE_RATE_SLACK + FEE_RATE_SLACK_ABSOLUTE;
}
