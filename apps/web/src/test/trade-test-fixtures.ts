import {
  bytesToBase64,
  bytesToHex,
  buildChainedPurchase,
  buildInscriptionDeposit,
  buildListingPsbt,
  buildPurchasePsbt,
  compressedPublicKey,
  makerFee,
  multisigWallet,
  p2trAddress,
  p2wpkhAddress,
  parsePsbt,
  privateKeyFromHex,
  psbtTxid,
  scriptOfAddress,
  type ListedItem,
  type MultisigWallet as BitcoinMultisigWallet,
  type WalletUtxo,
} from '@om/bitcoin';
import type { MultisigWallet, PurchaseQuote } from '@om/core';
import type { PurchaseItem } from '../features/trade/purchase-review.ts';

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

/** The seller's maker wallet and the buyer's multisig wallet (ADR 009), co-signed by PLATFORM. */
export const SELLER_MAKER = multisigWallet(SELLER_PAYMENT.publicKey, PLATFORM.publicKey, NETWORK);
export const BUYER_MULTISIG = multisigWallet(BUYER_PAYMENT.publicKey, PLATFORM.publicKey, NETWORK);
/** A 2-of-2 of someone else's key, which a compromised server could pass off as ours. */
export const THIEF_MAKER = multisigWallet(THIEF.publicKey, PLATFORM.publicKey, NETWORK);

/** A wallet as get-wallet and get-maker-wallet answer it. */
export function walletPayload(
  wallet: BitcoinMultisigWallet,
  kind: MultisigWallet['kind'],
  userAddress: string,
): MultisigWallet {
  return {
    id: `${kind}-wallet`,
    kind,
    address: wallet.address,
    witnessScript: bytesToHex(wallet.witnessScript),
    userPublicKey: bytesToHex(wallet.userPublicKey),
    platformPublicKey: bytesToHex(wallet.platformPublicKey),
    userAddress,
    csvBlocks: 144,
  };
}

export const LISTING_ID = '5f0c8a4e-7b1d-4c36-9a52-2d7e1f3b6c90';
const INSCRIPTION_TXID = 'ab'.repeat(32);
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

/**
 * The seller's listing of `listing`'s inscription, 1% fee, paid to SELLER_PAYMENT; a protected one
 * sits in SELLER_MAKER and is signed with the payment key.
 */
export function listedItem(listing: FixtureListing = LISTINGS[0], isProtected = false): ListedItem {
  const [txid = '', vout = '0'] = listing.outpoint.split(':');
  const { items } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: {
          txid,
          vout: Number(vout),
          value: 10_000n,
          ...(isProtected
            ? {
                script: SELLER_MAKER.script,
                publicKey: SELLER_PAYMENT.publicKey,
                witnessScript: SELLER_MAKER.witnessScript,
              }
            : { script: SELLER.script, publicKey: SELLER.publicKey }),
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
 * chained behind a padding setup when `chained`, with the paddings of BUYER_MULTISIG when
 * `multisig`, of protected listings when `isProtected`; `tamper` edits the purchase before it is
 * sent, as a compromised server might ('inscription-elsewhere' redirects the last listing's
 * inscription).
 */
export function purchaseFixture({
  feeRate = 6,
  chained = false,
  multisig = false,
  isProtected = false,
  tamper,
  listings = [LISTINGS[0]],
}: {
  feeRate?: number;
  chained?: boolean;
  multisig?: boolean;
  isProtected?: boolean;
  tamper?: 'inscription-elsewhere' | 'buyer-sighash-none';
  listings?: readonly FixtureListing[];
} = {}): PurchaseFixture {
  // N + 1 paddings for N listings.
  const paddingUtxos = Array.from({ length: listings.length + 1 }, (_, i) =>
    coin(0xa1 + i, 600n, multisig ? BUYER_MULTISIG.script : BUYER_PAYMENT.script),
  );
  const buyer = {
    paymentAddress: BUYER_PAYMENT.address,
    paymentPublicKey: BUYER_PAYMENT.publicKey,
    ordinalAddress: BUYER_ORDINALS.address,
    paddingUtxos: chained || multisig ? [] : paddingUtxos,
    paymentUtxos: [coin(0xb1, 200_000n)],
    ...(multisig ? { multisigPadding: { wallet: BUYER_MULTISIG, utxos: paddingUtxos } } : {}),
  };
  const price = listings.reduce((sum, listing) => sum + listing.price, 0n);
  const platformFee = listings.reduce(
    (sum, listing) => sum + makerFee(listing.price, MAKER_FEE_BPS),
    0n,
  );
  const params = {
    listings: listings.map((listing) => listedItem(listing, isProtected)),
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

/** The inscription the list dialog tests list, at its output in the seller's ordinals wallet. */
export const LISTED_OUTPOINT = `${'cd'.repeat(32)}:1`;

/**
 * What deposit-inscriptions answers for LISTED_OUTPOINT at 6 sat/vB: the inscription whole to
 * `to` (the maker wallet unless told), change to SELLER_PAYMENT; 'inscription-elsewhere' then
 * sends it to THIEF instead, announcing the tampered transaction's txid.
 */
export function depositFixture({
  to = SELLER_MAKER,
  tamper,
}: { to?: BitcoinMultisigWallet; tamper?: 'inscription-elsewhere' } = {}) {
  const [txid = '', vout = '0'] = LISTED_OUTPOINT.split(':');
  const built = buildInscriptionDeposit({
    inscriptionUtxos: [
      {
        txid,
        vout: Number(vout),
        value: 10_000n,
        script: SELLER.script,
        publicKey: SELLER.publicKey,
      },
    ],
    payment: {
      address: SELLER_PAYMENT.address,
      publicKey: SELLER_PAYMENT.publicKey,
      utxos: [coin(0xb2, 100_000n, SELLER_PAYMENT.script)],
    },
    to,
    feeRate: 6,
    network: NETWORK,
  });
  const tx = parsePsbt(built.psbt);
  if (tamper === 'inscription-elsewhere') tx.updateOutput(0, { script: THIEF.script });
  const psbt = bytesToBase64(tx.toPSBT());
  return {
    psbt,
    txid: psbtTxid(psbt),
    fee: built.fee.toString(),
    vsize: built.vsize,
    inputsToSign: [
      { index: 0, address: SELLER.address },
      { index: 1, address: SELLER_PAYMENT.address },
    ],
  };
}

/** What create answers for a protected listing of `outpoint` (in SELLER_MAKER) at 0.0005 BTC. */
export function protectedListingPsbt(outpoint: string, payTo = SELLER_PAYMENT.address): string {
  const [txid = '', vout = '0'] = outpoint.split(':');
  const { psbt } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: {
          txid,
          vout: Number(vout),
          value: 10_000n,
          script: SELLER_MAKER.script,
          publicKey: SELLER_PAYMENT.publicKey,
          witnessScript: SELLER_MAKER.witnessScript,
        },
        price: 50_000n,
        payoutAddress: payTo,
      },
    ],
    makerFeeBps: MAKER_FEE_BPS,
    network: NETWORK,
  });
  return bytesToBase64(psbt);
}
