import { parsePsbt } from '@om/bitcoin';
import type { InputToSign, WalletAddresses } from './wallet.types.ts';

/** UniSat's signPsbt input list (OKX and Wizz take the same): the input, the key, the sighash. */
export type ToSignInput = { index: number; publicKey: string; sighashTypes?: number[] };

/**
 * Whether the request asks to sign a P2WSH input (our 2-of-2 multisig, ADR 009). A wallet cannot
 * tell such an input is its own from the address of the coin, only from the key in its script:
 * it must be told which inputs to sign with which public key.
 */
export function asksForScriptInputs(
  psbtBase64: string,
  inputsToSign: readonly InputToSign[] | undefined,
): boolean {
  if (!inputsToSign?.length) return false;
  const tx = parsePsbt(psbtBase64);
  return inputsToSign.some(
    ({ index }) => index < tx.inputsLength && tx.getInput(index).witnessScript !== undefined,
  );
}

/** The request's inputs by public key: the ordinals key for the ordinals address, else payment. */
export function toSignInputs(
  inputsToSign: readonly InputToSign[],
  addresses: WalletAddresses,
): ToSignInput[] {
  return inputsToSign.map(({ index, address, sighashTypes }) => ({
    index,
    publicKey:
      address === addresses.ordinalsAddress && address !== addresses.paymentAddress
        ? addresses.ordinalsPublicKey
        : addresses.paymentPublicKey,
    ...(sighashTypes?.length ? { sighashTypes } : {}),
  }));
}
