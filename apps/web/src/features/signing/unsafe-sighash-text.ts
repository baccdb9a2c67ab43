import type { parsePsbt } from '@om/bitcoin';

/** SIGHASH_DEFAULT (taproot) and SIGHASH_ALL: the signature commits to every input and output. */
const SAFE_SIGHASHES: readonly number[] = [0x00, 0x01];

/**
 * The inputs among `indices` whose PSBT asks the wallet for a sighash other than ALL or DEFAULT.
 * Wallets sign with the sighash an input declares; NONE or SINGLE on a buyer's or a delisting's
 * coin would let anyone redirect what that signature pays, so such a PSBT is not signed.
 */
export function inputsWithUnsafeSighash(
  tx: ReturnType<typeof parsePsbt>,
  indices: Iterable<number>,
): number[] {
  return [...indices].filter((i) => {
    const declared = tx.getInput(i).sighashType;
    return declared !== undefined && !SAFE_SIGHASHES.includes(declared);
  });
}

export function unsafeSighashText(indices: readonly number[], what: string): string {
  const list = indices.join(', ');
  return `${what} asks to sign input ${list} with a sighash that lets others change what it pays.`;
}
