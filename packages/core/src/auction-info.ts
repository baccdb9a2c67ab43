import { z } from 'zod';
import type { BitcoinNetwork } from '@om/bitcoin';
import { minLengthRule, optionalUrlRule, requiredRule, ruledString } from './rules.ts';
import { slugSchema } from './slug.ts';
import {
  creatorSchemaShape,
  descriptionSchema,
  INVALID_URL,
  NAME_MIN_LENGTH,
  socialLinksShape,
} from './collection-info.ts';

// product.md#validation, auction information: name min 3, slug, description min 20, creator name
// min 3, e-mail and an address valid for the network. The name messages are not in the spec.
export const AUCTION_NAME_REQUIRED = 'Auction name is required.';
export const AUCTION_NAME_MIN = 'Auction name must be at least 3 characters long.';

/**
 * The auction information step (auction_url, social links optional). Slug uniqueness is
 * checked against the server and reported with AUCTION_SLUG_TAKEN.
 */
export function auctionInfoSchema(network: BitcoinNetwork) {
  return z.object({
    name: ruledString(AUCTION_NAME_REQUIRED, [
      requiredRule(AUCTION_NAME_REQUIRED),
      minLengthRule(NAME_MIN_LENGTH, AUCTION_NAME_MIN),
    ]),
    slug: slugSchema(),
    description: descriptionSchema(),
    auction_url: ruledString(INVALID_URL, [optionalUrlRule(INVALID_URL)]).default(''),
    ...socialLinksShape,
    ...creatorSchemaShape(network),
  });
}

export type AuctionInfo = z.output<ReturnType<typeof auctionInfoSchema>>;
export type AuctionInfoInput = z.input<ReturnType<typeof auctionInfoSchema>>;

/** The empty auction information form (product.md#records: info defaults). */
export function emptyAuctionInfo(): AuctionInfoInput {
  return {
    name: '',
    auction_url: '',
    description: '',
    creator_name: '',
    creator_btc_address: '',
    creator_email: '',
    slug: '',
  };
}
