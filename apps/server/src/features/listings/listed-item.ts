import {
  buildListingPsbt,
  extractSellerWitness,
  hexToBytes,
  parsePsbt,
  scriptOfAddress,
  type BitcoinNetwork,
  type ListedItem,
  type ListingItemParams,
  type SignedListedItem,
} from '@om/bitcoin';
import type { OrderbookEntry } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

/** What a listing's signature commits to, rebuilt from its row exactly as it was built. */
export type ListingTerms = {
  outpoint: string;
  outputValue: bigint;
  inscriptionOffset: bigint;
  makerOrdinalAddress: string;
  makerOrdinalPublicKey?: string | null;
  makerPaymentAddress: string;
  price: bigint;
  makerFee: bigint;
  /**
   * A snipe-protected listing (ADR 009): the maker wallet's witness script, hex. Its input is then
   * signed by the wallet's user key U, the maker's payment key.
   */
  witnessScript?: string | null;
  makerPaymentPublicKey?: string | null;
};

export function listingItemParams(terms: ListingTerms, network: BitcoinNetwork): ListingItemParams {
  const [txid = '', vout = '0'] = terms.outpoint.split(':');
  const signingKey = terms.witnessScript
    ? terms.makerPaymentPublicKey
    : terms.makerOrdinalPublicKey;
  return {
    inscriptionUtxo: {
      txid,
      vout: Number(vout),
      value: terms.outputValue,
      script: scriptOfAddress(terms.makerOrdinalAddress, network),
      inscriptionOffset: terms.inscriptionOffset,
      ...(signingKey ? { publicKey: hexToBytes(signingKey) } : {}),
      ...(terms.witnessScript ? { witnessScript: hexToBytes(terms.witnessScript) } : {}),
    },
    price: terms.price,
    payoutAddress: terms.makerPaymentAddress,
    makerFee: terms.makerFee,
  };
}

export function termsOf(row: OrderbookEntry): ListingTerms {
  return {
    outpoint: row.outpoint,
    outputValue: BigInt(row.output_value),
    inscriptionOffset: BigInt(row.inscription_offset),
    makerOrdinalAddress: row.maker_ordinal_address,
    makerOrdinalPublicKey: row.maker_ordinal_public_key,
    makerPaymentAddress: row.maker_payment_address,
    price: BigInt(row.price),
    makerFee: BigInt(row.maker_fee),
    witnessScript: row.witness_script,
    makerPaymentPublicKey: row.maker_payment_public_key,
  };
}

/** The items of listing rows, in order: the seller input and payout each signature covers. */
export function listedItemsOf(
  rows: readonly OrderbookEntry[],
  network: BitcoinNetwork,
): ListedItem[] {
  if (rows.length === 0) return [];
  const items = rows.map((row) => listingItemParams(termsOf(row), network));
  return buildListingPsbt({ items, network }).items;
}

/**
 * Active listings with the seller witnesses stored when they were confirmed. Server-side only:
 * whoever holds a witness can fill the listing.
 */
export function signedItemsOf(
  rows: readonly OrderbookEntry[],
  network: BitcoinNetwork,
): SignedListedItem[] {
  const items = listedItemsOf(rows, network);
  // Rows of one batch share its signed PSBT (up to 100 inputs for a launch): parse it once.
  const parsed = new Map<string, ReturnType<typeof parsePsbt>>();
  const parseOnce = (psbt: string) => {
    const tx = parsed.get(psbt) ?? parsePsbt(psbt);
    parsed.set(psbt, tx);
    return tx;
  };
  return rows.map((row, i) => {
    const item = items[i] as ListedItem;
    const witness =
      row.signed_psbt && row.psbt_index !== null
        ? extractSellerWitness(
            parseOnce(row.signed_psbt).getInput(row.psbt_index),
            item.sellerInput.script,
            item.sellerInput.witnessScript,
          )
        : undefined;
    if (!witness?.length) {
      throw new AppError('CONFLICT', `Listing ${row.id} is no longer available`);
    }
    return { ...item, witness };
  });
}
