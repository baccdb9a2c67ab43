import { SigHash } from '@scure/btc-signer';
import { SELLER_SIGHASH } from './seller-signature.ts';
import type { SpendType } from './utxo.ts';

export type InputKind = 'padding' | 'seller' | 'payment' | 'inscription';

/**
 * Who signs an input, with which sighash, and where its witness comes from:
 * - 'signed-psbt': the signer's PSBT (a single-key spend it may have finalized itself);
 * - 'stored-listing': the seller's witness stored when the listing was verified;
 * - 'cosigned-psbt': a 2-of-2 multisig input (ADR 009): the signer's partial signature in the
 *   PSBT, and the platform's ALL signature added at finalize;
 * - 'cosigned-listing': a snipe-protected listing: the stored 0x83 signature of the seller, and
 *   the platform's ALL signature, which commits to this purchase's every input and output;
 * - 'recovery-psbt': the user alone spends a multisig coin after its CSV delay.
 * `owner` signs outside a trade: moves into, within and out of the user's own wallets.
 */
export type InputRole = {
  kind: InputKind;
  signer: 'buyer' | 'seller' | 'owner';
  sighash: number;
  witness:
    'signed-psbt' | 'stored-listing' | 'cosigned-psbt' | 'cosigned-listing' | 'recovery-psbt';
};

/** An input its owner signs in the PSBT: ALL, or DEFAULT (a 64-byte signature) for taproot. */
export function walletInputRole(
  kind: InputKind,
  signer: InputRole['signer'],
  spend: SpendType,
): InputRole {
  const sighash = spend === 'p2tr' ? SigHash.DEFAULT : SigHash.ALL;
  return { kind, signer, sighash, witness: 'signed-psbt' };
}

/** A multisig input: the user signs ALL in the PSBT, the platform adds its ALL signature. */
export function multisigInputRole(kind: InputKind, signer: InputRole['signer']): InputRole {
  return { kind, signer, sighash: SigHash.ALL, witness: 'cosigned-psbt' };
}

/** Whether the signer's wallet signs this input in the PSBT it returns (all but listed ones). */
export function isSignedInPsbt(role: InputRole): boolean {
  return role.witness !== 'stored-listing' && role.witness !== 'cosigned-listing';
}

/** A listed inscription's input: the seller's stored SINGLE|ANYONECANPAY witness. */
export const LISTED_INPUT_ROLE: InputRole = {
  kind: 'seller',
  signer: 'seller',
  sighash: SELLER_SIGHASH,
  witness: 'stored-listing',
};

/** A snipe-protected listing's input: the stored 0x83 signature plus the platform's. */
export const PROTECTED_LISTING_INPUT_ROLE: InputRole = {
  ...LISTED_INPUT_ROLE,
  witness: 'cosigned-listing',
};
