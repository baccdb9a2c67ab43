import { bytesToHex, equalBytes } from '../bytes.ts';
import { p2wshScript } from '../multisig/script.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt } from './codec.ts';
import type { Outpoint } from './utxo.ts';

export type ListingCheckRequest = {
  network: BitcoinNetwork;
  /** The seller's wallet addresses (payment and ordinals). */
  ownAddresses: readonly string[];
  /** What the seller asked to list; `outpoint` undefined when the listing named no valid one. */
  items: readonly { outpoint: Outpoint | undefined; price: bigint }[];
  /**
   * A protected listing (ADR 009): the maker wallet's witness script (hex), which every input must
   * carry and whose P2WSH output it must spend, so the wallet signs it with the payment key.
   */
  makerWitnessScript?: string;
};

/** Why not to sign a listing: a code, and what the words about it need; `item` indexes `items`. */
export type ListingPsbtProblem =
  | { code: 'count-mismatch'; inputs: number; outputs: number; items: number }
  | { code: 'wrong-outpoint'; item: number }
  | { code: 'not-maker-wallet'; item: number }
  | { code: 'no-amount'; item: number }
  | { code: 'pays-stranger'; item: number; address: string | undefined }
  | { code: 'payout-mismatch'; item: number };

export type ListingPsbtCheck = {
  /** Per item the PSBT holds, in order. */
  items: {
    price: bigint;
    /** Output i: what the seller gets when item i sells (price − fee + the inscription's output). */
    payout: bigint;
    payoutAddress: string | undefined;
    /** The inscription output's own value, which comes back to the seller in the payout. */
    postage: bigint;
    /** price + postage − payout: what the platform keeps. */
    platformFee: bigint;
  }[];
  problems: ListingPsbtProblem[];
};

/**
 * What a listing PSBT makes the seller sign. With SIGHASH_SINGLE|ANYONECANPAY the seller commits
 * to input i and output i only, so output i must pay the seller's own wallet and input i must be
 * the inscription the seller chose: anything else would give the inscription away. Throws
 * TradeError for a PSBT that cannot be read.
 */
export function checkListingPsbt(
  psbtBase64: string,
  request: ListingCheckRequest,
): ListingPsbtCheck {
  const tx = parsePsbt(psbtBase64);
  const { inputsLength: inputs, outputsLength: outputs } = tx;
  const problems: ListingPsbtProblem[] = [];
  if (inputs !== request.items.length || outputs !== request.items.length) {
    problems.push({ code: 'count-mismatch', inputs, outputs, items: request.items.length });
  }
  const items = request.items.flatMap(({ outpoint, price }, item) => {
    if (item >= inputs || item >= outputs) return [];
    const input = tx.getInput(item);
    const output = tx.getOutput(item);
    const txid = input.txid && bytesToHex(input.txid);
    if (!outpoint || txid !== outpoint.txid || input.index !== outpoint.vout) {
      problems.push({ code: 'wrong-outpoint', item });
    }
    const { makerWitnessScript } = request;
    if (makerWitnessScript !== undefined && !spendsMakerWallet(input, makerWitnessScript)) {
      problems.push({ code: 'not-maker-wallet', item });
    }
    const postage = input.witnessUtxo?.amount;
    if (postage === undefined) problems.push({ code: 'no-amount', item });
    const payoutAddress = output.script && addressOfScript(output.script, request.network);
    if (!payoutAddress || !request.ownAddresses.includes(payoutAddress)) {
      problems.push({ code: 'pays-stranger', item, address: payoutAddress });
    }
    const payout = output.amount ?? 0n;
    const platformFee = price + (postage ?? 0n) - payout;
    if (platformFee < 0n || platformFee > price) problems.push({ code: 'payout-mismatch', item });
    return [{ price, payout, payoutAddress, postage: postage ?? 0n, platformFee }];
  });
  return { items, problems };
}

function spendsMakerWallet(
  input: ReturnType<ReturnType<typeof parsePsbt>['getInput']>,
  witnessScriptHex: string,
): boolean {
  const { witnessScript, witnessUtxo } = input;
  if (!witnessScript || !witnessUtxo) return false;
  return (
    bytesToHex(witnessScript) === witnessScriptHex.toLowerCase() &&
    equalBytes(witnessUtxo.script, p2wshScript(witnessScript))
  );
}
