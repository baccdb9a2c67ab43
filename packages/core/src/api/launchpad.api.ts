import { z } from 'zod';
import type { BitcoinNetwork } from '@om/bitcoin';
import { collectionInfoSchema } from '../collection-info.ts';
import {
  EDITION_END_BEFORE_START,
  EDITION_END_IN_PAST,
  EDITION_PRICE_MIN,
  EDITIONS_MIN,
} from '../edition-form.ts';
import { InscriptionListSchema } from '../inscription-entry.ts';
import { InscriptionIdSchema } from '../inscription-id.ts';
import { INVALID_INSCRIPTION_SIGNATURE, parseOwnershipSignature } from '../ownership-signature.ts';
import { submittedPhasesSchema } from '../phase-submit.ts';
import { LaunchpadSlugSchema } from '../slug.ts';
import { feeRateSchema, PurchaseQuoteSchema } from './trade.api.ts';
import {
  compressedKeyHex as compressedKey,
  publicKeyHex as anyKey,
  requiredText as address,
  base64Psbt,
} from './wire-fields.ts';

/** A launch's batch PSBT holds up to 100 inputs: twice the market's limit. */
const psbt = (field: string) => base64Psbt(field, 4_000_000);

/**
 * The pre-inscribed launch of product.md#creator-calls and its mint of product.md#market-calls
 * "Launch mint and offers" (ADR 010). The creator's inscriptions move into their maker wallet;
 * each phase signs every one of them SIGHASH_SINGLE|ANYONECANPAY at its price, in batches; the
 * platform co-signs a mint only when it respects the phase, its allow list and allocations.
 */

/** At most this many inscriptions in one launch. */
export const LAUNCH_MAX_INSCRIPTIONS = 10_000;
/** Inscriptions per batch PSBT the creator signs (and per deposit transaction). */
export const LAUNCH_BATCH_SIZE = 100;
/** A minter may take at most this many in one transaction. */
export const MINT_MAX_COUNT = 20;

export const LAUNCHPAD_STATUSES = [
  'initializing',
  'pending_psbt_signature',
  'pending',
  'active',
  'failed',
  'canceled',
] as const;
export type LaunchpadStatus = (typeof LAUNCHPAD_STATUSES)[number];

// POST /api/launchpad/create (product.md#records Launchpad request). meta is the collection
// information form with the icon's URL; data the inscription entries; feeRate pays the deposit into
// the maker wallet (the spec leaves the fee out; the wizard sends the wallet's rate).
export function createLaunchpadBodySchema(network: BitcoinNetwork) {
  return z.object({
    slug: LaunchpadSlugSchema,
    makerPaymentAddress: address('makerPaymentAddress'),
    makerPaymentPublicKey: compressedKey('makerPaymentPublicKey'),
    makerOrdinalPublicKey: anyKey('makerOrdinalPublicKey'),
    makerOrdinalAddress: address('makerOrdinalAddress'),
    meta: collectionInfoSchema(network),
    data: InscriptionListSchema.refine(
      (list) => list.length <= LAUNCH_MAX_INSCRIPTIONS,
      `A launch holds at most ${LAUNCH_MAX_INSCRIPTIONS} inscriptions`,
    ),
    phases: submittedPhasesSchema(network),
    feeRate: feeRateSchema.default(1),
  });
}
export type CreateLaunchpadBody = z.input<ReturnType<typeof createLaunchpadBodySchema>>;
export const CreateLaunchpadPayloadSchema = z.object({ launchpadId: z.string() });

/** A batch the creator signs: 'deposit' moves inscriptions into the maker wallet, 'listing' signs them at a phase price. */
export const PSBT_BATCH_KINDS = ['deposit', 'listing'] as const;
export const PsbtBatchSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'signed', 'invalidated']),
  phase_id: z.string(),
  batch_number: z.number().int(),
  inscription_count: z.number().int(),
  kind: z.enum(PSBT_BATCH_KINDS),
});
export type PsbtBatch = z.infer<typeof PsbtBatchSchema>;

// product.md#records Phase (server); price in sats as a decimal string.
export const LaunchPhaseSchema = z.object({
  id: z.string(),
  launchpad_id: z.string(),
  name: z.string(),
  phase_number: z.number().int(),
  start_date: z.number().int(),
  end_date: z.number().int().nullable(),
  status: z.enum(['pending', 'signed', 'active']),
  total_inscriptions: z.number().int(),
  remaining_inscriptions: z.number().int(),
  is_public: z.boolean(),
  price: z.string(),
  allocation: z.number().int().nullable(),
  psbts: z.array(PsbtBatchSchema),
});
export type LaunchPhase = z.infer<typeof LaunchPhaseSchema>;

// GET /api/launchpad/info/{launchpadId}
export const LaunchpadInfoSchema = z.object({
  id: z.string(),
  slug: z.string(),
  status: z.enum(LAUNCHPAD_STATUSES),
  phases: z.array(LaunchPhaseSchema),
  total_inscriptions: z.number().int(),
  failed_reason: z.string().nullable(),
});
export type LaunchpadInfo = z.infer<typeof LaunchpadInfoSchema>;

const inputsToSign = z.array(
  z.object({ index: z.number().int(), address: z.string(), sighash: z.number().int().optional() }),
);
// GET /api/launchpad/get-psbt/{psbtId}: the spec's id and psbt, plus who signs which input.
export const LaunchPsbtPayloadSchema = z.object({
  id: z.string(),
  psbt: z.string(),
  kind: z.enum(PSBT_BATCH_KINDS),
  inputsToSign,
});
export type LaunchPsbtPayload = z.infer<typeof LaunchPsbtPayloadSchema>;

// PUT /api/launchpad/confirm/{psbtId}
export const ConfirmLaunchPsbtBodySchema = z.object({ signedPsbt: psbt('signedPsbt') });
export const ConfirmLaunchPsbtPayloadSchema = z.object({
  id: z.string(),
  status: z.literal('signed'),
  /** The deposit's transaction id once broadcast; null for a listing batch. */
  txId: z.string().nullable(),
  launchpadStatus: z.enum(LAUNCHPAD_STATUSES),
});

// The mint page: GET /api/launchpad/{slug}
export const PublicLaunchpadSchema = z.object({
  id: z.string(),
  slug: z.string(),
  status: z.enum(LAUNCHPAD_STATUSES),
  launchpad_type: z.enum(['psbt', 'editions']),
  total_inscriptions: z.number().int(),
  remaining_inscriptions: z.number().int().nullable(),
  minted: z.number().int(),
  /**
   * Unminted items still moving into the launch wallet (their deposit is unconfirmed): not
   * mintable before the next block (product.md#walk-through-fixes item 10). Always 0 for editions.
   */
  moving_inscriptions: z.number().int().nonnegative(),
  /** Items held for a mint offer being signed now (product.md#records); 0 for editions. */
  reserved_inscriptions: z.number().int().nonnegative(),
  /**
   * product.md#records, #validation: presold inscriptions add to the total of the progress; a
   * total-sold override replaces the remaining. Null when not set.
   */
  meta_data: z.object({
    presold_inscriptions: z.number().int().nonnegative().nullable(),
    total_sold_override: z.number().int().nonnegative().nullable(),
  }),
  hide_progress: z.boolean(),
  created_at: z.string(),
  collection: z.object({
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    icon: z.string().nullable(),
  }),
  phases: z.array(LaunchPhaseSchema.omit({ psbts: true })),
});
export type PublicLaunchpad = z.infer<typeof PublicLaunchpadSchema>;

// GET /api/launchpad/get-allocation/{launchpadId}/{address}?paymentAddress=: what the wallet may mint
// now, counted as the mint counts it (per allow-list entry, over both of its addresses).
export const AllocationSchema = z.object({
  phaseId: z.string().nullable(),
  isPublic: z.boolean(),
  /** Allow-listed (always true in a public phase). */
  isAllowed: z.boolean(),
  /** Null: unlimited. */
  allocation: z.number().int().nullable(),
  minted: z.number().int(),
  /** Null: unlimited (still bounded by what remains). */
  remaining: z.number().int().nullable(),
  /**
   * The entry is the ordinals address, not the signed-in payment address: the mint asks its
   * signature of mintProofMessage (product.md#trust-findings finding 1).
   */
  ordinalsProofNeeded: z.boolean().optional(),
});
export type Allocation = z.infer<typeof AllocationSchema>;

// POST /api/launchpad/offer/create (product.md#market-calls)
export const CreateMintOfferBodySchema = z.object({
  id: z.uuid('id must be a launchpad id'),
  mintCount: z
    .number({ error: 'mintCount must be a whole number' })
    .int('mintCount must be a whole number')
    .min(1, 'mintCount must be at least 1')
    .max(MINT_MAX_COUNT, `mintCount must be at most ${MINT_MAX_COUNT}`),
  takerOrdinalAddress: address('takerOrdinalAddress'),
  takerPaymentAddress: address('takerPaymentAddress'),
  takerPaymentPublicKey: anyKey('takerPaymentPublicKey'),
  feeRate: feeRateSchema,
  satScan: z.boolean().default(false),
  /**
   * The ordinals address's signature of mintProofMessage, when it is not the signed-in address
   * and it is the one on the allow list (product.md#trust-findings finding 1).
   */
  ordinalsSignature: z
    .string({ error: 'ordinalsSignature must be a signature' })
    .trim()
    .min(1, 'ordinalsSignature must be a signature')
    .max(2000, 'ordinalsSignature is too long')
    .optional(),
});
export type CreateMintOfferBody = z.input<typeof CreateMintOfferBodySchema>;
export const CreateMintOfferPayloadSchema = z.object({
  /** The reserved items (orderbook ids), to send back with the signed PSBT. */
  ids: z.array(z.string()),
  psbt: z.string(),
  inputsToSign,
  setupPsbt: z.string().nullable(),
  setupInputsToSign: inputsToSign,
  quote: PurchaseQuoteSchema,
  /** When the reservation lapses (ISO time). */
  expiresAt: z.string(),
});
export type CreateMintOfferPayload = z.infer<typeof CreateMintOfferPayloadSchema>;

// POST /api/launchpad/offer/submit
export const SubmitMintOfferBodySchema = z.object({
  ids: z
    .array(z.uuid('ids must be a list of item ids'))
    .min(1, 'ids must not be empty')
    .max(MINT_MAX_COUNT, `ids may hold at most ${MINT_MAX_COUNT} items`),
  signedPsbt: psbt('signedPsbt'),
  signedSetupPsbt: psbt('signedSetupPsbt').optional(),
});
export type SubmitMintOfferBody = z.input<typeof SubmitMintOfferBodySchema>;

// POST /api/launchpad/offer/release: the signed-in minter gives back an offer's items at once (a
// review closed, or an offer that failed after it was built: product.md#walk-through-fixes item
// 10, product.md#trust-findings #3).
export const ReleaseMintOfferBodySchema = z.object({
  ids: z
    .array(z.uuid('ids must be a list of item ids'))
    .min(1, 'ids must not be empty')
    .max(MINT_MAX_COUNT, `ids may hold at most ${MINT_MAX_COUNT} items`),
});
export type ReleaseMintOfferBody = z.input<typeof ReleaseMintOfferBodySchema>;
export const ReleaseMintOfferPayloadSchema = z.object({ released: z.number().int() });
export const SubmitMintOfferPayloadSchema = z.object({
  txId: z.string(),
  setupTxId: z.string().nullable(),
});

// GET /api/launchpad/featured: up to 4 listed launches per type (product.md#market-screens), Live
// first, then Coming soon, then the rest, newest first within each (product.md#walk-through-fixes
// item 4); the Live / SoldOut / ComingSoon / Ended badge is featuredStatus() of launch-status.ts.
export const LaunchSummarySchema = PublicLaunchpadSchema.omit({
  collection: true,
  moving_inscriptions: true,
  reserved_inscriptions: true,
}).extend({
  name: z.string(),
  icon: z.string().nullable(),
});
export type LaunchSummary = z.infer<typeof LaunchSummarySchema>;
export const FeaturedLaunchesSchema = z.object({
  psbt: z.array(LaunchSummarySchema),
  editions: z.array(LaunchSummarySchema),
});
export type FeaturedLaunches = z.infer<typeof FeaturedLaunchesSchema>;

// GET /api/launchpad/launches?status=&type=&limit=&offset= (product.md#walk-through-fixes item 4):
// every listed launch, Live first, then Coming soon, then the rest (sold out or ended), newest
// first within each. live = Live, upcoming = ComingSoon, ended = SoldOut or Ended (featuredStatus
// at the server's clock).
export const LAUNCH_LIST_STATUSES = ['all', 'live', 'upcoming', 'ended'] as const;
export type LaunchListStatus = (typeof LAUNCH_LIST_STATUSES)[number];
export const LAUNCH_TYPES = ['psbt', 'editions'] as const;
export const LAUNCHES_PAGE_SIZE = 20;
export const LaunchesQuerySchema = z.object({
  status: z
    .enum(LAUNCH_LIST_STATUSES, { error: 'status must be all, live, upcoming or ended' })
    .default('all'),
  type: z.enum(LAUNCH_TYPES, { error: 'type must be psbt or editions' }).optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(LAUNCHES_PAGE_SIZE),
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type LaunchesQuery = z.input<typeof LaunchesQuerySchema>;
export const LaunchesPayloadSchema = z.object({
  launches: z.array(LaunchSummarySchema),
  total: z.number().int(),
});
export type LaunchesPayload = z.infer<typeof LaunchesPayloadSchema>;

// GET /api/launchpad/check-slug/{slug} and GET /api/launchpad/check-name?name=: the wizard's
// debounced checks ('Launchpad slug is already taken.', the duplicate-name warning).
export const NameCheckSchema = z.object({ taken: z.boolean() });

// POST /api/launchpad/check-inscriptions: the wizard's inscriptions step asks, before the last
// step, which items a launch cannot take (in a collection, or in another launch:
// product.md#walk-through-fixes #1, #12).
export const CheckInscriptionsBodySchema = z.object({
  ids: z
    .array(InscriptionIdSchema)
    .min(1, 'ids must not be empty')
    .max(LAUNCH_MAX_INSCRIPTIONS, `ids may hold at most ${LAUNCH_MAX_INSCRIPTIONS} inscriptions`),
});
export type CheckInscriptionsBody = z.input<typeof CheckInscriptionsBodySchema>;
export const CheckInscriptionsPayloadSchema = z.object({
  unavailable: z.array(z.object({ inscriptionId: z.string(), message: z.string() })),
});
export type CheckInscriptionsPayload = z.infer<typeof CheckInscriptionsPayloadSchema>;

// POST /api/collection/onboard (product.md#creator-calls "meta, data"): a live collection
// submitted for review. Every item must be held by the signed-in address or by ordinalsAddress,
// which then proves itself with ordinalsSignature, its signature of onboardProofMessage
// (product.md#walk-through-fixes item 2).
export function onboardCollectionBodySchema(network: BitcoinNetwork) {
  return z.object({
    meta: collectionInfoSchema(network),
    data: InscriptionListSchema.refine(
      (list) => list.length <= LAUNCH_MAX_INSCRIPTIONS,
      `A collection holds at most ${LAUNCH_MAX_INSCRIPTIONS} inscriptions`,
    ),
    ordinalsAddress: address('ordinalsAddress').optional(),
    ordinalsSignature: z
      .string({ error: 'ordinalsSignature must be a signature' })
      .trim()
      .min(1, 'ordinalsSignature must be a signature')
      .optional(),
  });
}
export type OnboardCollectionBody = z.input<ReturnType<typeof onboardCollectionBodySchema>>;
export const OnboardCollectionPayloadSchema = z.object({
  slug: z.string(),
  status: z.literal('under_review'),
  inscriptions: z.number().int(),
});

// POST /api/launchpad/editions/create (product.md#records "Edition launch payload",
// product.md#creator-calls): price in sats (0 allowed), dates in UTC seconds or null, the
// ownership signature inscriptionId:timestamp:address:signedMessage (BIP-322, checked by the
// server).
export function createEditionBodySchema(network: BitcoinNetwork) {
  const info = collectionInfoSchema(network);
  const seconds = z.number().int().nonnegative().nullable();
  return z
    .object({
      editionInscriptionId: InscriptionIdSchema,
      makerPaymentAddress: address('makerPaymentAddress'),
      numberOfEditions: z
        .number({ error: EDITIONS_MIN })
        .int(EDITIONS_MIN)
        .min(1, EDITIONS_MIN)
        .max(1_000_000, 'numberOfEditions must be at most 1000000'),
      slug: LaunchpadSlugSchema,
      startDate: seconds,
      endDate: seconds,
      price: z
        .union(
          [
            z.number().int(),
            z
              .string()
              .trim()
              .regex(/^\d{1,16}$/),
          ],
          {
            error: EDITION_PRICE_MIN,
          },
        )
        .transform((v) => BigInt(v)),
      signature: z
        .string({ error: INVALID_INSCRIPTION_SIGNATURE })
        .refine((v) => parseOwnershipSignature(v) !== undefined, INVALID_INSCRIPTION_SIGNATURE),
      metaData: info.extend({ hide_progress: z.boolean().default(false) }),
      meta: z.looseObject({}),
    })
    .superRefine((body, ctx) => {
      if (body.endDate !== null && body.startDate !== null && body.endDate <= body.startDate) {
        ctx.addIssue({ code: 'custom', message: EDITION_END_BEFORE_START, path: ['endDate'] });
      }
      if (body.endDate !== null && body.endDate * 1000 < Date.now()) {
        ctx.addIssue({ code: 'custom', message: EDITION_END_IN_PAST, path: ['endDate'] });
      }
      const claim = parseOwnershipSignature(body.signature);
      if (claim && claim.inscriptionId !== body.editionInscriptionId) {
        ctx.addIssue({
          code: 'custom',
          message: INVALID_INSCRIPTION_SIGNATURE,
          path: ['signature'],
        });
      }
    });
}
export type CreateEditionBody = z.input<ReturnType<typeof createEditionBodySchema>>;
export const CreateEditionPayloadSchema = z.object({ id: z.string() });

// POST /api/launchpad/upload-icon (multipart field `file`): the stored icon's URL, kept as info.icon.
export const UploadIconPayloadSchema = z.object({ url: z.string().min(1) });
