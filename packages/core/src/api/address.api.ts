import { z } from 'zod';

// GET /api/address/{address}/inscriptions?limit=&offset=: what an address holds per the indexer
// (the /profile "My inscriptions" tab), with each inscription's output and active listing.
export const AddressInscriptionsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .default(500),
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});

export const AddressInscriptionSchema = z.object({
  inscriptionId: z.string(),
  number: z.number().int().nullable(),
  name: z.string().nullable(),
  contentType: z.string().nullable(),
  collectionSlug: z.string().nullable(),
  /** 'txid:vout' of the output holding it. */
  outpoint: z.string(),
  /** A mempool transaction spends that output: it is moving and cannot be listed now. */
  isMoving: z.boolean(),
  listingId: z.string().nullable(),
  price: z.string().regex(/^\d+$/).nullable(),
  /** False while its collection is under review (a new launch's): the market lists it later. */
  isTradable: z.boolean(),
});
export type AddressInscription = z.infer<typeof AddressInscriptionSchema>;
export const AddressInscriptionsPayloadSchema = z.object({
  inscriptions: z.array(AddressInscriptionSchema),
});
