import { dustThreshold, makerFee, scriptOfAddress, type BitcoinNetwork } from '@om/bitcoin';
import { satsText } from '../../lib/trade-format.ts';

// The market's one platform-fee rule, as the server applies it (apps/server listings/
// platform-fee.ts) to listings and launch mints alike: PLATFORM_FEE_BPS of the price, taken from
// the seller's payout (the creator's, for a mint); none for a zero-fee collection, the best
// discount off; and none at all when a purchase's fee is below the smallest output the fee
// address can receive (its dust limit), since no node relays a smaller one.

export type PurchaseFeeContext = {
  /** What the buyer pays for the items, all together. */
  price: bigint;
  /** The platform's output in the purchase PSBT; 0 when it has none. */
  platformFee: bigint;
  feeBps: number;
  platformFeeAddress: string;
  network: BitcoinNetwork;
};

/** The smallest platform fee output, in sats; undefined when no address is configured. */
function feeDust(address: string, network: BitcoinNetwork): bigint | undefined {
  if (!address) return undefined;
  try {
    return dustThreshold(scriptOfAddress(address, network));
  } catch {
    return undefined; // Not an address of this network: the server would not pay one either.
  }
}

/**
 * Under a purchase's "Platform fee": who pays it, or why there is none. Read against the total,
 * which it is not part of: the seller pays it out of the price.
 */
export function purchasePlatformFeeNote(c: PurchaseFeeContext): string {
  if (c.platformFee > 0n) return 'Paid by the seller out of the price: not part of your total.';
  const rate = `${c.feeBps / 100}%`;
  const dust = feeDust(c.platformFeeAddress, c.network);
  if (c.feeBps === 0 || dust === undefined) return 'None: this market charges no platform fee.';
  const fee = makerFee(c.price, c.feeBps);
  if (fee > 0n && fee < dust) {
    return `None: ${rate} of the price is ${satsText(fee)}, less than ${satsText(dust)}, the smallest output the fee address can receive, so it is waived.`;
  }
  return 'None: this collection charges no platform fee.';
}
