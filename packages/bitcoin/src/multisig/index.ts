// The P2WSH 2-of-2 multisig and maker wallets of ADR 009: the script, the platform's derived key,
// BIP143 signing, and the wallets' transactions (padding setups, withdrawals, deposits of
// inscriptions, and the user-only recovery).
export type { Cosigner } from './cosign.ts';
export {
  AUCTION_BID_PADDINGS,
  buildAuctionBid,
  type AuctionBidLayout,
  type AuctionBidParams,
  type BuiltAuctionBid,
} from './auction-bid.ts';
export { buildMultisigDeposit, type BuiltMultisigDeposit } from './deposit.ts';
export { buildInscriptionDeposit, type BuiltInscriptionDeposit } from './inscription-deposit.ts';
export {
  buildInscriptionWithdrawal,
  type BuiltInscriptionWithdrawal,
} from './inscription-withdrawal.ts';
export { buildMultisigPaddingSetup, MULTISIG_PADDING_MAX_OUTPUTS } from './padding-setup.ts';
export {
  derivePlatformKey,
  platformKeyForScript,
  platformPublicKeyFor,
  type MultisigKind,
} from './platform-key.ts';
export { buildRecoveryPsbt, finalizeRecovery, type BuiltRecovery } from './recovery.ts';
export {
  checkMultisigWallet,
  MULTISIG_CSV_DELAY,
  multisigWallet,
  multisigWitnessScript,
  p2wshScript,
  parseMultisigWitnessScript,
  type MultisigScriptParts,
  type MultisigWallet,
} from './script.ts';
export {
  isValidMultisigSpend,
  multisigSighash,
  signMultisigInput,
  verifyMultisigSignature,
} from './sign.ts';
export { buildMultisigWithdrawal, type BuiltMultisigWithdrawal } from './withdrawal.ts';
export {
  checkWalletPsbt,
  type PsbtLineOwner,
  type PsbtIntent,
  type PsbtLine,
  type WalletPsbtContext,
  type WalletPsbtProblem,
  type WalletPsbtProblemCode,
  type WalletPsbtReading,
} from './wallet-psbt-check.ts';
