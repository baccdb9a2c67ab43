import { z } from 'zod';
import { RuneOnOutputSchema } from '../runes/runes.api.ts';

/**
 * Chain data endpoints (ADR 005, API): address UTXOs and transactions, transaction status, tip,
 * fee rates and broadcast. Fields mirror Esplora's (Blockstream/esplora API.md) so the shapes read
 * like mempool.space's, with one change: sats travel as decimal strings, never JSON numbers.
 */

const address = z.string().trim().min(1, 'address is required').max(100, 'address is too long');

// GET /api/shared/mempool/address/{address}/txs and /api/shared/address/{address}/utxos
export const AddressParamSchema = z.object({ address });

// GET /api/shared/tx/{txid}/status
export const TxidParamSchema = z.object({
  txid: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'txid must be 64 hex characters')
    .transform((s) => s.toLowerCase()),
});

/** The largest standard transaction is 400,000 weight units, so at most 400,000 bytes. */
const MAX_TX_HEX_LENGTH = 800_000;

// POST /api/shared/tx
export const BroadcastBodySchema = z.object({
  hex: z
    .string({
      error: (issue) => (issue.input === undefined ? 'hex is required' : 'hex must be a string'),
    })
    .trim()
    .min(1, 'hex is required')
    .max(MAX_TX_HEX_LENGTH, 'hex is too long for a standard transaction')
    .regex(/^([0-9a-fA-F]{2})+$/, 'hex must be a raw transaction in hexadecimal')
    .transform((s) => s.toLowerCase()),
});
export type BroadcastBody = z.infer<typeof BroadcastBodySchema>;
export const BroadcastPayloadSchema = z.object({ txid: z.string() });

/** Esplora's status object: block fields only once the transaction is confirmed. */
const ChainTxStatusSchema = z.object({
  confirmed: z.boolean(),
  block_height: z.number().int().optional(),
  block_hash: z.string().optional(),
  /** Unix seconds. */
  block_time: z.number().int().optional(),
});
export type ChainTxStatus = z.infer<typeof ChainTxStatusSchema>;

const sats = z.string().regex(/^\d+$/);

export const ChainTxOutputSchema = z.object({
  scriptpubkey: z.string(),
  /** Absent for scripts without an address (OP_RETURN, bare multisig). */
  scriptpubkey_address: z.string().optional(),
  value: sats,
});

export const ChainTxSchema = z.object({
  txid: z.string(),
  version: z.number().int(),
  locktime: z.number().int(),
  vin: z.array(
    z.object({
      txid: z.string(),
      vout: z.number().int(),
      /** null for the coinbase input, or when the spent output is not known yet. */
      prevout: ChainTxOutputSchema.nullable(),
      witness: z.array(z.string()),
      sequence: z.number().int(),
      is_coinbase: z.boolean(),
    }),
  ),
  vout: z.array(ChainTxOutputSchema),
  size: z.number().int(),
  weight: z.number().int(),
  fee: sats,
  status: ChainTxStatusSchema,
});
export type ChainTx = z.infer<typeof ChainTxSchema>;

// GET /api/shared/mempool/address/{address}/txs: mempool first, then confirmed newest first.
export const AddressTxsPayloadSchema = z.array(ChainTxSchema);

export const UtxoSchema = z.object({
  txid: z.string(),
  vout: z.number().int(),
  value: sats,
  status: ChainTxStatusSchema,
});
export type Utxo = z.infer<typeof UtxoSchema>;
export const InscribedUtxoSchema = UtxoSchema.extend({
  inscriptionIds: z.array(z.string()),
  /** The runes it holds per our runes index; absent where no runes index answers. */
  runes: z.array(RuneOnOutputSchema).optional(),
});
export type InscribedUtxo = z.infer<typeof InscribedUtxoSchema>;

// GET /api/shared/address/{address}/utxos
export const AddressUtxosPayloadSchema = z.object({
  /** Known to hold no inscription: safe to spend as payment, padding or fee. */
  cardinal: z.array(UtxoSchema),
  /**
   * Holds inscriptions or runes, or may (not yet indexed): never spend it as padding or fee.
   * inscriptionIds is empty when the chain source cannot tell yet, or when it holds runes only.
   */
  inscribed: z.array(InscribedUtxoSchema),
});
export type AddressUtxosPayload = z.infer<typeof AddressUtxosPayloadSchema>;

// GET /api/shared/tx/{txid}/status
export const TxStatusPayloadSchema = ChainTxStatusSchema;

// GET /api/shared/blocks/tip/height
export const TipHeightPayloadSchema = z.object({ height: z.number().int() });

// GET /api/shared/fees/recommended: sat/vB, mempool.space's /v1/fees/recommended names.
export const RecommendedFeesPayloadSchema = z.object({
  fastestFee: z.number(),
  halfHourFee: z.number(),
  hourFee: z.number(),
  economyFee: z.number(),
  minimumFee: z.number(),
});
export type RecommendedFeesPayload = z.infer<typeof RecommendedFeesPayloadSchema>;
