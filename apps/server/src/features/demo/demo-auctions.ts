import {
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  signPsbtWithKey,
  xOnlyPublicKey,
} from '@om/bitcoin';
import {
  ConfirmPaddingBodySchema,
  createAuctionBodySchema,
  DepositBodySchema,
  MAX_AUCTION_END_SECONDS,
  PlaceBidBodySchema,
  SetupPaddingBodySchema,
} from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { upsertUser } from '../auth/auth.queries.ts';
import { confirmBid, placeBid } from '../auctions/auction-bid.service.ts';
import { placedBids, standingBid } from '../auctions/auction-bids.queries.ts';
import { confirmAuction, createAuction } from '../auctions/auction-create.service.ts';
import { findAuctionBySlug } from '../auctions/auctions.queries.ts';
import { locateInscription } from '../../trading/listing-utxo.ts';
import { confirmDeposit, prepareDeposit } from '../multisig/deposit.service.ts';
import { confirmPadding, setupPadding } from '../multisig/padding.service.ts';
import { ensureWallet } from '../../trading/wallets.service.ts';
import type { DemoItem } from './demo-art.types.ts';
import { inscribeArtworks } from './demo-inscribe.ts';
import type { DemoOwner } from './demo-owners.ts';
import { findInscribedArtworks } from './demo.queries.ts';
import { regtestRocks } from './regtest-rocks.ts';

// REGTEST ONLY. The demo's English auction (ADR 012): erin auctions a one-of-one rock
// through the same services the API uses: the deposit into her maker wallet and the 0x83 floor
// signed with her key, the deposit mined. Bob and carol fund their multisig wallets, set up
// padding and bid; carol's bid stands, bob's is outbid. It runs for 12 hours from the seed, the longest an auction
// may (the escrow's 144-block exit must open after it, ADR 012).

export const DEMO_AUCTION_SLUG = 'quarry-keystone';
const NAME = 'Quarry Keystone';
const DESCRIPTION =
  'The one rock the whole quarry rests on, auctioned to the highest bidder over twelve hours. ' +
  'A demo English auction of this marketplace.';
const START_PRICE = 100_000n;
const RESERVE_PRICE = 150_000n;
const DURATION = MAX_AUCTION_END_SECONDS;
const FEE_RATE = 2;
/** Into each bidder's multisig wallet: 4 coins, then 4 paddings of 1,000 sats split from one. */
const MULTISIG_DEPOSIT = 1_000_000n;
const SPLIT_OUTPUTS = 4;
const PADDINGS = 4;

export type DemoAuctionsResult =
  | { status: 'already-running' }
  | { status: 'running'; slug: string; bids: number; highestBid: string | null };

export interface DemoAuctionsDeps {
  market: AppDeps;
  faucet: RegtestFaucet;
  owners: readonly DemoOwner[];
  seed: string;
  inscriberKey: Uint8Array;
  waitForIndexer: () => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Opens the auction and places its bids, each step once: a later run finds what an earlier one
 * did (the rock by its bytes, the auction by its slug, the bids by bidder and amount) and does
 * the rest; with nothing left to do it touches neither the chain nor the database.
 */
export async function seedDemoAuctions(deps: DemoAuctionsDeps): Promise<DemoAuctionsResult> {
  const [, bob, carol, , erin] = deps.owners;
  if (!bob || !carol || !erin) throw new Error('demo: the auction needs bob, carol and erin');
  const { market } = deps;
  if (!market.chain.rpc) throw new Error('demo: the auction needs the regtest node');
  const bids = [
    { bidder: bob, amount: RESERVE_PRICE },
    { bidder: carol, amount: 175_000n },
  ];
  const existing = await findAuctionBySlug(market.db, DEMO_AUCTION_SLUG);
  const placed = existing ? await placedBids(market.db, existing.id) : [];
  const toPlace = bids.filter(
    (b) =>
      !placed.some((p) => p.bidderOrdinalAddress === b.bidder.address && p.amount === b.amount),
  );
  const isOpen = existing?.status === 'active' && existing.endDate.getTime() > Date.now();
  const isSigned = existing !== undefined && existing.status !== 'pending_signature';
  if (isSigned && (!isOpen || toPlace.length === 0)) return { status: 'already-running' };

  // Coins for the deposit's fee and the bidders' multisig wallets; the rock, unless it is on chain.
  if (!existing) await deps.faucet.fund(erin.paymentAddress, 1_000_000n);
  for (const { bidder } of toPlace) await deps.faucet.fund(bidder.paymentAddress, 2_000_000n);
  const rock = auctionedRock(deps.seed);
  if (!existing && !(await findInscribedArtworks(market.db, [rock])).has(rock.key)) {
    const inscribeDeps = { db: market.db, rpc: market.chain.rpc, faucet: deps.faucet };
    await inscribeArtworks(
      inscribeDeps,
      [{ artwork: rock, owner: erin.address }],
      deps.inscriberKey,
    );
  }
  await deps.faucet.mine(1);
  await deps.waitForIndexer();
  deps.signal?.throwIfAborted();

  if (!isSigned) {
    const inscriptionId = (await findInscribedArtworks(market.db, [rock])).get(rock.key);
    if (!inscriptionId) throw new Error(`demo: ${rock.key} is not indexed`);
    await openAuctionAs(market, erin, inscriptionId);
  }
  for (const { bidder } of toPlace) await depositToMultisig(market, bidder);
  await deps.faucet.mine(1);
  await deps.waitForIndexer();
  for (const { bidder } of toPlace) await setUpPadding(market, bidder);
  await deps.faucet.mine(1);
  await deps.waitForIndexer();
  deps.signal?.throwIfAborted();

  for (const { bidder, amount } of toPlace) await bidAs(market, bidder, amount);
  // The auction is open now: its highest bid is the standing one.
  const auction = existing ?? (await findAuctionBySlug(market.db, DEMO_AUCTION_SLUG));
  const standing = auction && (await standingBid(market.db.kysely, auction.id));
  return {
    status: 'running',
    slug: DEMO_AUCTION_SLUG,
    bids: toPlace.length,
    highestBid: standing?.amount.toString() ?? null,
  };
}

/** The auctioned rock: the Regtest Rocks generator on the auction's own seed. */
function auctionedRock(seed: string): DemoItem {
  const [rock] = regtestRocks(`${seed}/auction/${DEMO_AUCTION_SLUG}`).items;
  if (!rock) throw new Error('demo: no rock for the auction');
  return { ...rock, key: `${DEMO_AUCTION_SLUG}/item`, name: NAME };
}

/** The demo user signed in with their payment address, as the web app's session would be. */
async function sessionOf(market: AppDeps, owner: DemoOwner): Promise<SessionClaims> {
  const paymentKey = bytesToHex(compressedPublicKey(owner.privateKey));
  const user = await upsertUser(market.db, owner.paymentAddress, paymentKey);
  return { userId: user.id, address: owner.paymentAddress };
}

function signWith(owner: DemoOwner, psbt: string, inputs?: readonly number[]): string {
  return bytesToBase64(signPsbtWithKey(psbt, owner.privateKey, inputs ? { inputs } : {}));
}

/**
 * Create, then the seller's one click: the deposit (inscription and fee inputs) and the floor,
 * both from the stored row, so an auction a crash left unsigned is finished the same way.
 */
async function openAuctionAs(market: AppDeps, seller: DemoOwner, inscriptionId: string) {
  if (!(await findAuctionBySlug(market.db, DEMO_AUCTION_SLUG))) {
    const output = await locateInscription(market.chain, inscriptionId, 'utxo');
    const startDate = Math.floor(Date.now() / 1000);
    const body = createAuctionBodySchema(market.env.BITCOIN_NETWORK).parse({
      utxo: output.outpoint,
      startPrice: START_PRICE.toString(),
      reservePrice: RESERVE_PRICE.toString(),
      userPaymentAddress: seller.paymentAddress,
      userPublicKey: bytesToHex(compressedPublicKey(seller.privateKey)),
      userOrdinalAddress: seller.address,
      userOrdinalPublicKey: bytesToHex(xOnlyPublicKey(seller.privateKey)),
      startDate,
      endDate: startDate + DURATION,
      slug: DEMO_AUCTION_SLUG,
      meta: {
        name: NAME,
        slug: DEMO_AUCTION_SLUG,
        description: DESCRIPTION,
        auction_url: '',
        twitter_link: '',
        discord_link: '',
        telegram_link: '',
        instagram_link: '',
        creator_name: 'Erin Quarry',
        creator_email: 'erin@example.com',
        creator_btc_address: seller.paymentAddress,
        inscription_id: inscriptionId,
      },
      feeRate: FEE_RATE,
    });
    await createAuction(market, await sessionOf(market, seller), body);
  }
  const row = await findAuctionBySlug(market.db, DEMO_AUCTION_SLUG);
  if (!row?.psbt || !row.settlementPsbt) throw new Error('demo: the auction has nothing to sign');
  await confirmAuction(market, {
    auctionId: row.id,
    signedPSBT: signWith(seller, row.psbt),
    signedSettlementPSBT: signWith(seller, row.settlementPsbt),
  });
}

/** The bidder's multisig wallet, funded from their payment address in a few coins. */
async function depositToMultisig(market: AppDeps, bidder: DemoOwner) {
  const key = bytesToHex(compressedPublicKey(bidder.privateKey));
  await ensureWallet(market, 'multisig', key, bidder.paymentAddress);
  const built = await prepareDeposit(
    market,
    DepositBodySchema.parse({
      userPublicKey: key,
      paymentAddress: bidder.paymentAddress,
      paymentPublicKey: key,
      amountSats: MULTISIG_DEPOSIT.toString(),
      numberOfOutputs: SPLIT_OUTPUTS,
      feeRate: FEE_RATE,
    }),
  );
  const signedPsbt = signWith(
    bidder,
    built.psbt,
    built.inputsToSign.map((i) => i.index),
  );
  await confirmDeposit(market, { signedPsbt });
}

/** The paddings a bid spends first, split from a coin of the multisig wallet. */
async function setUpPadding(market: AppDeps, bidder: DemoOwner) {
  const key = bytesToHex(compressedPublicKey(bidder.privateKey));
  const wallet = await ensureWallet(market, 'multisig', key, bidder.paymentAddress);
  const built = await setupPadding(
    market,
    SetupPaddingBodySchema.parse({
      multiSigAddress: wallet.address,
      userPublicKey: key,
      witnessScript: wallet.witnessScript,
      numberOfOutputs: PADDINGS,
      feeRate: FEE_RATE,
    }),
  );
  const signedPsbt = signWith(
    bidder,
    built.psbt,
    built.inputsToSign.map((i) => i.index),
  );
  await confirmPadding(
    market,
    ConfirmPaddingBodySchema.parse({
      multiSigAddress: wallet.address,
      numberOfOutputs: PADDINGS,
      signedPsbt,
    }),
  );
}

/** Bid, sign the settlement's multisig inputs with the bidder's key, confirm: it stands. */
async function bidAs(market: AppDeps, bidder: DemoOwner, amount: bigint) {
  const session = await sessionOf(market, bidder);
  const body = PlaceBidBodySchema.parse({
    amount: amount.toString(),
    bidderPublicKey: bytesToHex(compressedPublicKey(bidder.privateKey)),
    bidderOrdinalAddress: bidder.address,
    feeRate: FEE_RATE,
  });
  const bid = await placeBid(market, session, DEMO_AUCTION_SLUG, body);
  const signedPsbt = signWith(
    bidder,
    bid.psbt,
    bid.inputsToSign.map((i) => i.index),
  );
  await confirmBid(market, session, { slug: DEMO_AUCTION_SLUG, bidId: bid.bidId }, { signedPsbt });
}
