import { slugify, type CollectionInfoInput } from '@om/core';

// The collection information step's own rules, beside core's collectionInfoSchema
// (product.md#validation).

/** The fields the creator must fill in; Next waits until each was touched (or came filled in). */
export const REQUIRED_INFO_FIELDS = [
  'name',
  'slug',
  'description',
  'creator_name',
  'creator_email',
  'creator_btc_address',
  'icon',
] as const satisfies readonly (keyof CollectionInfoInput)[];

/**
 * Whether the slug is the creator's own. The slug follows the name (slugify, product.md#validation)
 * until the creator types one that is not the name's; emptying it makes it follow the name again.
 */
export function isCustomSlug(name: string, slug: string): boolean {
  return slug !== '' && slug !== slugify(name);
}
