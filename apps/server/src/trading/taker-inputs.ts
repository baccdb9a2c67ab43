import { addressOfScript, bytesToHex, type BitcoinNetwork } from '@om/bitcoin';
import type { ParsedPsbt } from './purchase-quote.ts';

/** An output a purchase spends, with the address it is at (what spentOutputs asks about). */
export type SpentCoin = { outpoint: string; address: string };

/**
 * The coins these PSBTs (a purchase, and its padding setup first when it has one) spend other than
 * the ones `skip` names (the listed items, checked as such, and the setup's own outputs, which
 * nothing holds yet): the taker's payments and paddings, their multisig wallet's included.
 * Submitting checks them unspent: an offer built on a coin the mempool already spends would, with
 * full RBF, go out as a replacement and evict whatever spent it (product.md#trust-findings).
 */
export function takerInputsOf(
  psbts: readonly ParsedPsbt[],
  skip: (outpoint: string) => boolean,
  network: BitcoinNetwork,
): SpentCoin[] {
  return psbts.flatMap((psbt) =>
    Array.from({ length: psbt.inputsLength }, (_, i) => psbt.getInput(i)).flatMap((input, i) => {
      const outpoint = `${bytesToHex(input.txid ?? new Uint8Array())}:${input.index ?? 0}`;
      if (skip(outpoint)) return [];
      const script = input.witnessUtxo?.script;
      const address = script && addressOfScript(script, network);
      // Every input we build names its spent output; one that does not is not ours.
      if (!address) throw new Error(`input ${i} of the offer names no spent output`);
      return [{ outpoint, address }];
    }),
  );
}
