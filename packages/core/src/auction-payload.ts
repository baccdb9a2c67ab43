import type { AuctionDetailsValues } from './auction-details.ts';
import type { AuctionInfo } from './auction-info.ts';
import { combineDateTime, toUnixSeconds } from './date-input.ts';
import { btcToSats } from './units.ts';

// product.md#records, auction request payload (POST /api/launchpad/auctions/create).
export type AuctionWallet = {
  paymentAddress: string;
  paymentPublicKey: string;
  ordinalAddress: string;
  ordinalPublicKey: string;
};

/** Prices are sats as decimal strings; dates UTC seconds. */
export type AuctionPayload = {
  utxo: string;
  startPrice: string;
  userPaymentAddress: string;
  userPublicKey: string;
  userOrdinalAddress: string;
  userOrdinalPublicKey: string;
  startDate: number;
  endDate: number;
  slug: string;
  meta: AuctionInfo & { inscription_id: string };
  reservePrice?: string;
};

export type AuctionPayloadInput = {
  info: AuctionInfo;
  details: AuctionDetailsValues;
  inscriptionId: string;
  /** 'txid:vout', from utxoFromSatpoint of the inscription's satpoint. */
  utxo: string;
  wallet: AuctionWallet;
};

function seconds(date: string, time: string): number {
  const combined = combineDateTime(date, time);
  if (!combined) throw new RangeError(`Not a date and time: ${date} ${time}`);
  return toUnixSeconds(combined);
}

/** Validated auction steps as the create request body; reservePrice only when entered. */
export function toAuctionPayload(input: AuctionPayloadInput): AuctionPayload {
  const { info, details, inscriptionId, utxo, wallet } = input;
  const payload: AuctionPayload = {
    utxo,
    startPrice: btcToSats(details.start_price).toString(),
    userPaymentAddress: wallet.paymentAddress,
    userPublicKey: wallet.paymentPublicKey,
    userOrdinalAddress: wallet.ordinalAddress,
    userOrdinalPublicKey: wallet.ordinalPublicKey,
    startDate: seconds(details.start_date, details.start_time),
    endDate: seconds(details.end_date, details.end_time),
    slug: info.slug,
    meta: { ...info, inscription_id: inscriptionId },
  };
  const reserve = details.reserve_price;
  if (reserve !== undefined && reserve !== null && reserve !== '' && !Number.isNaN(reserve)) {
    payload.reservePrice = btcToSats(reserve).toString();
  }
  return payload;
}
