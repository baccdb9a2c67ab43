import { bytesToBase64, parsePsbt } from '@om/bitcoin';
import type { InputToSign } from './wallet.types.ts';

/**
 * Wallets sign an input with the sighash its PSBT_IN_SIGHASH_TYPE declares (UniSat, OKX, Xverse
 * and Magic Eden through LaserEyes all read it there). Where a request asks for sighash types the
 * input does not declare, this declares the first one, so that a listing input is signed
 * SINGLE|ANYONECANPAY (0x83) even if the PSBT's creator left the field out. Answers the PSBT
 * untouched (same string) when nothing needs declaring.
 */
export function declareRequestedSighashes(
  psbtBase64: string,
  inputsToSign: readonly InputToSign[] | undefined,
): string {
  const requests = (inputsToSign ?? []).filter((input) => input.sighashTypes?.length);
  if (requests.length === 0) return psbtBase64;
  const tx = parsePsbt(psbtBase64);
  let changed = false;
  for (const { index, sighashTypes = [] } of requests) {
    if (index < 0 || index >= tx.inputsLength) throw new Error(`The PSBT has no input ${index}`);
    const declared = tx.getInput(index).sighashType;
    const [wanted] = sighashTypes;
    if (wanted !== undefined && (declared === undefined || !sighashTypes.includes(declared))) {
      tx.updateInput(index, { sighashType: wanted });
      changed = true;
    }
  }
  return changed ? bytesToBase64(tx.toPSBT()) : psbtBase64;
}
