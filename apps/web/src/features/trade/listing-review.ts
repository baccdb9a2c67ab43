import {
  addressOfScript,
  bytesToHex,
  equalBytes,
  p2wshScript,
  parsePsbt,
  type BitcoinNetwork,
} from '@om/bitcoin';
import { parseOutpoint } from '../../lib/trade-format.ts';

/** What the seller asked to list: the inscription's output and its price. */
export type ListingRequestItem = { label: string; outpoint: string; price: bigint };

type ListingReviewItem = {
  label: string;
  price: bigint;
  /** Output i: what the seller gets when item i sells (price − fee + the inscription's output). */
  payout: bigint;
  payoutAddress: string | undefined;
  /** The inscription output's own value, which comes back to the seller in the payout. */
  postage: bigint;
  /** price + postage − payout: what the platform keeps. */
  platformFee: bigint;
};

export type ListingReview = { items: ListingReviewItem[]; problems: string[] };

/**
 * What a listing PSBT makes the seller sign, read in the browser before the wallet is asked.
 * With SIGHASH_SINGLE|ANYONECANPAY the seller commits to input i and output i only, so output i
 * must pay the seller's own wallet and input i must be the inscription the seller chose: anything
 * else would give the inscription away. `problems` says, in words, why not to sign.
 */
export function reviewListingPsbt(
  psbtBase64: string,
  context: {
    network: BitcoinNetwork;
    /** The seller's wallet addresses (payment and ordinals). */
    ownAddresses: readonly string[];
    items: readonly ListingRequestItem[];
    /**
     * A protected listing (ADR 009): the maker wallet's witness script, which every input must
     * carry and whose P2WSH output it must spend, so the wallet signs it with the payment key.
     */
    makerWitnessScript?: string;
  },
): ListingReview {
  let tx: ReturnType<typeof parsePsbt>;
  try {
    tx = parsePsbt(psbtBase64);
  } catch {
    return { items: [], problems: ['The listing PSBT cannot be read.'] };
  }
  const problems: string[] = [];
  if (tx.inputsLength !== context.items.length || tx.outputsLength !== context.items.length) {
    problems.push(
      `The listing PSBT has ${tx.inputsLength} inputs and ${tx.outputsLength} outputs for ${context.items.length} inscriptions.`,
    );
  }
  const items = context.items.flatMap((item, i): ListingReviewItem[] => {
    if (i >= tx.inputsLength || i >= tx.outputsLength) return [];
    const input = tx.getInput(i);
    const output = tx.getOutput(i);
    const expected = parseOutpoint(item.outpoint);
    const txid = input.txid && bytesToHex(input.txid);
    if (!expected || txid !== expected.txid || input.index !== expected.vout) {
      problems.push(`${item.label}: the PSBT spends another output than the inscription's.`);
    }
    const { makerWitnessScript } = context;
    if (makerWitnessScript !== undefined && !spendsMakerWallet(input, makerWitnessScript)) {
      problems.push(`${item.label}: the PSBT does not spend your maker wallet's output.`);
    }
    const postage = input.witnessUtxo?.amount;
    if (postage === undefined) problems.push(`${item.label}: the PSBT lacks the input's amount.`);
    const payoutAddress = output.script && addressOfScript(output.script, context.network);
    if (!payoutAddress || !context.ownAddresses.includes(payoutAddress)) {
      problems.push(
        `${item.label}: the sale would pay ${payoutAddress ?? 'a script'}, not your wallet.`,
      );
    }
    const payout = output.amount ?? 0n;
    const platformFee = item.price + (postage ?? 0n) - payout;
    if (platformFee < 0n || platformFee > item.price) {
      problems.push(`${item.label}: the payout does not match the price.`);
    }
    return [
      {
        label: item.label,
        price: item.price,
        payout,
        payoutAddress,
        postage: postage ?? 0n,
        platformFee,
      },
    ];
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
