import type { BitcoinNetwork } from '../networks.ts';
import { checkListingPsbt, type ListingPsbtProblem } from '../psbt/listing-check.ts';
import { makerFee } from '../psbt/listing.ts';
import { sellerSigningProblems, type SellerSigningProblem } from './seller-signing-check.ts';

export type AuctionSettlementProblem =
  | { code: 'unreadable' }
  | ListingPsbtProblem
  /** The PSBT values the deposited output at `valued`, not the deposit's `postage`. */
  | { code: 'postage-mismatch'; valued: bigint; postage: bigint }
  | { code: 'payout-below-floor'; payout: bigint; floor: bigint }
  | SellerSigningProblem;

type AuctionSettlementCheck = {
  /** The floor payout output: floor − platform fee + postage, to the payment address. */
  payout: bigint;
  payoutAddress: string | undefined;
  problems: AuctionSettlementProblem[];
};

/**
 * An auction's settlement PSBT (ADR 012) spends the deposit's output 0 and pays the seller's
 * payment address at the floor less at most the platform's fee plus the postage (checkListingPsbt),
 * signed SIGHASH_SINGLE|ANYONECANPAY on input 0 by the payment key alone: it is the only signature
 * the seller gives, and it is what every bid completes. Never throws: an unreadable PSBT is a
 * problem, and the signing asked is still checked.
 */
export function checkAuctionSettlementPsbt(
  psbtBase64: string,
  request: {
    network: BitcoinNetwork;
    paymentAddress: string;
    makerWitnessScript: string;
    /** The deposit's txid (its output 0 holds the inscription) and that output's value. */
    depositTxid: string;
    postage: bigint;
    /** max(start price, reserve) in sats. */
    floor: bigint;
    platformFeeBps: number;
    inputsToSign: readonly { index: number; address: string; sighash?: number }[];
  },
): AuctionSettlementCheck {
  const { floor, postage, paymentAddress } = request;
  const problems: AuctionSettlementProblem[] = [];
  let item: ReturnType<typeof checkListingPsbt>['items'][number] | undefined;
  try {
    const check = checkListingPsbt(psbtBase64, {
      network: request.network,
      ownAddresses: [paymentAddress],
      items: [{ outpoint: { txid: request.depositTxid, vout: 0 }, price: floor }],
      makerWitnessScript: request.makerWitnessScript,
    });
    problems.push(...check.problems);
    item = check.items[0];
  } catch {
    problems.push({ code: 'unreadable' });
  }
  if (item) {
    const least = floor - makerFee(floor, request.platformFeeBps) + postage;
    if (item.postage !== postage) {
      problems.push({ code: 'postage-mismatch', valued: item.postage, postage });
    }
    if (item.payout < least)
      problems.push({ code: 'payout-below-floor', payout: item.payout, floor });
  }
  problems.push(...sellerSigningProblems(request.inputsToSign, [0], paymentAddress));
  return { payout: item?.payout ?? 0n, payoutAddress: item?.payoutAddress, problems };
}
