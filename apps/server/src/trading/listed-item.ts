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
import { AppError } from '../http/app-error.ts';
import type { Listing } from './listings.queries.ts';

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

export function termsOf(listing: Listing): ListingTerms {
  return {
    outpoint: listing.outpoint,
    outputValue: listing.outputValue,
    inscriptionOffset: listing.inscriptionOffset,
    makerOrdinalAddress: listing.makerOrdinalAddress,
    makerOrdinalPublicKey: listing.makerOrdinalPublicKey,
    makerPaymentAddress: listing.makerPaymentAddress,
    price: listing.price,
    makerFee: listing.makerFee,
    witnessScript: listing.witnessScript,
    makerPaymentPublicKey: listing.makerPaymentPublicKey,
  };
}

/** The items of listings, in order: the seller input and payout each signature covers. */
export function listedItemsOf(rows: readonly Listing[], network: BitcoinNetwork): ListedItem[] {
  if (rows.length === 0) return [];
  const items = rows.map((row) => listingItemParams(termsOf(row), network));
  // The items alone: the listing PSBT itself is not needed again (product.md#scale-and-delivery).
  return listingItems({ items, network });
}

/**
 * Active listings with the seller witnesses stored when they were confirmed: a launch item's own
 * (makerWitness), a market listing's from its signed PSBT. Server-side only: whoever holds a
 * witness can fill the listing.
 */
export function signedItemsOf(
  rows: readonly (Listing & { signedPsbt?: string | null })[],
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
    const witness = row.makerWitness
      ? row.makerWitness.map((hex) => hexToBytes(hex))
      : row.signedPsbt && row.psbtIndex !== null
        ? extractSellerWitness(
            parseOnce(row.signedPsbt).getInput(row.psbtIndex),
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
