import { z } from 'zod';
import { firstError, type Rule } from './rules.ts';

// product.md#validation (collection information, auction information): slug rules and messages.
export const SLUG_REQUIRED = 'Slug is required.';
export const LAUNCHPAD_SLUG_REQUIRED = 'Launchpad slug is required.';
export const SLUG_LOWERCASE = 'Slug must be in lowercase.';
export const SLUG_NO_SPACES = 'Slug cannot contain spaces.';
export const SLUG_CHARACTERS =
  'Slug can only contain lowercase letters, numbers, hyphens, and underscores.';
export const LAUNCHPAD_SLUG_TAKEN = 'Launchpad slug is already taken.';
export const AUCTION_SLUG_TAKEN = 'Auction slug is already taken.';
export const SLUG_MIN_LENGTH = 1;

/**
 * The slug derived from a name (product.md#validation): trim, lowercase, whitespace runs become
 * hyphens, and characters outside a-z, 0-9, underscore and hyphen are dropped.
 */
export function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '');
}

/** The first slug message in the spec's order: required, lowercase, spaces, characters. */
export function slugError(slug: string, requiredMessage = SLUG_REQUIRED): string | undefined {
  const rules: Rule<string>[] = [
    (v) => (v.length < SLUG_MIN_LENGTH ? requiredMessage : undefined),
    (v) => (v !== v.toLowerCase() ? SLUG_LOWERCASE : undefined),
    (v) => (/\s/.test(v) ? SLUG_NO_SPACES : undefined),
    (v) => (/^[a-z0-9_-]+$/.test(v) ? undefined : SLUG_CHARACTERS),
  ];
  return firstError(slug, rules);
}

/** The slug field; uniqueness is an async server check reported with the *_TAKEN messages. */
export function slugSchema(requiredMessage = SLUG_REQUIRED) {
  return z.string({ error: requiredMessage }).superRefine((value, ctx) => {
    const message = slugError(value, requiredMessage);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  });
}

export const SlugSchema = slugSchema();
export const LaunchpadSlugSchema = slugSchema(LAUNCHPAD_SLUG_REQUIRED);
