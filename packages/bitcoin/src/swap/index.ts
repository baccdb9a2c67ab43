// The BRC-20 swap's one transaction per swap (ADR 017): sale and purchase builders, the
// size get_swap_psbt_txsize answers, the check of the user's signatures, the pool's signature.
export {
  buildBuySwapPsbt,
  buildSellSwapPsbt,
  swapTxSize,
  type BuiltSwap,
  type BuySwapTerms,
  type InscriptionCoin,
  type SellSwapTerms,
  type SwapInputRole,
  type SwapKeys,
  type SwapLayout,
  type SwapSize,
} from './build-swap.ts';
export {
  buildRouteSwapPsbt,
  routeSwapTxSize,
  type RouteSwapKeys,
  type RouteSwapTerms,
} from './route-swap.ts';
export { checkSignedSwap, finalizeSwap, signPoolInputs } from './settle-swap.ts';
export { buildSelfTransfer } from './self-transfer.ts';
export {
  checkSwapPsbt,
  type SwapCheck,
  type SwapCheckRequest,
  type SwapProblem,
} from './swap-psbt-check.ts';
