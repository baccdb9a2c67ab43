import { emptyAuctionInfo, type AuctionInfoInput, type CreateAuctionPayload } from '@om/core';
import type { AuctionPsbtReview } from './auction-psbt-review.ts';

// What the Auction flow of the wizard collects (product.md#records "Auction form"), kept in the
// launch draft beside the other flows' parts.

/** The details form as typed: prices in BTC, dates 'yyyy-MM-dd', times 'HH:mm'. */
export type AuctionDetailsInput = {
  start_price: string;
  reserve_price: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
};

export type AuctionSignatures = { signedPSBT: string; signedSettlementPSBT: string };

/**
 * The auction the server created and waits to see signed. It holds its slug and its inscription
 * from then on, so a second Submit of the same request signs (or confirms) this one again rather
 * than creating another.
 */
export type CreatedAuction = {
  /** The create body it answered, as JSON. */
  request: string;
  payload: CreateAuctionPayload;
  /** What the browser read in both PSBTs before offering to sign them. */
  review: AuctionPsbtReview;
  /** Both PSBTs as the wallet signed them: they are signed once. */
  signed: AuctionSignatures | null;
};

export type AuctionDraft = {
  info: AuctionInfoInput;
  details: AuctionDetailsInput;
  inscriptionId: string;
  /** 'txid:vout' of the inscription: its satpoint minus the offset (product.md#validation). */
  utxo: string;
  created: CreatedAuction | null;
};

/** product.md#records's info defaults, with the social links the form also shows. */
export const EMPTY_AUCTION_INFO: Required<AuctionInfoInput> = {
  ...emptyAuctionInfo(),
  auction_url: '',
  twitter_link: '',
  discord_link: '',
  telegram_link: '',
  instagram_link: '',
};

export const EMPTY_AUCTION_DETAILS: AuctionDetailsInput = {
  start_price: '',
  reserve_price: '',
  start_date: '',
  start_time: '',
  end_date: '',
  end_time: '',
};

export function emptyAuctionDraft(): AuctionDraft {
  return {
    info: EMPTY_AUCTION_INFO,
    details: EMPTY_AUCTION_DETAILS,
    inscriptionId: '',
    utxo: '',
    created: null,
  };
}

/**
 * The fields of 'Launch Your Auction' the creator must fill in (product.md#validation "Auction").
 */
export const REQUIRED_AUCTION_INFO_FIELDS = [
  'name',
  'slug',
  'description',
  'creator_name',
  'creator_email',
  'creator_btc_address',
] as const satisfies readonly (keyof AuctionInfoInput)[];

/**
 * product.md#records: "Required in details: start_date, start_time, end_date, end_time,
 * start_price".
 */
export const REQUIRED_AUCTION_DETAILS_FIELDS = [
  'start_price',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
] as const satisfies readonly (keyof AuctionDetailsInput)[];
