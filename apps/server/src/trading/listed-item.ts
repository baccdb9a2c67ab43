import {
  extractSellerWitness,
  hexToBytes,
  listingItems,
  parsePsbt,
  scriptOfAddress,
  type BitcoinNetwork,
  type ListedItem,
  type ListingItemParams,
  type SignedListedItem,
} from '@om/bitcoin';
import type { OrderbookEntry } from '../db/market.tables.ts';
import { AppError } from '../http/app-error.ts';

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

/** An orderbook row without its copies of PSBTs: what buying and minting read of it. */
export type ListingRow = Omit<OrderbookEntry, 'psbt' | 'signed_psbt'>;

// Output scripts of addresses already decoded: a launch's items all sit at one maker wallet
// address (a bech32 decode each). Public data; bounded.
const KNOWN_SCRIPTS = new Map<string, Uint8Array>();
const KNOWN_SCRIPTS_MAX = 10_000;

function knownScriptOf(address: string, network: BitcoinNetwork): Uint8Array {
  const id = `${network}:${address}`;
  let script = KNOWN_SCRIPTS.get(id);
  if (!script) {
    script = scriptOfAddress(address, network);
    if (KNOWN_SCRIPTS.size >= KNOWN_SCRIPTS_MAX) KNOWN_SCRIPTS.clear();
    KNOWN_SCRIPTS.set(id, script);
  }
  return script.slice();
}

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
      script: knownScriptOf(terms.makerOrdinalAddress, network),
      inscriptionOffset: terms.inscriptionOffset,
      ...(signingKey ? { publicKey: hexToBytes(signingKey) } : {}),
      ...(terms.witnessScript ? { witnessScript: hexToBytes(terms.witnessScript) } : {}),
    },
    price: terms.price,
    payoutAddress: terms.makerPaymentAddress,
    makerFee: terms.makerFee,
  };
}

export function termsOf(row: ListingRow): ListingTerms {
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
export function listedItemsOf(rows: readonly ListingRow[], network: BitcoinNetwork): ListedItem[] {
  if (rows.length === 0) return [];
  const items = rows.map((row) => listingItemParams(termsOf(row), network));
  // The items alone: the listing PSBT itself is not needed again (product.md#scale-and-delivery).
  return listingItems({ items, network });
}

/**
 * Active listings with the seller witnesses stored when they were confirmed: a launch row's own
 * (maker_witness), a market listing's from its signed PSBT. Server-side only: whoever holds a
 * witness can fill the listing.
 */
export function signedItemsOf(
  rows: readonly (ListingRow & { signed_psbt?: string | null })[],
  network: BitcoinNetwork,
): SignedListedItem[] {
  const items = listedItemsOf(rows, network);
  // A maker may list several inscriptions in one PSBT: parse each once.
  const parsed = new Map<string, ReturnType<typeof parsePsbt>>();
  const parseOnce = (psbt: string) => {
    const tx = parsed.get(psbt) ?? parsePsbt(psbt);
    parsed.set(psbt, tx);
    return tx;
  };
  return rows.map((row, i) => {
    const item = items[i] as ListedItem;
    const witness = row.maker_witness
      ? row.maker_witness.map((hex) => hexToBytes(hex))
      : row.signed_psbt && row.psbt_index !== null
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
