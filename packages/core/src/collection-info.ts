import { z } from 'zod';
import type { BitcoinNetwork } from '@om/bitcoin';
import {
  btcAddressRule,
  emailRule,
  minLengthRule,
  optionalUrlRule,
  requiredRule,
  ruledString,
} from './rules.ts';
import { LaunchpadSlugSchema } from './slug.ts';
import { socialLinkSchema } from './social-links.ts';
import { ICON_REQUIRED } from './image-rules.ts';

// product.md#validation, collection information.
export const COLLECTION_NAME_REQUIRED = 'Collection name is required.';
export const COLLECTION_NAME_MIN = 'Collection name must be at least 3 characters long.';
export const COLLECTION_NAME_IN_USE_WARNING =
  'This collection name is already in use. Please select a unique name, or continue if you are using an existing collection.';
export const COLLECTION_NAME_TAKEN = 'Collection name is already taken.';
// The spec gives the minimum (20) but no message.
export const DESCRIPTION_MIN = 'Description must be at least 20 characters long.';
export const INVALID_URL = 'Please provide a valid URL.';
export const CREATOR_NAME_MIN = 'Creator name must be at least 3 characters long.';
export const INVALID_EMAIL = 'Please provide a valid email address.';
// Required but no message in the spec.
export const CREATOR_BTC_ADDRESS_REQUIRED = 'Creator BTC address is required.';

// product.md#spec-gaps: the banner is sent as the URL its upload answered, never as a file or
// other value.
export const BANNER_NOT_A_URL = 'Banner must be the URL of an uploaded image.';

export const NAME_MIN_LENGTH = 3;
export const DESCRIPTION_MIN_LENGTH = 20;
export const CREATOR_NAME_MIN_LENGTH = 3;

export function descriptionSchema(isOptional = false) {
  const min = minLengthRule(DESCRIPTION_MIN_LENGTH, DESCRIPTION_MIN);
  return ruledString(DESCRIPTION_MIN, [(v) => (isOptional && v === '' ? undefined : min(v))]);
}

export function creatorSchemaShape(network: BitcoinNetwork) {
  return {
    creator_name: ruledString(CREATOR_NAME_MIN, [
      minLengthRule(CREATOR_NAME_MIN_LENGTH, CREATOR_NAME_MIN),
    ]),
    creator_email: ruledString(INVALID_EMAIL, [emailRule(INVALID_EMAIL)]),
    creator_btc_address: ruledString(CREATOR_BTC_ADDRESS_REQUIRED, [
      requiredRule(CREATOR_BTC_ADDRESS_REQUIRED),
      btcAddressRule(network),
    ]),
  };
}

export const socialLinksShape = {
  twitter_link: socialLinkSchema('x'),
  discord_link: socialLinkSchema('discord'),
  telegram_link: socialLinkSchema('telegram'),
  instagram_link: socialLinkSchema('instagram'),
};

/**
 * The collection information form and the meta sent with a launch. The address is checked
 * for the network (testnet rules on signet and testnet). `icon` is the uploaded image URL;
 * the file itself is checked with iconFileError before upload. On the edit form
 * (isEdit) the description may be left empty. `banner` is an optional uploaded URL, like `icon`.
 */
export function collectionInfoSchema(network: BitcoinNetwork, options: { isEdit?: boolean } = {}) {
  return z.object({
    name: ruledString(COLLECTION_NAME_REQUIRED, [
      requiredRule(COLLECTION_NAME_REQUIRED),
      minLengthRule(NAME_MIN_LENGTH, COLLECTION_NAME_MIN),
    ]),
    // A launch's slug: 'Launchpad slug is required.' (product.md#validation); auctions keep 'Slug
    // is required.'.
    slug: LaunchpadSlugSchema,
    description: descriptionSchema(options.isEdit ?? false),
    website_link: ruledString(INVALID_URL, [optionalUrlRule(INVALID_URL)]).default(''),
    ...socialLinksShape,
    ...creatorSchemaShape(network),
    icon: ruledString(ICON_REQUIRED, [requiredRule(ICON_REQUIRED)]),
    // product.md#spec-gaps: the banner's uploaded URL, optional ('' or absent is none); the file
    // itself is checked with bannerFileError before upload, the URL by the server like the icon's.
    banner: ruledString(BANNER_NOT_A_URL, []).optional(),
  });
}

export type CollectionInfo = z.output<ReturnType<typeof collectionInfoSchema>>;
export type CollectionInfoInput = z.input<ReturnType<typeof collectionInfoSchema>>;
