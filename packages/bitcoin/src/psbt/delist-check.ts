import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt } from './codec.ts';
import { inputsWithUnsafeSighash } from './sighash-check.ts';

/** Why not to sign a delisting: a code, and what the words about it need. */
export type DelistProblem =
  | { code: 'pays-stranger'; address: string | undefined }
  | { code: 'unsafe-sighash'; indices: number[] };

/**
 * Why not to sign a delisting PSBT: it moves the inscription back to the seller and pays change
 * to the seller, so every output must pay one of `own`, and every input be signed with ALL or
 * DEFAULT. Throws TradeError for a PSBT that cannot be read.
 */
export function checkDelistPsbt(
  psbtBase64: string,
  own: readonly string[],
  network: BitcoinNetwork,
): DelistProblem[] {
  const tx = parsePsbt(psbtBase64);
  const problems: DelistProblem[] = Array.from({ length: tx.outputsLength }, (_, i) => {
    const { script } = tx.getOutput(i);
    return script && addressOfScript(script, network);
  })
    .filter((address) => address === undefined || !own.includes(address))
    .map((address) => ({ code: 'pays-stranger', address }));
  const unsafe = inputsWithUnsafeSighash(
    tx,
    Array.from({ length: tx.inputsLength }, (_, i) => i),
  );
  if (unsafe.length > 0) problems.push({ code: 'unsafe-sighash', indices: unsafe });
  return problems;
}
