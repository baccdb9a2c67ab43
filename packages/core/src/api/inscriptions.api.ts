import { z } from 'zod';

/** ord's inscription id: the reveal txid, 'i', the envelope's index in that transaction. */
export const InscriptionIdParamSchema = z.object({
  inscriptionId: z.string().regex(/^[0-9a-f]{64}i\d+$/, 'Invalid inscription ID format.'),
});

export const InscriptionCollectionSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** How many inscriptions the collection holds: the denominator of each trait's rarity. */
  supply: z.number().int(),
  /** Browsable at /collections/{slug}; false while under review (then only its launch shows it). */
  isListed: z.boolean(),
  /** The launch that sells the collection, for /mint/{slug}; null when there is none. */
  launchSlug: z.string().nullable(),
});
export type InscriptionCollection = z.infer<typeof InscriptionCollectionSchema>;

export const InscriptionTraitSchema = z.object({
  category: z.string(),
  value: z.string(),
  /** How many of the collection's inscriptions have this value of this category. */
  count: z.number().int(),
});
export type InscriptionTrait = z.infer<typeof InscriptionTraitSchema>;

export const InscriptionEditionSchema = z.object({
  /** The editions launch, for /mint/{slug}. */
  launchSlug: z.string(),
  /** The launch's name (its collection's). */
  name: z.string(),
  /** The original inscription the edition delegates to. */
  originalId: z.string(),
});
export type InscriptionEdition = z.infer<typeof InscriptionEditionSchema>;

// GET /api/shared/inscriptions/details/{inscriptionId}
export const InscriptionDetailsPayloadSchema = z.object({
  inscriptionId: z.string(),
  number: z.number().int(),
  sequence: z.number().int(),
  contentType: z.string().nullable(),
  contentLength: z.number().int(),
  contentEncoding: z.string().nullable(),
  metaprotocol: z.string().nullable(),
  /** ord's charms: cursed, vindicated, unbound, burned, lost, reinscription. */
  charms: z.array(z.string()),
  parents: z.array(z.string()),
  delegate: z.string().nullable(),
  genesisHeight: z.number().int(),
  genesisTxid: z.string(),
  /** Sats, as a decimal string. */
  genesisFee: z.string(),
  /** ISO time of the genesis block. */
  timestamp: z.string(),
  /** txid:vout:offset */
  satpoint: z.string(),
  /** null when burned, unbound or lost. */
  address: z.string().nullable(),
  /** Sats of the output holding it, as a decimal string. */
  outputValue: z.string(),
  collectionSlug: z.string().nullable(),
  /** The catalogue's name of the item (Block Punk #6); null when it has none or is unreviewed. */
  name: z.string().nullable(),
  /** Its collection when the market shows it: browsable (not under review) or in a launch. */
  collection: InscriptionCollectionSchema.nullable(),
  /** Its traits, each with how many of the collection's `supply` items share it (its rarity). */
  traits: z.array(InscriptionTraitSchema),
  /** The editions launch that revealed it (a delegate of the launch's original), by name. */
  edition: InscriptionEditionSchema.nullable(),
  /** A mempool transaction spends its output: it is moving and not yet confirmed. */
  isMoving: z.boolean(),
  movingTxid: z.string().nullable(),
});
export type InscriptionDetailsPayload = z.infer<typeof InscriptionDetailsPayloadSchema>;

// GET /api/shared/inscriptions/{inscriptionId}/transfers
export const InscriptionTransferSchema = z.object({
  txid: z.string(),
  height: z.number().int(),
  timestamp: z.string(),
  satpoint: z.string(),
  address: z.string().nullable(),
  outputValue: z.string(),
});
export const InscriptionTransfersPayloadSchema = z.object({
  transfers: z.array(InscriptionTransferSchema),
});
export type InscriptionTransfer = z.infer<typeof InscriptionTransferSchema>;
