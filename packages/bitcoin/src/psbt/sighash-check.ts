import type { Transaction } from '@scure/btc-signer';

/** SIGHASH_DEFAULT (taproot) and SIGHASH_ALL: the signature commits to every input and output. */
const SAFE_SIGHASHES: readonly number[] = [0x00, 0x01];

/**
 * The inputs among `indices` whose PSBT asks the wallet for a sighash other than ALL or DEFAULT.
 * Wallets sign with the sighash an input declares; NONE or SINGLE on a buyer's or a delisting's
 * coin would let anyone redirect what that signature pays, so such a PSBT is not signed.
 */
export function inputsWithUnsafeSighash(tx: Transaction, indices: Iterable<number>): number[] {
  return [...indices].filter((i) => {
    const declared = tx.getInput(i).sighashType;
    return declared !== undefined && !SAFE_SIGHASHES.includes(declared);
  });
}
