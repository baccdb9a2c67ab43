import { z } from 'zod';

/** ord's inscription id: the reveal txid, 'i', the envelope's index in that transaction. */
export const InscriptionIdParamSchema = z.object({
  inscriptionId: z.string().regex(/^[0-9a-f]{64}i\d+$/, 'Invalid inscription ID format.'),
});

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
