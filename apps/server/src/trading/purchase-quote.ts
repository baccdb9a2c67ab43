import { createHash } from 'node:crypto';
import {
  buyerOutputValues,
  PADDING_VALUE,
  parsePsbt,
  POSTAGE,
  type BuiltPaddingSetup,
  type BuiltPurchase,
  type ListedItem,
} from '@om/bitcoin';
import type { CreateOfferBodySchema, PurchaseQuote } from '@om/core';
import type { z } from 'zod';
import type { Listing } from './listings.queries.ts';

type CreateOfferBody = z.output<typeof CreateOfferBodySchema>;

/** A PSBT as parsePsbt answers it. */
export type ParsedPsbt = ReturnType<typeof parsePsbt>;

/**
 * What the buyer pays, from the outputs built: the payouts, the platform fee, the new paddings and
 * the inscription outputs, plus the network fees, less the sellers' own inscription UTXOs (which
 * fund the buyer's inscription outputs). Padding returned and change stay out of it.
 */
export function quoteOf(input: {
  rows: readonly Listing[];
  listings: readonly ListedItem[];
  purchase: BuiltPurchase;
  setup: BuiltPaddingSetup | undefined;
  platformFee: bigint;
  /** Each new padding output: PADDING_VALUE, or MULTISIG_PADDING_SATS at the multisig wallet. */
  paddingValue?: bigint;
  body: Pick<CreateOfferBody, 'feeRate' | 'takerOrdinalAddress'>;
}): PurchaseQuote {
  const { rows, listings, purchase, setup, platformFee, body } = input;
  const paddingValue = input.paddingValue ?? PADDING_VALUE;
  const sum = (values: readonly bigint[]) => values.reduce((total, v) => total + v, 0n);
  const price = sum(rows.map((row) => row.price));
  const networkFee = purchase.fee + (setup?.fee ?? 0n);
  const total =
    sum(listings.map((l) => l.payout.value)) +
    platformFee +
    paddingValue * BigInt(purchase.layout.newPaddingIndices.length) +
    sum(buyerOutputValues(listings, POSTAGE)) +
    networkFee -
    sum(listings.map((l) => l.sellerInput.value));
  return {
    price: price.toString(),
    networkFee: networkFee.toString(),
    platformFee: platformFee.toString(),
    vsize: purchase.vsize + (setup?.vsize ?? 0),
    feeRate: body.feeRate,
    total: total.toString(),
    takerOrdinalAddress: body.takerOrdinalAddress,
    items: rows.map((row, i) => ({
      listingId: row.id,
      inscriptionId: row.inscriptionId,
      price: row.price.toString(),
      outputIndex: purchase.layout.buyerOutputIndices[i] ?? -1,
    })),
  };
}

/**
 * The txid of a PSBT's unsigned transaction (no scriptSigs, no witnesses): the same for the PSBT
 * built and the one the buyer signed, whatever the wallet finalized. Throws TradeError. Takes the
 * PSBT parsed when the caller has it: a request parses what it received once
 * (product.md#scale-and-delivery).
 */
export function unsignedTxidOf(psbt: string | ParsedPsbt): string {
  const once = createHash('sha256').update(parsePsbt(psbt).unsignedTx).digest();
  return createHash('sha256').update(once).digest().reverse().toString('hex');
}
