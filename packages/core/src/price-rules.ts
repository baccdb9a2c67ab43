// The one minimum of a price a user types (product.md#constants-and-limits "Price input minimum
// 0.00001, step 1e-8"; product.md#validation the same for a launch phase): the list and relist
// forms, the phase form, and the wire's listing price (trade.api.ts) all use these, so a form and
// the server never disagree.
export const MIN_PRICE_SATS = 1_000n;
export const MIN_PRICE_BTC = '0.00001';
export const PRICE_STEP_BTC = '0.00000001';
// The input minimum has no message in the spec.
export const PRICE_BELOW_MINIMUM = `Price must be at least ${MIN_PRICE_BTC} BTC.`;
