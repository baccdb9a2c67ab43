// The launchpad's "what am I signing" checks (ADR 010, ADR 012): a launch batch's deposit and
// listings, an auction's settlement, built on the trading checks of ../psbt/.
export {
  checkLaunchDepositPsbt,
  checkLaunchListingPsbt,
  type LaunchListingProblem,
} from './launch-check.ts';
export { checkAuctionSettlementPsbt, type AuctionSettlementProblem } from './auction-check.ts';
