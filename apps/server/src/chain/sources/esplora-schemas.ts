import { z } from 'zod';
import type { TxDetails, TxStatus } from './chain-source.ts';

/**
 * Esplora's JSON (Blockstream/esplora API.md; mempool.space serves the same), parsed into our
 * types. Extra fields are ignored; amounts are JSON numbers of sats there, bigint here.
 */

const sats = z
  .number()
  .int()
  .nonnegative()
  .transform((n) => BigInt(n));

export const EsploraStatusSchema = z
  .object({
    confirmed: z.boolean(),
    block_height: z.number().int().optional(),
    block_hash: z.string().optional(),
    block_time: z.number().int().optional(),
  })
  .transform((s): TxStatus =>
    s.confirmed
      ? {
          confirmed: true,
          blockHeight: s.block_height,
          blockHash: s.block_hash,
          blockTime: s.block_time,
        }
      : { confirmed: false },
  );

const OutputSchema = z
  .object({
    scriptpubkey: z.string(),
    scriptpubkey_address: z.string().optional(),
    value: sats,
  })
  .transform((o) => ({
    scriptPubKey: o.scriptpubkey,
    address: o.scriptpubkey_address ?? null,
    value: o.value,
  }));

export const EsploraTxSchema = z
  .object({
    txid: z.string(),
    version: z.number().int(),
    locktime: z.number().int(),
    vin: z.array(
      z.object({
        txid: z.string(),
        vout: z.number().int(),
        prevout: OutputSchema.nullable(),
        // Esplora leaves witness out for inputs without one.
        witness: z.array(z.string()).optional(),
        sequence: z.number().int(),
        is_coinbase: z.boolean(),
      }),
    ),
    vout: z.array(OutputSchema),
    size: z.number().int(),
    weight: z.number().int(),
    fee: sats,
    status: EsploraStatusSchema,
  })
  .transform((tx): TxDetails => ({
    ...tx,
    vin: tx.vin.map((i) => ({
      txid: i.txid,
      vout: i.vout,
      prevout: i.prevout,
      witness: i.witness ?? [],
      sequence: i.sequence,
      isCoinbase: i.is_coinbase,
    })),
  }));

export const EsploraUtxoSchema = z.object({
  txid: z.string(),
  vout: z.number().int(),
  value: sats,
  status: EsploraStatusSchema,
});

const StatsSchema = z.object({ funded_txo_sum: sats, spent_txo_sum: sats });
export const EsploraAddressSchema = z.object({
  chain_stats: StatsSchema,
  mempool_stats: StatsSchema,
});

/** mempool.space's /v1/fees/recommended. */
export const RecommendedFeesSchema = z.object({
  fastestFee: z.number(),
  halfHourFee: z.number(),
  hourFee: z.number(),
  economyFee: z.number(),
  minimumFee: z.number(),
});

/** Esplora's /fee-estimates: confirmation target in blocks → sat/vB. */
export const FeeEstimatesSchema = z.record(z.string(), z.number());
