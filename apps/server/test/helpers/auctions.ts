import {
  ConfirmBidPayloadSchema,
  CreateAuctionPayloadSchema,
  MultisigWalletSchema,
  PlaceBidPayloadSchema,
  type CreateAuctionBody,
  type MultisigWallet,
} from '@om/core';
import { expect } from 'vitest';
import type { TestNode } from './regtest.ts';
import type { TestApp } from './test-app.ts';
import {
  api,
  inscribeTo,
  mineAndSync,
  newTrader,
  sign,
  signAsAsked,
  type Trader,
  type Wallet,
} from './trading.ts';

// Auctions through the API as the wizard and the auction page call them (ADR 012): the seller's
// create and one-click signing of both PSBTs, and a bidder's two-step bid.

const now = () => Math.floor(Date.now() / 1000);

/** The create request for an inscription the seller holds; dates in UTC seconds. */
export function auctionBody(
  seller: Trader,
  item: { id: string; outpoint: string },
  terms: {
    slug: string;
    startPrice: bigint;
    reservePrice?: bigint;
    startDate?: number;
    endDate?: number;
  },
): CreateAuctionBody {
  const startDate = terms.startDate ?? now() - 30;
  return {
    utxo: item.outpoint,
    startPrice: terms.startPrice.toString(),
    ...(terms.reservePrice === undefined ? {} : { reservePrice: terms.reservePrice.toString() }),
    userPaymentAddress: seller.payment.address,
    userPublicKey: seller.payment.publicKey,
    userOrdinalAddress: seller.ordinals.address,
    userOrdinalPublicKey: seller.ordinals.publicKey,
    startDate,
    endDate: terms.endDate ?? startDate + 7_200,
    slug: terms.slug,
    meta: {
      name: `Auction ${terms.slug}`,
      slug: terms.slug,
      description: 'One inscription, sold to the highest bidder',
      auction_url: '',
      twitter_link: '',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Seller',
      creator_email: 'seller@example.com',
      creator_btc_address: seller.payment.address,
      inscription_id: item.id,
    },
    feeRate: 2,
  };
}

/** The seller's one 'Sign' click: the deposit (ordinals and payment inputs) and the 0x83 floor. */
export function signAuction(
  seller: Trader,
  created: ReturnType<typeof CreateAuctionPayloadSchema.parse>,
) {
  let signedPSBT = sign(created.psbtBase64, seller.ordinals, created.makerOrdinalInputIndices);
  signedPSBT = sign(signedPSBT, seller.payment, created.makerPaymentInputIndices);
  const signedSettlementPSBT = signAsAsked(
    created.settlementPsbtBase64,
    created.settlementInputsToSign,
    [seller.payment],
  );
  return { auctionId: created.auction_id, signedPSBT, signedSettlementPSBT };
}

/** Creates, signs and confirms an auction; answers its id and the deposit's txid. */
export async function openAuction(
  t: TestApp,
  seller: Trader,
  body: CreateAuctionBody,
): Promise<{ auctionId: string; depositTxid: string }> {
  const res = await api(t, 'POST', '/api/launchpad/auctions/create', body, seller.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const created = CreateAuctionPayloadSchema.parse(res.body.payload);
  const confirm = signAuction(seller, created);
  const done = await api(t, 'PUT', '/api/launchpad/auctions/confirm', confirm);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body.payload).toEqual({
    auctionId: created.auction_id,
    status: 'active',
    txId: created.depositTxid,
  });
  return { auctionId: created.auction_id, depositTxid: created.depositTxid };
}

/** The bidder's multisig wallet (U = their payment key), made on first use. */
export async function multisigOf(t: TestApp, payment: Wallet): Promise<MultisigWallet> {
  const res = await api(t, 'POST', '/api/multisig/get-wallet', {
    userPublicKey: payment.publicKey,
    userAddress: payment.address,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return MultisigWalletSchema.parse(res.body.payload);
}

/** Sends coins of these values to an address from the node's wallet (unconfirmed). */
export async function fundCoins(node: TestNode, address: string, values: readonly bigint[]) {
  for (const value of values) await node.faucet.fund(address, value);
}

/** POST …/bid for the bidder's own wallets. */
export function askBid(t: TestApp, slug: string, bidder: Trader, amount: bigint) {
  return api(
    t,
    'POST',
    `/api/launchpad/auctions/${slug}/bid`,
    {
      amount: amount.toString(),
      bidderPublicKey: bidder.payment.publicKey,
      bidderOrdinalAddress: bidder.ordinals.address,
      feeRate: 2,
    },
    bidder.token,
  );
}

/** The built bid, signed as the web's wallet would (the multisig inputs by the payment key). */
export async function preparedBid(t: TestApp, slug: string, bidder: Trader, amount: bigint) {
  const res = await askBid(t, slug, bidder, amount);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const bid = PlaceBidPayloadSchema.parse(res.body.payload);
  return { ...bid, signedPsbt: signAsAsked(bid.psbt, bid.inputsToSign, [bidder.payment]) };
}

/** PUT …/bid/{bidId} with the signed PSBT. */
export function confirmBidCall(
  t: TestApp,
  slug: string,
  bidder: Trader,
  bid: { bidId: string; signedPsbt: string },
) {
  return api(
    t,
    'PUT',
    `/api/launchpad/auctions/${slug}/bid/${bid.bidId}`,
    { signedPsbt: bid.signedPsbt },
    bidder.token,
  );
}

/** A bid placed and standing; answers its id. */
export async function placeBid(t: TestApp, slug: string, bidder: Trader, amount: bigint) {
  const bid = await preparedBid(t, slug, bidder, amount);
  const res = await confirmBidCall(t, slug, bidder, bid);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(ConfirmBidPayloadSchema.parse(res.body.payload)).toMatchObject({
    bidId: bid.bidId,
    status: 'standing',
    amount: amount.toString(),
  });
  return bid.bidId;
}

/** A seller signed in as the web app signs in, with a fresh inscription and coins for fees. */
export async function auctionSeller(node: TestNode, t: TestApp) {
  const trader = await newTrader(t, { signInWith: 'payment' });
  const item = await inscribeTo(node, t, trader.ordinals.address);
  await node.faucet.fund(trader.payment.address, 50_000n);
  await mineAndSync(node, t);
  return { trader, item };
}
