import { z } from 'zod';
import {
  base64Psbt as psbt,
  compressedKeyHex as compressedKey,
  publicKeyHex as anyKey,
  requiredText as text,
} from './wire-fields.ts';
import { SPLIT_DEFAULT_OUTPUTS, SPLIT_MAX_OUTPUTS, SPLIT_MIN_OUTPUTS } from '../wallet-rules.ts';
import { feeRateSchema, priceSats } from './trade.api.ts';

/**
 * The multisig and maker wallets of product.md#market-calls "Multisig" (ADR 009): P2WSH 2-of-2
 * between the user's payment key and a platform key, with a user-only path after 144 blocks.
 * Bodies are the spec's, plus the signed PSBT the confirm calls need (the spec leaves it out).
 */

const inscriptionId = z
  .string({ error: 'inscriptionId is required' })
  .trim()
  .regex(/^[0-9a-fA-F]{64}i\d{1,6}$/, 'Invalid inscription ID format.')
  .transform((s) => s.toLowerCase());
const outputCount = (min: number, max: number, fallback: number) =>
  z
    .number({ error: 'numberOfOutputs must be a whole number' })
    .int('numberOfOutputs must be a whole number')
    .min(min, `numberOfOutputs must be at least ${min}`)
    .max(max, `numberOfOutputs must be at most ${max}`)
    .default(fallback);

export const MULTISIG_KINDS = ['multisig', 'maker'] as const;
export type MultisigKind = (typeof MULTISIG_KINDS)[number];
/** Blocks after which the user alone can spend a coin of either wallet. */
export const MULTISIG_CSV_BLOCKS = 144;
/** Each padding output the multisig setup makes: above the 600-sat threshold, so it counts. */
export const MULTISIG_PADDING_SATS = 1_000n;
export const MULTISIG_PADDING_MAX_OUTPUTS = 10;

// POST /api/multisig/get-wallet and /api/multisig/get-maker-wallet
export const GetWalletBodySchema = z.object({
  userPublicKey: compressedKey('userPublicKey'),
  userAddress: text('userAddress'),
});
export type GetWalletBody = z.input<typeof GetWalletBodySchema>;
export const MultisigWalletSchema = z.object({
  id: z.string(),
  kind: z.enum(MULTISIG_KINDS),
  address: z.string(),
  witnessScript: z.string(),
  userPublicKey: z.string(),
  platformPublicKey: z.string(),
  userAddress: z.string(),
  csvBlocks: z.number().int(),
});
export type MultisigWallet = z.infer<typeof MultisigWalletSchema>;

// GET /api/multisig/utxos/{id}: the wallet's coins (id: the wallet's id or address)
export const MultisigUtxoSchema = z.object({
  txid: z.string(),
  vout: z.number().int(),
  value: z.string(),
  /** null while unconfirmed. */
  blockHeight: z.number().int().nullable(),
  confirmations: z.number().int(),
  /** Inscriptions on the coin; null when the indexer cannot vouch for it yet. */
  inscriptions: z.array(z.string()).nullable(),
  isPadding: z.boolean(),
  /** The first height at which the user alone can spend it (confirmed coins only). */
  recoverableAt: z.number().int().nullable(),
});
export type MultisigUtxo = z.infer<typeof MultisigUtxoSchema>;
export const MultisigUtxosPayloadSchema = z.object({
  wallet: MultisigWalletSchema,
  tipHeight: z.number().int(),
  utxos: z.array(MultisigUtxoSchema),
  /** Cardinal coins only: what a withdrawal can spend. */
  availableBalance: z.string(),
  paddingCount: z.number().int(),
});
export type MultisigUtxosPayload = z.infer<typeof MultisigUtxosPayloadSchema>;

// GET /api/multisig/transactions/{id} (product.md#records "Multisig transaction")
export const MultisigTransactionSchema = z.object({
  txid: z.string(),
  /** Net sats into the wallet (negative when it paid out), as a decimal string. */
  amount: z.string(),
  /** Unix seconds of its block, or null while in the mempool. */
  timestamp: z.number().int().nullable(),
  confirmations: z.number().int(),
  blockHeight: z.number().int().nullable(),
});
export type MultisigTransaction = z.infer<typeof MultisigTransactionSchema>;

/** A PSBT the server built for the user to sign, with what it does. */
export const BuiltPsbtPayloadSchema = z.object({
  psbt: z.string(),
  txid: z.string(),
  fee: z.string(),
  vsize: z.number().int(),
  /** Inputs the user's wallet signs, and with which address. */
  inputsToSign: z.array(z.object({ index: z.number().int(), address: z.string() })),
});
export type BuiltPsbtPayload = z.infer<typeof BuiltPsbtPayloadSchema>;
export const MultisigBroadcastPayloadSchema = z.object({ txId: z.string() });

// POST /api/multisig/setup-padding
export const SetupPaddingBodySchema = z.object({
  multiSigAddress: text('multiSigAddress'),
  userPublicKey: compressedKey('userPublicKey'),
  witnessScript: z
    .string({ error: 'witnessScript is required' })
    .trim()
    .regex(/^([0-9a-fA-F]{2}){1,520}$/, 'witnessScript must be hex')
    .transform((s) => s.toLowerCase()),
  numberOfOutputs: outputCount(1, MULTISIG_PADDING_MAX_OUTPUTS, 3),
  feeRate: feeRateSchema,
});
export type SetupPaddingBody = z.input<typeof SetupPaddingBodySchema>;

// POST /api/multisig/confirm-padding
export const ConfirmPaddingBodySchema = z.object({
  multiSigAddress: text('multiSigAddress'),
  numberOfOutputs: outputCount(1, MULTISIG_PADDING_MAX_OUTPUTS, 3),
  signedPsbt: psbt('signedPsbt'),
});
export type ConfirmPaddingBody = z.input<typeof ConfirmPaddingBodySchema>;

// POST /api/multisig/deposit: BTC from the payment wallet, split into several coins
export const DepositBodySchema = z.object({
  userPublicKey: compressedKey('userPublicKey'),
  paymentAddress: text('paymentAddress'),
  paymentPublicKey: anyKey('paymentPublicKey'),
  amountSats: priceSats('amountSats'),
  numberOfOutputs: outputCount(SPLIT_MIN_OUTPUTS, SPLIT_MAX_OUTPUTS, SPLIT_DEFAULT_OUTPUTS),
  feeRate: feeRateSchema,
});
export type DepositBody = z.input<typeof DepositBodySchema>;

// POST /api/multisig/withdrawal
export const WithdrawalBodySchema = z.object({
  userPublicKey: compressedKey('userPublicKey'),
  recipientAddress: text('recipientAddress'),
  amountSats: priceSats('amountSats'),
  feeRate: feeRateSchema,
});
export type WithdrawalBody = z.input<typeof WithdrawalBodySchema>;

// POST /api/multisig/withdrawal/confirm: completes BTC and inscription withdrawals
export const ConfirmWithdrawalBodySchema = z.object({
  userPublicKey: compressedKey('userPublicKey'),
  userSignedPsbtBase64: psbt('userSignedPsbtBase64'),
});
export type ConfirmWithdrawalBody = z.input<typeof ConfirmWithdrawalBodySchema>;

// POST /api/multisig/withdrawal-inscriptions: out of the maker wallet
export const WithdrawInscriptionsBodySchema = z.object({
  transfer: z
    .array(z.object({ inscriptionId, address: text('address') }), {
      error: 'transfer must be a list of { inscriptionId, address }',
    })
    .min(1, 'transfer must not be empty')
    .max(20, 'transfer may hold at most 20 inscriptions')
    .refine(
      (list) => new Set(list.map((t) => t.inscriptionId)).size === list.length,
      'transfer must not repeat an inscription',
    ),
  makerPaymentAddress: text('makerPaymentAddress'),
  makerPaymentPublicKey: compressedKey('makerPaymentPublicKey'),
  feeRate: feeRateSchema,
});
export type WithdrawInscriptionsBody = z.input<typeof WithdrawInscriptionsBodySchema>;
/**
 * What the web keeps per withdrawn inscription (product.md#records): its transaction and former
 * wallet.
 */
export const WithdrawInscriptionsPayloadSchema = BuiltPsbtPayloadSchema.extend({
  transfers: z.array(z.object({ inscriptionId: z.string(), prevOwnerWallet: z.string() })),
});
export type WithdrawInscriptionsPayload = z.infer<typeof WithdrawInscriptionsPayloadSchema>;

// POST /api/multisig/deposit-inscriptions: into the maker wallet (before a protected listing)
export const DepositInscriptionsBodySchema = z.object({
  inscriptionIds: z
    .array(inscriptionId, { error: 'inscriptionIds must be a list' })
    .min(1, 'inscriptionIds must not be empty')
    .max(20, 'inscriptionIds may hold at most 20 inscriptions')
    .refine((list) => new Set(list).size === list.length, 'inscriptionIds must not repeat'),
  ordinalAddress: text('ordinalAddress'),
  ordinalPublicKey: anyKey('ordinalPublicKey'),
  paymentAddress: text('paymentAddress'),
  /** The maker wallet's user key: it must be compressed. */
  paymentPublicKey: compressedKey('paymentPublicKey'),
  feeRate: feeRateSchema,
});
export type DepositInscriptionsBody = z.input<typeof DepositInscriptionsBodySchema>;

// POST /api/multisig/deposit/confirm and /api/multisig/deposit-inscriptions/confirm
export const ConfirmDepositBodySchema = z.object({ signedPsbt: psbt('signedPsbt') });
export type ConfirmDepositBody = z.input<typeof ConfirmDepositBodySchema>;
