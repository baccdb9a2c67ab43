// The pure trading core (ADR 007): listings signed SINGLE|ANYONECANPAY, purchases in msigner's
// layout with OKX's N+1 padding rule, chained padding setups, delisting, exact fees. Snipe-protected
// listings and multisig paddings (ADR 009) co-signed by the platform: see ../multisig/.
export { addressOfScript, parsePsbt, scriptOfAddress } from './codec.ts';
export { buildDelistPsbt, type BuiltDelist } from './delist.ts';
export {
  describePurchase,
  type PurchaseContext,
  type PurchaseProblemCode,
  type PurchaseSummary,
} from './describe-purchase.ts';
export {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  dustThreshold,
  estimateVsize,
  estimateWeight,
  feeFor,
  INPUT_WEIGHT,
  inputTypeOf,
  isDust,
  OUTPUT_WEIGHT,
  outputWeight,
  type InputType,
  type OutputType,
} from './fees.ts';
export {
  finalizeSignedPsbt,
  mergeAndFinalizePurchase,
  type BuiltForSigning,
  type FinalizedTransaction,
  type FinalizeOptions,
} from './finalize-purchase.ts';
export {
  isSignedInPsbt,
  LISTED_INPUT_ROLE,
  multisigInputRole,
  PROTECTED_LISTING_INPUT_ROLE,
  walletInputRole,
  type InputKind,
  type InputRole,
} from './input-role.ts';
export {
  buildListingPsbt,
  listingItems,
  makerFee,
  verifySignedListing,
  type BuiltListing,
  type ListingItemParams,
  type ListingProblem,
  type ListingProblemCode,
  type ListingVerification,
} from './listing.ts';
export {
  buildChainedPurchase,
  buildPaddingSetup,
  type BuiltPaddingSetup,
} from './padding-setup.ts';
export {
  buildPurchasePsbt,
  buyerOutputValues,
  CHANGE_MIN,
  MIN_PADDING_VALUE,
  PADDING_VALUE,
  POSTAGE,
  type BuiltPurchase,
  type PurchaseLayout,
  type PurchaseParams,
} from './purchase.ts';
export type { Buyer } from './buyer.ts';
export { buildPaymentPsbt, type BuiltPayment } from './payment.ts';
export { locateSat, type SatLocation } from './sat-flow.ts';
export { selectUtxos, type Selection } from './select-utxos.ts';
export {
  checkSellerWitness,
  extractSellerWitness,
  SELLER_SIGHASH,
  sellerSighash,
  TRADE_LOCKTIME,
  TRADE_TX_VERSION,
  type ListedItem,
  type Payout,
  type SellerInput,
  type SellerSignatureProblem,
  type SignedListedItem,
} from './seller-signature.ts';
export { TradeError, type TradeErrorCode } from './trade-error.ts';
export {
  FINAL_SEQUENCE,
  keySpendFields,
  knownKeySpendFields,
  paymentWallet,
  spendTypeOfScript,
  type KeySpendFields,
  type Outpoint,
  type PaymentWallet,
  type SpendType,
  type Utxo,
  type WalletUtxo,
} from './utxo.ts';
export { psbtTxid } from './txid.ts';
export { inputsWithUnsafeSighash } from './sighash-check.ts';
export { checkDelistPsbt, type DelistProblem } from './delist-check.ts';
export { checkPurchasePsbt, type PurchaseCheck, type PurchaseProblem } from './purchase-check.ts';
export {
  checkListingPsbt,
  type ListingPsbtCheck,
  type ListingPsbtProblem,
} from './listing-check.ts';
export { checkDepositPsbt, type DepositCheck, type DepositProblem } from './deposit-check.ts';
export { checkBidPsbt, NO_BID_FIGURES, type BidCheck, type BidProblem } from './bid-check.ts';
