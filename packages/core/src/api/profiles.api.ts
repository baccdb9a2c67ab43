import { z } from 'zod';
import { PROFILE_BATCH_SIZE } from '../paging.ts';

/**
 * Profiles and artists (product.md#records Profile: isArtist, username, metadata.name;
 * product.md#roles: artists are profiles with isArtist true and a non-empty username;
 * product.md#constants-and-limits: artists 20 a page, artwork 12, profile batch lookup 30
 * addresses). The spec names no paths for these calls.
 */

export const USERNAME_RULE = 'The username must be 3 to 20 characters: a-z, 0-9 or _.';
export const NAME_TOO_LONG = 'The name must be at most 50 characters.';
export const ARTIST_NEEDS_USERNAME = 'Choose a username to be listed as an artist.';
export const USERNAME_TAKEN = 'That username is taken.';

/** '' clears the username; otherwise lowercase a-z, 0-9, _ (so it is unique case-insensitively). */
const username = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => s === '' || /^[a-z0-9_]{3,20}$/.test(s), USERNAME_RULE);

// PUT /api/profile (signed in): the signed-in address's own profile, written whole.
export const ProfileUpdateSchema = z
  .object({
    username,
    name: z.string().trim().max(50, NAME_TOO_LONG),
    isArtist: z.boolean({ error: 'isArtist must be true or false' }),
  })
  .refine((p) => !p.isArtist || p.username !== '', {
    message: ARTIST_NEEDS_USERNAME,
    path: ['username'],
  });
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;

/** Who an address is: nulls and isArtist false when it has no profile. */
export const ProfileSummarySchema = z.object({
  username: z.string().nullable(),
  name: z.string().nullable(),
  isArtist: z.boolean(),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;

// GET /api/profiles/{address}; the answer to PUT /api/profile.
export const ProfileSchema = ProfileSummarySchema.extend({ address: z.string() });
export type Profile = z.infer<typeof ProfileSchema>;

// POST /api/profiles/batch: the makers and takers of a list, named at once.
export const ProfileBatchBodySchema = z.object({
  addresses: z
    .array(z.string().trim().min(1, 'addresses must not hold an empty address').max(100), {
      error: 'addresses must be a list of addresses',
    })
    .min(1, 'addresses must name at least one address')
    .max(PROFILE_BATCH_SIZE, `addresses must name at most ${PROFILE_BATCH_SIZE} addresses`),
});
/** Only addresses that have a profile appear. */
export const ProfileBatchPayloadSchema = z.object({
  profiles: z.record(z.string(), ProfileSummarySchema),
});
export type ProfileBatch = z.infer<typeof ProfileBatchPayloadSchema>['profiles'];

export const ProfilesPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
});

export const ArtistSchema = z.object({
  address: z.string(),
  username: z.string(),
  name: z.string().nullable(),
});
export type Artist = z.infer<typeof ArtistSchema>;

// GET /api/artists?page=
export const ArtistsPageSchema = z.object({
  artists: z.array(ArtistSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type ArtistsPage = z.infer<typeof ArtistsPageSchema>;

export const UsernameParamSchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_]{3,20}$/, USERNAME_RULE),
});

export const ArtworkSchema = z.object({
  inscriptionId: z.string(),
  number: z.number().int().nullable(),
  name: z.string().nullable(),
  contentType: z.string().nullable(),
  collectionSlug: z.string().nullable(),
});
export type Artwork = z.infer<typeof ArtworkSchema>;

// GET /api/artists/{username}/artwork?page=
export const ArtworkPageSchema = z.object({
  artist: ArtistSchema,
  artwork: z.array(ArtworkSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type ArtworkPage = z.infer<typeof ArtworkPageSchema>;
