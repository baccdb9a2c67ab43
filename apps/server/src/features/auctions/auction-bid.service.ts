import {
  AUCTION_BID_PADDINGS,
  base64ToBytes,
  buildAuctionBid,
  bytesToBase64,
  finalizeSignedPsbt,
  isSignedInPsbt,
  TradeError,
} from '@om/bitcoin';
import {
  AUCTION_ENDED,
  AUCTION_NOT_OPEN,
  AUCTION_WITHDRAWN,
  auctionTimingError,
  BID_ALREADY_PLACED,
  BID_COINS_TAKEN,
  BID_NEEDS_FUNDS,
  BID_NEEDS_PADDING,
  BID_NEEDS_WALLET,
  bidAmountError,
  minimumBid,
  SELLER_CANNOT_BID,
  type AuctionPrices,
  type ConfirmBidBodySchema,
  type ConfirmBidPayload,
  type PlaceBidBodySchema,
  type PlaceBidPayload,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkAddress } from '../../http/address-input.ts';
import { AppError, invalidInput, notFound } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { testMempoolAccept } from '../../trading/broadcast.ts';
import { makerFees } from '../../trading/maker-fees.ts';
import { platformFeeAddress } from '../../trading/platform-fee.ts';
import { tradeInputError, withTradeErrors } from '../../trading/trade-errors.ts';
import { splitPadding } from '../../trading/wallet-coins.ts';
import { cosignerFor } from '../../trading/cosigner.ts';
import { findWallet, findWalletOfKey, type StoredWallet } from '../../trading/multisig.queries.ts';
import { reservedCoinsOf } from '../../trading/reserved-coins.ts';
import { bitcoinWallet, walletCoins } from '../../trading/wallets.service.ts';
import { buildFloorListing, floorTermsOf, signedFloorOf } from './auction-floor.ts';
import { findBid, insertBid, standBid, standingBid, type Bid } from './auction-bids.queries.ts';
import { findAuction, findAuctionBySlug, lockAuction, type Auction } from './auctions.queries.ts';

// POST /api/launchpad/auctions/{slug}/bid and PUT /api/launchpad/auctions/{slug}/bid/{bidId}
// (product.md#market-calls "Auctions", ADR 012). A bid is the whole settlement transaction for
// that bid, paid from the bidder's multisig wallet; the bidder signs their inputs SIGHASH_ALL.
// Confirming checks it is exactly what was built, that every signature holds and the node would
// take it now, then, under the auction's row lock, makes it the highest and reserves its coins.

type PlaceBody = z.output<typeof PlaceBidBodySchema>;
type ConfirmBody = z.output<typeof ConfirmBidBodySchema>;

export async function placeBid(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  slug: string,
  body: PlaceBody,
): Promise<PlaceBidPayload> {
  const { db, env } = deps;
  const network = env.BITCOIN_NETWORK;
  const auction = await findAuctionBySlug(db, slug);
  if (!auction || auction.status === 'pending_signature')
    throw notFound(`Auction ${slug} not found`);
  checkOpen(auction);
  checkNotSeller(session, auction, body.bidderPublicKey);
  const standing = await standingBid(db.kysely, auction.id);
  const prices = pricesOf(auction, standing);
  const tooLow = bidAmountError(body.amount, prices);
  if (tooLow) throw standing ? new AppError('CONFLICT', tooLow) : invalidInput(tooLow, 'amount');
  if (body.feeRate > env.MAX_FEE_RATE) {
    throw invalidInput(`feeRate: at most ${env.MAX_FEE_RATE} sat/vB`, 'feeRate');
  }
  checkAddress(body.bidderOrdinalAddress, 'bidderOrdinalAddress', network);
  const wallet = await findWalletOfKey(db, 'multisig', body.bidderPublicKey);
  if (!wallet) throw invalidInput(BID_NEEDS_WALLET, 'bidderPublicKey');

  const makerWallet = await makerWalletOf(deps, auction);
  const [listing] = buildFloorListing(floorTermsOf(auction, makerWallet), network).items;
  if (!listing) throw new AppError('CONFLICT', AUCTION_NOT_OPEN);
  const reserved = await reservedCoinsOf(db, wallet.id);
  const coins = (await walletCoins(deps, wallet))
    .filter((c) => !c.utxo.inscribed && !reserved.has(`${c.utxo.txid}:${c.utxo.vout}`))
    .map((c) => c.utxo);
  const split = splitPadding(coins, AUCTION_BID_PADDINGS);
  if (!split) throw invalidInput(BID_NEEDS_PADDING, 'bidderPublicKey');

  const platformFee = await platformFeeOn(deps, auction, body.amount);
  let built;
  try {
    built = buildAuctionBid({
      listing,
      bidder: {
        wallet: bitcoinWallet(wallet, network),
        ordinalAddress: body.bidderOrdinalAddress,
        paddings: split.paddings,
        utxos: split.payments,
      },
      amount: body.amount,
      platformFee,
      feeRate: body.feeRate,
      network,
      maxFeeRate: env.MAX_FEE_RATE,
    });
  } catch (err) {
    if (!(err instanceof TradeError)) throw err;
    if (err.code === 'insufficient-funds') {
      throw new AppError('INVALID_INPUT', BID_NEEDS_FUNDS, [
        { msg: BID_NEEDS_FUNDS, path: 'amount' },
        { msg: err.message, path: 'amount' },
      ]);
    }
    const isFeeRate = err.code === 'invalid-fee-rate' || err.code === 'fee-rate-too-high';
    const field = isFeeRate
      ? 'feeRate'
      : err.code === 'invalid-address'
        ? 'bidderOrdinalAddress'
        : 'amount';
    throw tradeInputError(err, field);
  }
  const psbt = bytesToBase64(built.psbt);
  const layout = { ...built.layout, maxFeeRate: built.maxFeeRate };
  const bidId = await insertBid(db, {
    auctionId: auction.id,
    bidderUserId: session.userId,
    bidderWalletId: wallet.id,
    bidderOrdinalAddress: body.bidderOrdinalAddress,
    amount: body.amount,
    feeRate: body.feeRate,
    maxFeeRate: built.maxFeeRate,
    networkFee: built.fee,
    txid: built.txid,
    psbt,
    layout,
    reservedCoins: built.spent.map((c) => `${c.txid}:${c.vout}`),
  });
  return {
    bidId,
    psbt,
    inputsToSign: built.layout.inputs.flatMap((role, index) =>
      isSignedInPsbt(role) ? [{ index, address: wallet.userAddress, sighash: role.sighash }] : [],
    ),
    minimumBid: minimumBid(prices).toString(),
    networkFee: built.fee.toString(),
    total: built.paid.toString(),
  };
}

export async function confirmBid(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  params: { slug: string; bidId: string },
  body: ConfirmBody,
): Promise<ConfirmBidPayload> {
  const { db, env, chain } = deps;
  const bid = await findBid(db, params.bidId);
  const auction = bid && (await findAuction(db.kysely, bid.auctionId));
  if (!bid || auction?.slug !== params.slug) throw notFound(`Bid ${params.bidId} not found`);
  if (bid.bidderUserId !== session.userId) {
    throw new AppError('FORBIDDEN', `Bid ${bid.id} belongs to another wallet`);
  }
  if (bid.status !== 'pending_signature') throw new AppError('CONFLICT', BID_ALREADY_PLACED);
  checkOpen(auction);

  // Exactly the transaction built, every bidder signature valid (the platform would co-sign it),
  // and the node would take it now: its coins are there. Nothing of it is kept but the PSBT.
  const floor = signedFloorOf(auction, await makerWalletOf(deps, auction), env.BITCOIN_NETWORK);
  const { layout } = bid;
  const final = withTradeErrors('signedPsbt', () =>
    finalizeSignedPsbt(
      body.signedPsbt,
      { psbt: base64ToBytes(bid.psbt) ?? new Uint8Array(), layout, maxFeeRate: layout.maxFeeRate },
      [floor],
      { cosigner: cosignerFor(env) },
    ),
  );
  await testMempoolAccept(chain, [final.hex]);

  const { amount } = bid;
  const next = await db.kysely.transaction().execute(async (trx) => {
    const locked = await lockAuction(trx, auction.id);
    checkOpen(locked);
    const previous = await standingBid(trx, auction.id);
    const tooLow = bidAmountError(amount, pricesOf(locked, previous));
    if (tooLow) throw new AppError('CONFLICT', tooLow);
    const outcome = await standBid(trx, bid, body.signedPsbt, previous);
    if (outcome === 'already-placed') throw new AppError('CONFLICT', BID_ALREADY_PLACED);
    if (outcome === 'coins-taken') throw new AppError('CONFLICT', BID_COINS_TAKEN);
    return minimumBid({ ...pricesOf(locked, undefined), highestBid: amount });
  });
  return {
    bidId: bid.id,
    status: 'standing',
    amount: amount.toString(),
    minimumBid: next.toString(),
  };
}

/**
 * The auction takes bids: active, and now within [start, end). A closed one has ended; one whose
 * escrow the seller spent (the escrow watch) says so.
 */
function checkOpen(auction: Auction): void {
  if (auction.status === 'withdrawn') throw new AppError('CONFLICT', AUCTION_WITHDRAWN);
  if (auction.status === 'settled' || auction.status === 'unsold') {
    throw new AppError('CONFLICT', AUCTION_ENDED);
  }
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const late = auctionTimingError(
    Math.floor(Date.now() / 1000),
    seconds(auction.startDate),
    seconds(auction.endDate),
  );
  if (late) throw new AppError('CONFLICT', late);
  if (auction.status !== 'active') throw new AppError('CONFLICT', AUCTION_NOT_OPEN);
}

/** The seller may not bid: not signed in as them, nor with their payment key. */
function checkNotSeller(session: SessionClaims, auction: Auction, bidderPublicKey: string) {
  const isSeller =
    session.userId === auction.creatorUserId ||
    session.address === auction.makerPaymentAddress ||
    session.address === auction.makerOrdinalAddress ||
    bidderPublicKey === auction.makerPaymentPublicKey;
  if (isSeller) throw new AppError('FORBIDDEN', SELLER_CANNOT_BID);
}

export function pricesOf(auction: Auction, standing: Pick<Bid, 'amount'> | undefined) {
  return {
    startPrice: auction.startPrice,
    reservePrice: auction.reservePrice,
    highestBid: standing ? standing.amount : null,
  } satisfies AuctionPrices;
}

export async function makerWalletOf(
  deps: Pick<AppDeps, 'db'>,
  auction: Auction,
): Promise<StoredWallet> {
  const wallet = auction.makerWalletId
    ? await findWallet(deps.db, auction.makerWalletId)
    : undefined;
  if (!wallet) throw new AppError('CONFLICT', AUCTION_NOT_OPEN);
  return wallet;
}

/**
 * The platform's fee on the bid (the seller's maker fee, ADR 007 rules), never more than what
 * the seller gets above the floor: discounts may have changed since the floor was signed.
 */
async function platformFeeOn(deps: Pick<AppDeps, 'db' | 'env'>, auction: Auction, amount: bigint) {
  const address = platformFeeAddress(deps.env);
  if (!address) return undefined;
  const [fee = 0n] = await makerFees(
    deps,
    {
      ordinalAddress: auction.makerOrdinalAddress,
      paymentAddress: auction.makerPaymentAddress,
    },
    [{ price: amount, slug: null, isZeroFee: false }],
  );
  const floorNet = (auction.floorPrice ?? 0n) - (auction.floorFee ?? 0n);
  const most = amount - floorNet;
  return { address, value: fee < most ? fee : most };
}
