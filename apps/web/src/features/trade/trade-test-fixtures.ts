import {
  bytesToBase64,
  bytesToHex,
  buildChainedPurchase,
  buildListingPsbt,
  buildPurchasePsbt,
  compressedPublicKey,
  makerFee,
  p2trAddress,
  p2wpkhAddress,
  parsePsbt,
  privateKeyFromHex,
  scriptOfAddress,
  type ListedItem,
  type WalletUtxo,
} from '@om/bitcoin';
import type { PurchaseQuote } from '@om/core';
import type { PurchaseItem } from './purchase-review.ts';

// Real PSBTs for the trade tests, built with packages/bitcoin's builders from fixed keys.

export const NETWORK = 'regtest' as const;

function wallet(byte: string, type: 'p2tr' | 'p2wpkh') {
  const key = privateKeyFromHex(byte.repeat(32));
  const publicKey = compressedPublicKey(key);
  const address =
    type === 'p2tr' ? p2trAddress(publicKey, NETWORK) : p2wpkhAddress(publicKey, NETWORK);
  return {
    key,
    publicKey,
    publicKeyHex: bytesToHex(publicKey),
    address,
    script: scriptOfAddress(address, NETWORK),
  };
}

export const SELLER = wallet('11', 'p2tr');
export const SELLER_PAYMENT = wallet('12', 'p2wpkh');
export const BUYER_PAYMENT = wallet('21', 'p2wpkh');
export const BUYER_ORDINALS = wallet('22', 'p2tr');
export const THIEF = wallet('33', 'p2tr');
export const PLATFORM = wallet('44', 'p2tr');

export const LISTING_ID = '5f0c8a4e-7b1d-4c36-9a52-2d7e1f3b6c90';
export const INSCRIPTION_TXID = 'ab'.repeat(32);
export const INSCRIPTION_ID = `${INSCRIPTION_TXID}i0`;
export const INSCRIPTION_OUTPOINT = `${'cd'.repeat(32)}:0`;
export const PRICE = 50_000n;
/** 1% of PRICE. */
export const MAKER_FEE = 500n;
const MAKER_FEE_BPS = 100;

/** A listing of the fixtures, as the market shows it. */
export type FixtureListing = {
  listingId: string;
  inscriptionId: string;
  /** The listed inscription's output, 'txid:vout'; the inscription sits at offset 0. */
  outpoint: string;
  price: bigint;
};

/** The first is the one the single-item tests buy; both together make a sweep. */
export const LISTINGS = [
  {
    listingId: LISTING_ID,
    inscriptionId: INSCRIPTION_ID,
    outpoint: INSCRIPTION_OUTPOINT,
    price: PRICE,
  },
  {
    listingId: '0b7e2f1a-93c4-4d58-8e61-4a2f9c7d3b15',
    inscriptionId: `${'ef'.repeat(32)}i0`,
    outpoint: `${'ce'.repeat(32)}:1`,
    price: 80_000n,
  },
] as const satisfies readonly FixtureListing[];

function coin(byte: number, value: bigint, script = BUYER_PAYMENT.script): WalletUtxo {
  return {
    txid: byte.toString(16).padStart(2, '0').repeat(32),
    vout: 0,
    value,
    script,
    inscribed: false,
  };
}

/** The seller's listing of `listing`'s inscription, 1% fee, paid to SELLER_PAYMENT. */
export function listedItem(listing: FixtureListing = LISTINGS[0]): ListedItem {
  const [txid = '', vout = '0'] = listing.outpoint.split(':');
  const { items } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: {
          txid,
          vout: Number(vout),
          value: 10_000n,
          script: SELLER.script,
          publicKey: SELLER.publicKey,
        },
        price: listing.price,
        payoutAddress: SELLER_PAYMENT.address,
      },
    ],
    makerFeeBps: MAKER_FEE_BPS,
    network: NETWORK,
  });
  const [item] = items;
  if (!item) throw new Error('no listed item');
  return item;
}

export const purchaseItem: PurchaseItem = {
  listingId: LISTING_ID,
  inscriptionId: INSCRIPTION_ID,
  outpoint: INSCRIPTION_OUTPOINT,
  inscriptionOffset: 0n,
  price: PRICE,
};

export type PurchaseFixture = {
  psbt: string;
  setupPsbt: string | null;
  quote: PurchaseQuote;
  /** What the buyer parts with: price + network fees (the platform fee comes out of the payout). */
  total: bigint;
  networkFee: bigint;
  /** The purchase's inputs the buyer signs (paddings and payment coins). */
  buyerInputs: number[];
};

/**
 * What createOffer answers for `listings` (the first one unless told) at `feeRate`: the purchase,
 * chained behind a padding setup when `chained`; `tamper` edits the purchase before it is sent, as
 * a compromised server might ('inscription-elsewhere' redirects the last listing's inscription).
 */
export function purchaseFixture({
  feeRate = 6,
  chained = false,
  tamper,
  listings = [LISTINGS[0]],
}: {
  feeRate?: number;
  chained?: boolean;
  tamper?: 'inscription-elsewhere' | 'buyer-sighash-none';
  listings?: readonly FixtureListing[];
} = {}): PurchaseFixture {
  // N + 1 paddings for N listings.
  const paddingUtxos = Array.from({ length: listings.length + 1 }, (_, i) => coin(0xa1 + i, 600n));
  const buyer = {
    paymentAddress: BUYER_PAYMENT.address,
    paymentPublicKey: BUYER_PAYMENT.publicKey,
    ordinalAddress: BUYER_ORDINALS.address,
    paddingUtxos: chained ? [] : paddingUtxos,
    paymentUtxos: [coin(0xb1, 200_000n)],
  };
  const price = listings.reduce((sum, listing) => sum + listing.price, 0n);
  const platformFee = listings.reduce(
    (sum, listing) => sum + makerFee(listing.price, MAKER_FEE_BPS),
    0n,
  );
  const params = {
    listings: listings.map((listing) => listedItem(listing)),
    buyer,
    platformFee: { address: PLATFORM.address, value: platformFee },
    feeRate,
    network: NETWORK,
  };
  const built = chained
    ? buildChainedPurchase(params)
    : { purchase: buildPurchasePsbt(params), setup: undefined };
  const tx = parsePsbt(built.purchase.psbt);
  if (tamper === 'inscription-elsewhere') {
    tx.updateOutput(listings.length, { script: THIEF.script });
  }
  // SIGHASH_NONE|ANYONECANPAY on the buyer's first padding coin.
  if (tamper === 'buyer-sighash-none') tx.updateInput(0, { sighashType: 0x82 });
  const networkFee = built.purchase.fee + (built.setup?.fee ?? 0n);
  const total = price + networkFee;
  const { layout } = built.purchase;
  return {
    psbt: bytesToBase64(tx.toPSBT()),
    setupPsbt: built.setup ? bytesToBase64(built.setup.psbt) : null,
    networkFee,
    total,
    buyerInputs: [...layout.paddingIndices, ...layout.paymentIndices],
    quote: {
      price: price.toString(),
      networkFee: networkFee.toString(),
      platformFee: platformFee.toString(),
      vsize: built.purchase.vsize + (built.setup?.vsize ?? 0),
      feeRate,
      total: total.toString(),
      takerOrdinalAddress: BUYER_ORDINALS.address,
      items: listings.map((listing, i) => ({
        listingId: listing.listingId,
        inscriptionId: listing.inscriptionId,
        price: listing.price.toString(),
        outputIndex: 1 + i,
      })),
    },
  };
}
