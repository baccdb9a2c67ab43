import { SigHash } from '@scure/btc-signer';
import { SELLER_SIGHASH } from './seller-signature.ts';
import type { SpendType } from './utxo.ts';

export type InputKind = 'padding' | 'seller' | 'payment' | 'inscription';

/**
 * Who signs an input, with which sighash, and where its witness comes from: the PSBT the signer
 * submits, or the witness stored when the listing was verified. Issue 5 adds the platform as a
 * co-signer of multisig padding and of snipe-protected seller inputs.
 */
export type InputRole = {
  kind: InputKind;
  signer: 'buyer' | 'seller';
  sighash: number;
  witness: 'signed-psbt' | 'stored-listing';
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

/** A listed inscription's input: the seller's stored SINGLE|ANYONECANPAY witness. */
export const LISTED_INPUT_ROLE: InputRole = {
  kind: 'seller',
  signer: 'seller',
  sighash: SELLER_SIGHASH,
  witness: 'stored-listing',
};
