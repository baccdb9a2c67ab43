import {
  buildListingPsbt,
  hexToBytes,
  scriptOfAddress,
  type BitcoinNetwork,
  type BuiltListing,
  type SignedListedItem,
} from '@om/bitcoin';
import type { StoredWallet } from '../../trading/multisig.queries.ts';
import { AppError } from '../../http/app-error.ts';
import type { Auction } from './auctions.queries.ts';

// The seller's floor (ADR 012): the maker wallet's output holding the inscription, signed once by
// the seller SIGHASH_SINGLE|ANYONECANPAY against the payout at max(start, reserve) less the platform
// fee, to the seller's payment address. Built at create from these terms, and rebuilt from the row
// at every bid and at settlement: the same terms give the same bytes, which the signature covers.

export type FloorTerms = {
  outpoint: string;
  outputValue: bigint;
  inscriptionOffset: bigint;
  floorPrice: bigint;
  floorFee: bigint;
  payoutAddress: string;
  makerWallet: Pick<StoredWallet, 'address' | 'witnessScript' | 'userPublicKey'>;
};

/** The one-input, one-output listing the seller signs 0x83. Throws TradeError. */
export function buildFloorListing(terms: FloorTerms, network: BitcoinNetwork): BuiltListing {
  const [txid = '', vout = '0'] = terms.outpoint.split(':');
  return buildListingPsbt({
    items: [
      {
        inscriptionUtxo: {
          txid,
          vout: Number(vout),
          value: terms.outputValue,
          script: scriptOfAddress(terms.makerWallet.address, network),
          inscriptionOffset: terms.inscriptionOffset,
          publicKey: hexToBytes(terms.makerWallet.userPublicKey),
          witnessScript: hexToBytes(terms.makerWallet.witnessScript),
        },
        price: terms.floorPrice,
        payoutAddress: terms.payoutAddress,
        makerFee: terms.floorFee,
      },
    ],
    network,
  });
}

/** The floor's terms as stored with an auction. */
export function floorTermsOf(auction: Auction, makerWallet: FloorTerms['makerWallet']): FloorTerms {
  if (!auction.makerWalletOutpoint || auction.floorPrice === null) {
    throw new AppError('CONFLICT', `Auction ${auction.slug} has no signed floor`);
  }
  return {
    outpoint: auction.makerWalletOutpoint,
    outputValue: auction.utxoValue ?? 0n,
    inscriptionOffset: auction.inscriptionOffset,
    floorPrice: auction.floorPrice,
    floorFee: auction.floorFee ?? 0n,
    payoutAddress: auction.makerPaymentAddress,
    makerWallet,
  };
}

/**
 * The seller's signed floor for a settlement: the listed item with the stored 0x83 signature.
 * Server-side only: with the platform's co-signature it sells the inscription.
 */
export function signedFloorOf(
  auction: Auction,
  makerWallet: FloorTerms['makerWallet'],
  network: BitcoinNetwork,
): SignedListedItem {
  const [item] = buildFloorListing(floorTermsOf(auction, makerWallet), network).items;
  if (!item || !auction.settlementSignature) {
    throw new AppError('CONFLICT', `Auction ${auction.slug} has no signed floor`);
  }
  return { ...item, witness: [hexToBytes(auction.settlementSignature)] };
}
