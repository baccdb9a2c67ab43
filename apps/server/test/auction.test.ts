import {
  buildRecoveryPsbt,
  bytesToBase64,
  finalizeRecovery,
  hexToBytes,
  multisigWallet,
  parsePsbt,
  scriptOfAddress,
  signPsbtWithKey,
} from '@om/bitcoin';
import {
  AuctionSchema,
  AuctionSlugCheckSchema,
  BuiltPsbtPayloadSchema,
  CreateAuctionPayloadSchema,
  CreateOfferPayloadSchema,
  MultisigUtxosPayloadSchema,
  satsToBtc,
  type Auction,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askBid,
  auctionSeller,
  auctionBody,
  confirmBidCall,
  fundCoins,
  multisigOf,
  openAuction,
  placeBid,
  preparedBid,
  signAuction,
} from './helpers/auctions.ts';
import { closeBids } from '../src/features/auctions/auction-bids.queries.ts';
import { dropStaleUnsigned } from '../src/features/auctions/auctions.queries.ts';
import { outpointsOf } from '../src/trading/reserved-coins.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inMempool,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  newWallet,
  paidTo,
  signAsAsked,
  type Trader,
} from './helpers/trading.ts';

// ADR 012, English auctions with a reserve on Bitcoin Core 30 (ADR 012): a seller escrows an
// inscription in their maker wallet and pre-signs its floor 0x83; bidders bid from their multisig
// wallets with fully signed settlement transactions; after the end the worker settles the highest
// one that still can, or leaves the auction unsold with the inscription in the maker wallet.

const START = 20_000n;
const POSTAGE = 10_000n;
const FEE_BPS = 100;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('English auctions on %s', (kind) => {
  let t: TestApp;
  const platform = newWallet('p2tr');
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      PLATFORM_FEE_ADDRESS: platform.address,
      PLATFORM_FEE_BPS: String(FEE_BPS),
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);

  async function auctionOf(slug: string): Promise<Auction> {
    const res = await api(t, 'GET', `/api/launchpad/auctions/${slug}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return AuctionSchema.parse(res.body.payload);
  }

  async function ownerOf(inscriptionId: string): Promise<string | null> {
    const res = await api(t, 'GET', `/api/shared/inscriptions/details/${inscriptionId}`);
    return (res.body.payload?.address as string | undefined) ?? null;
  }

  /** Moves an auction's dates as time would: started `startedAgo` s ago, ending `endsIn` s on. */
  async function moveDates(auctionId: string, startedAgo: number, endsIn: number) {
    await t.db.kysely
      .updateTable('auctions')
      .set({
        start_date: new Date((now() - startedAgo) * 1000),
        end_date: new Date((now() + endsIn) * 1000),
      })
      .where('id', '=', auctionId)
      .execute();
  }

  /** What was sent to an address of one type (product.md#spec-gaps). */
  async function notes(address: string, type: string) {
    return t.db.kysely
      .selectFrom('notifications')
      .select(['title', 'body', 'payload'])
      .where('address', '=', address)
      .where('type', '=', type)
      .orderBy('timestamp')
      .execute();
  }

  async function reservationsOf(walletId: string): Promise<string[]> {
    const rows = await t.db.kysely
      .selectFrom('auction_coin_reservations')
      .select('outpoint')
      .where('wallet_id', '=', walletId)
      .execute();
    return rows.map((r) => r.outpoint);
  }

  /** A multisig withdrawal to the bidder's payment address, prepared, signed and confirmed. */
  async function withdrawFrom(trader: Trader, amountSats: bigint) {
    const prepared = await api(t, 'POST', '/api/multisig/withdrawal', {
      userPublicKey: trader.payment.publicKey,
      recipientAddress: trader.payment.address,
      amountSats: amountSats.toString(),
      feeRate: 2,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const built = BuiltPsbtPayloadSchema.parse(prepared.body.payload);
    return api(t, 'POST', '/api/multisig/withdrawal/confirm', {
      userPublicKey: trader.payment.publicKey,
      userSignedPsbtBase64: signAsAsked(built.psbt, built.inputsToSign, [trader.payment]),
    });
  }

  /** The seller's inscription out of their maker wallet, prepared: the API's answer. */
  function withdrawItem(owner: Trader, inscriptionId: string) {
    return api(t, 'POST', '/api/multisig/withdrawal-inscriptions', {
      transfer: [{ inscriptionId, address: owner.ordinals.address }],
      makerPaymentAddress: owner.payment.address,
      makerPaymentPublicKey: owner.payment.publicKey,
      feeRate: 2,
    });
  }

  /** Signs and confirms a prepared withdrawal, mines it, and checks the seller holds the item. */
  async function confirmWithdrawal(
    owner: Trader,
    inscriptionId: string,
    prepared: Awaited<ReturnType<typeof withdrawItem>>,
  ) {
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const built = BuiltPsbtPayloadSchema.parse(prepared.body.payload);
    const done = await api(t, 'POST', '/api/multisig/withdrawal/confirm', {
      userPublicKey: owner.payment.publicKey,
      userSignedPsbtBase64: signAsAsked(built.psbt, built.inputsToSign, [owner.payment]),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await mineAndSync(node, t);
    expect(await ownerOf(inscriptionId)).toBe(owner.ordinals.address);
  }

  /** A bidder whose multisig wallet holds two 100,000-sat coins, and paddings if asked. */
  async function bidder(paddings: number) {
    const trader = await newTrader(t);
    const wallet = await multisigOf(t, trader.payment);
    await fundCoins(node, wallet.address, [100_000n, 100_000n]);
    await fundCoins(
      node,
      wallet.address,
      Array.from({ length: paddings }, () => 1_000n),
    );
    await mineAndSync(node, t);
    return { trader, wallet };
  }

  it('escrows, takes bids, refuses what breaks the rules, and settles to the highest', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const slug = `rare-sat-${kind}`;
    const body = auctionBody(owner, item, { slug, startPrice: START });

    // The wizard's checks: the slug is free, a start price under 100 sats and no sign-in refused.
    const free = await api(t, 'GET', `/api/launchpad/auctions/check-slug/${slug}`);
    expect(AuctionSlugCheckSchema.parse(free.body.payload)).toBeNull();
    const cheap = await api(
      t,
      'POST',
      '/api/launchpad/auctions/create',
      { ...body, startPrice: '99' },
      owner.token,
    );
    expect(cheap.status).toBe(400);
    expect(cheap.body.errors[0].msg).toBe('startPrice: Start Price must be at least 0.000001 BTC');
    const short = await api(
      t,
      'POST',
      '/api/launchpad/auctions/create',
      { ...body, endDate: body.startDate + 600 },
      owner.token,
    );
    expect(short.status).toBe(400);
    expect(short.body.errors[0].msg).toBe(
      'endDate: End time must be at least 1 hour after start time',
    );
    const anonymous = await api(t, 'POST', '/api/launchpad/auctions/create', body);
    expect(anonymous.status).toBe(401);

    // Create: two PSBTs, the deposit into the maker wallet and the 0x83 floor over its output.
    const res = await api(t, 'POST', '/api/launchpad/auctions/create', body, owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = CreateAuctionPayloadSchema.parse(res.body.payload);
    expect(created.makerOrdinalInputIndices).toEqual([0]);
    expect(created.makerPaymentInputIndices.length).toBeGreaterThan(0);
    expect(created.settlementInputsToSign).toEqual([
      { index: 0, address: owner.payment.address, sighash: 0x83 },
    ]);
    const floorPsbt = parsePsbt(created.settlementPsbtBase64);
    expect(floorPsbt.getInput(0).index).toBe(0);
    // The floor: 20,000 less the 1% fee, plus the inscription's 10,000-sat output kept.
    expect(floorPsbt.getOutput(0).amount).toBe(START - START / 100n + POSTAGE);
    // Another wallet cannot take the slug (the seller's own create again would replace it).
    const stranger = await newTrader(t);
    const taken = await api(
      t,
      'POST',
      '/api/launchpad/auctions/create',
      auctionBody(stranger, item, { slug, startPrice: START }),
      stranger.token,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Auction slug is already taken.');
    const check = await api(t, 'GET', `/api/launchpad/auctions/check-slug/${slug}`);
    expect(check.body.payload).toEqual({ id: created.auction_id });

    // Confirm: an unsigned floor is refused and nothing is broadcast; then both signatures.
    const signed = signAuction(owner, created);
    const unsignedFloor = await api(t, 'PUT', '/api/launchpad/auctions/confirm', {
      ...signed,
      signedSettlementPSBT: created.settlementPsbtBase64,
    });
    expect(unsignedFloor.status).toBe(400);
    expect(unsignedFloor.body.errors[0].path).toBe('signedSettlementPSBT');
    expect(await inMempool(node, created.depositTxid)).toBe(false);
    const confirmed = await api(t, 'PUT', '/api/launchpad/auctions/confirm', signed);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const again = await api(t, 'PUT', '/api/launchpad/auctions/confirm', signed);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Psbt already signed');
    await mineAndSync(node, t);
    const opened = await auctionOf(slug);
    expect(opened).toMatchObject({
      status: 'active',
      inscription_id: item.id,
      content_type: 'text/plain',
      utxo: `${created.depositTxid}:0`,
      start_price: START.toString(),
      reserve_price: null,
      highest_bid: null,
      minimum_bid: START.toString(),
      bids: [],
    });
    expect(await ownerOf(item.id)).toBe(opened.maker_wallet_address);
    expect(JSON.stringify(opened)).not.toMatch(/signature|signed/i);
    expect(opened.meta).not.toHaveProperty('creator_email');

    const a = await bidder(0);
    const b = await bidder(0);
    // Padding for A through the API: the multisig setup splits a coin into 1,000-sat outputs.
    const setup = await api(t, 'POST', '/api/multisig/setup-padding', {
      multiSigAddress: a.wallet.address,
      userPublicKey: a.trader.payment.publicKey,
      witnessScript: a.wallet.witnessScript,
      numberOfOutputs: 4,
      feeRate: 2,
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const padding = BuiltPsbtPayloadSchema.parse(setup.body.payload);
    const padded = await api(t, 'POST', '/api/multisig/confirm-padding', {
      multiSigAddress: a.wallet.address,
      numberOfOutputs: 4,
      signedPsbt: signAsAsked(padding.psbt, padding.inputsToSign, [a.trader.payment]),
    });
    expect(padded.status, JSON.stringify(padded.body)).toBe(200);
    await mineAndSync(node, t);

    // Who may not bid: the seller; B without padding yet.
    const own = await askBid(t, slug, owner, START);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('The seller cannot bid on their own auction');
    const unpadded = await askBid(t, slug, b.trader, START);
    expect(unpadded.status).toBe(400);
    expect(unpadded.body.error).toBe(
      'Set up padding in your multisig wallet first: a bid needs 2 padding outputs',
    );
    await fundCoins(node, b.wallet.address, [1_000n, 1_000n, 1_000n, 1_000n]);
    await mineAndSync(node, t);
    const low = await askBid(t, slug, a.trader, START - 1n);
    expect(low.status).toBe(400);
    expect(low.body.error).toBe('The minimum bid is 20000 sats');

    // A bids the start price. A PSBT changed after building is a clear 400; the real one stands.
    const first = await preparedBid(t, slug, a.trader, START);
    expect(first.inputsToSign.every((i) => i.address === a.trader.payment.address)).toBe(true);
    expect(first.inputsToSign.map((i) => i.index)).not.toContain(2);
    // The 1% fee on 20,000 (200 sats) is below the dust limit: left out, the bidder pays less.
    expect(BigInt(first.total)).toBe(START - 200n + POSTAGE + BigInt(first.networkFee));
    const tampered = parsePsbt(first.psbt);
    const last = tampered.outputsLength - 1;
    tampered.updateOutput(last, { amount: (tampered.getOutput(last).amount ?? 0n) - 5_000n });
    const forged = signAsAsked(bytesToBase64(tampered.toPSBT()), first.inputsToSign, [
      a.trader.payment,
    ]);
    const refused = await confirmBidCall(t, slug, a.trader, {
      bidId: first.bidId,
      signedPsbt: forged,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('signedPsbt');
    expect(refused.body.error).toMatch(/^signedPsbt changed the outputs that were built/);
    const stood = await confirmBidCall(t, slug, a.trader, first);
    expect(stood.status, JSON.stringify(stood.body)).toBe(200);
    expect(stood.body.payload.minimumBid).toBe('21000');
    expect(await reservationsOf(a.wallet.id)).toHaveLength(3);
    // The platform co-signs nothing else that spends them: A's withdrawal of most coins is refused.
    const held = await withdrawFrom(a.trader, 150_000n);
    expect(held.status).toBe(409);
    expect(held.body.error).toBe(
      'These coins back a standing auction bid: they are free again once it is outbid or the auction ends',
    );

    // A and B race at 25,000: exactly one stands, the other hears the new minimum.
    const raceA = await preparedBid(t, slug, a.trader, 25_000n);
    const raceB = await preparedBid(t, slug, b.trader, 25_000n);
    const race = await Promise.all([
      confirmBidCall(t, slug, a.trader, raceA),
      confirmBidCall(t, slug, b.trader, raceB),
    ]);
    expect(race.map((r) => r.status).sort(), JSON.stringify(race)).toEqual([200, 409]);
    const lost = race.find((r) => r.status === 409);
    expect(lost?.body.errors[0].msg).toBe(
      'A higher bid was placed: the minimum bid is now 26250 sats',
    );
    const tooLow = await askBid(t, slug, a.trader, 26_000n);
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.error).toBe('A higher bid was placed: the minimum bid is now 26250 sats');

    // B outbids everyone; A's coins are free again, B's reserved.
    await placeBid(t, slug, b.trader, 40_000n);
    expect(await reservationsOf(a.wallet.id)).toEqual([]);
    expect(await reservationsOf(b.wallet.id)).toHaveLength(3);
    const page = await auctionOf(slug);
    expect(page).toMatchObject({ highest_bid: '40000', minimum_bid: '42000' });
    expect(page.bids[0]).toMatchObject({
      amount: '40000',
      bidder_ordinal_address: b.trader.ordinals.address,
      status: 'standing',
    });
    expect(page.bids.map((bid) => bid.status).slice(1)).toEqual(['outbid', 'outbid']);
    // A hears it at once (product.md#spec-gaps), once, from the bid of B's that replaced A's
    // standing one: B's 40,000 when A won the race (A's race bid replaced only A's own first, which
    // outbids nobody); B's 25,000 when B won it (and B's 40,000 then replaced only B's own).
    const outbidBy = (amount: bigint) => ({
      title: 'You were outbid',
      body: `A bid of ${satsToBtc(amount)} BTC now leads on ${slug}; yours is released.`,
      payload: {
        auctionId: created.auction_id,
        amountSats: String(amount),
        link: `/auction/${slug}`,
      },
    });
    const aWonRace = race[0]?.status === 200;
    expect(await notes(a.trader.ordinals.address, 'outbid')).toEqual(
      aWonRace ? [outbidBy(40_000n)] : [outbidBy(25_000n)],
    );
    // B's refused race bid never stood: B was outbid by nobody.
    expect(await notes(b.trader.ordinals.address, 'outbid')).toEqual([]);
    expect(await notes(b.trader.ordinals.address, 'auction_won')).toEqual([]);

    // The end: a late bid is refused, the worker settles to B.
    await moveDates(created.auction_id, 7_200, -1);
    const late = await askBid(t, slug, a.trader, 50_000n);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('The auction has ended');
    await eventually(async () => expect((await auctionOf(slug)).status).toBe('settled'));
    const settled = await auctionOf(slug);
    const txId = settled.settlement_txid ?? '';
    expect(await inMempool(node, txId)).toBe(true);
    await mineAndSync(node, t);
    expect(await ownerOf(item.id)).toBe(b.trader.ordinals.address);
    const tx = await node.node.rpc.getRawTransactionVerbose(txId);
    const sats = (n: number) => BigInt(Math.round((tx.vout[n]?.value ?? 0) * 1e8));
    // Floor payout at the seller's input index, then the excess: 40,000 − 400 + 10,000 in all.
    expect(tx.vout[2]?.scriptPubKey.address).toBe(owner.payment.address);
    expect(sats(2)).toBe(START - 200n + POSTAGE);
    expect(sats(3)).toBe(40_000n - 400n - (START - 200n));
    expect(await paidTo(node, txId, owner.payment.address)).toBe(40_000n - 400n + POSTAGE);
    expect(await paidTo(node, txId, platform.address)).toBe(400n);
    expect(await paidTo(node, txId, b.trader.ordinals.address)).toBe(POSTAGE);
    await eventually(async () => {
      expect((await auctionOf(slug)).bids[0]).toMatchObject({ amount: '40000', status: 'won' });
      expect(await reservationsOf(b.wallet.id)).toEqual([]);
    });
    expect(await reservationsOf(a.wallet.id)).toEqual([]);
    // The winner and the seller are told once, however often the bids are closed (a claim replay).
    await closeBids(t.db, created.auction_id, page.bids[0]!.id);
    const closedPayload = {
      auctionId: created.auction_id,
      amountSats: '40000',
      txid: txId,
      link: `/auction/${slug}`,
    };
    expect(await notes(b.trader.ordinals.address, 'auction_won')).toEqual([
      {
        title: 'You won the auction',
        body: `${slug} is yours for 0.00040000 BTC; the settlement transaction is sent.`,
        payload: closedPayload,
      },
    ]);
    expect(await notes(owner.payment.address, 'auction_settled')).toEqual([
      {
        title: 'Your auction is settled',
        body: `${slug} sold for 0.00040000 BTC; the settlement transaction pays you.`,
        payload: closedPayload,
      },
    ]);
    expect(await notes(a.trader.ordinals.address, 'auction_won')).toEqual([]);
    const freed = await withdrawFrom(a.trader, 150_000n);
    expect(freed.status, JSON.stringify(freed.body)).toBe(200);
  });

  it('leaves an auction whose reserve is not met unsold, the inscription in the maker wallet', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const slug = `reserve-${kind}`;
    const startDate = now() + 600;
    const { auctionId } = await openAuction(
      t,
      owner,
      auctionBody(owner, item, {
        slug,
        startPrice: 10_000n,
        reservePrice: 30_000n,
        startDate,
        endDate: startDate + 3_600,
      }),
    );
    await mineAndSync(node, t);
    const c = await bidder(2);

    const early = await askBid(t, slug, c.trader, 30_000n);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('The auction has not started yet');
    await moveDates(auctionId, 60, 3_600);
    const below = await askBid(t, slug, c.trader, 20_000n);
    expect(below.status).toBe(400);
    expect(below.body.error).toBe('The minimum bid is 30000 sats');
    expect((await auctionOf(slug)).minimum_bid).toBe('30000');

    // C bids the reserve, then leaves: after 144 blocks their key alone spends every coin.
    await placeBid(t, slug, c.trader, 30_000n);
    await mineAndSync(node, t, 144);
    const utxos = MultisigUtxosPayloadSchema.parse(
      (await api(t, 'GET', `/api/multisig/utxos/${c.wallet.id}`)).body.payload,
    ).utxos;
    const wallet = multisigWallet(
      hexToBytes(c.trader.payment.publicKey),
      hexToBytes(c.wallet.platformPublicKey),
      'regtest',
    );
    const recovery = buildRecoveryPsbt({
      wallet,
      utxos: utxos.map((u) => ({
        txid: u.txid,
        vout: u.vout,
        value: BigInt(u.value),
        script: scriptOfAddress(c.wallet.address, 'regtest'),
        inscribed: false,
      })),
      recipientAddress: c.trader.payment.address,
      feeRate: 2,
      network: 'regtest',
    });
    const exit = finalizeRecovery(signPsbtWithKey(recovery.psbt, c.trader.payment.key), wallet);
    await node.node.rpc.sendRawTransaction(exit.hex);
    await mineAndSync(node, t);

    // The end: C's bid cannot settle (its coins are gone), nothing else meets the reserve.
    await moveDates(auctionId, 7_200, -1);
    await eventually(async () => expect((await auctionOf(slug)).status).toBe('unsold'));
    const closed = await auctionOf(slug);
    expect(closed.settlement_txid).toBeNull();
    expect(closed.bids).toMatchObject([{ amount: '30000', status: 'invalid' }]);
    expect(await reservationsOf(c.wallet.id)).toEqual([]);
    expect(await ownerOf(item.id)).toBe(closed.maker_wallet_address);
    expect(await notes(owner.ordinals.address, 'auction_ended')).toEqual([
      {
        title: 'Your auction ended unsold',
        body: `No bid met the reserve on ${slug}; the inscription stays in your maker wallet.`,
        payload: { auctionId, link: `/auction/${slug}` },
      },
    ]);

    // The seller takes it back with the maker wallet's withdrawal.
    await confirmWithdrawal(owner, item.id, await withdrawItem(owner, item.id));
  });

  it('lets the seller cancel while nobody has bid, keeps the item in escrow while it takes bids', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const slug = `cancel-${kind}`;
    await openAuction(t, owner, auctionBody(owner, item, { slug, startPrice: START }));
    await mineAndSync(node, t);
    const held = await withdrawItem(owner, item.id);
    expect([held.status, held.body.error]).toEqual([
      409,
      `Inscription ${item.id} is on auction (/auction/${slug}): cancel the auction first, possible while it has no bids`,
    ]);

    // Only the seller, signed in; a bid built but never signed does not count and goes with it.
    const c = await bidder(2);
    const unsigned = await preparedBid(t, slug, c.trader, START);
    const cancel = (who?: Trader) =>
      api(t, 'DELETE', `/api/launchpad/auctions/${slug}`, undefined, who?.token);
    expect((await cancel()).status).toBe(401);
    const stranger = await cancel(c.trader);
    expect([stranger.status, stranger.body.error]).toEqual([
      403,
      'Only the seller can cancel this auction',
    ]);
    const canceled = await cancel(owner);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.payload).toEqual({ auctionId: expect.any(String), status: 'canceled' });
    expect((await auctionOf(slug)).status).toBe('canceled');
    const late = await confirmBidCall(t, slug, c.trader, unsigned);
    expect([late.status, late.body.error]).toEqual([404, `Bid ${unsigned.bidId} not found`]);
    const closed = await askBid(t, slug, c.trader, START);
    expect([closed.status, closed.body.error]).toEqual([409, 'The auction is not open for bids']);
    const twice = await cancel(owner);
    expect([twice.status, twice.body.error]).toEqual([
      409,
      'The auction is canceled: it can no longer be canceled',
    ]);

    // Now the seller takes the inscription back out of the maker wallet.
    await confirmWithdrawal(owner, item.id, await withdrawItem(owner, item.id));

    // Once a bid stands, the seller is held to their signed floor.
    const second = await auctionSeller(node, t);
    const slug2 = `cancel-bid-${kind}`;
    await openAuction(
      t,
      second.trader,
      auctionBody(second.trader, second.item, { slug: slug2, startPrice: START }),
    );
    await mineAndSync(node, t);
    // A bid left unsigned for an hour is deleted by the worker's sweep (or this call, if first);
    // a fresh one is not.
    const fresh = await preparedBid(t, slug2, c.trader, START);
    const stale = await preparedBid(t, slug2, c.trader, START);
    await t.db.kysely
      .updateTable('auction_bids')
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000) })
      .where('id', '=', stale.bidId)
      .execute();
    await dropStaleUnsigned(t.db);
    const left = await t.db.kysely
      .selectFrom('auction_bids')
      .select('id')
      .where('id', 'in', [fresh.bidId, stale.bidId])
      .execute();
    expect(left).toEqual([{ id: fresh.bidId }]);
    const gone = await confirmBidCall(t, slug2, c.trader, stale);
    expect(gone.status).toBe(404);

    await placeBid(t, slug2, c.trader, START);
    const refused = await api(
      t,
      'DELETE',
      `/api/launchpad/auctions/${slug2}`,
      undefined,
      second.trader.token,
    );
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'An auction with bids cannot be canceled',
    ]);
    expect((await auctionOf(slug2)).status).toBe('active');
  });

  it('buys a market listing around the multisig paddings that back a standing bid', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const slug = `padded-${kind}`;
    await openAuction(t, owner, auctionBody(owner, item, { slug, startPrice: START }));
    await mineAndSync(node, t);
    const c = await bidder(2);
    await placeBid(t, slug, c.trader, START);
    const reserved = await reservationsOf(c.wallet.id);
    expect(reserved.length).toBeGreaterThanOrEqual(3); // 2 paddings and a funding coin

    // C also holds paddings and coins at their payment address; a market seller lists an item.
    await fundCoins(node, c.trader.payment.address, [600n, 600n, 200_000n]);
    const market = await newTrader(t);
    const listed = await inscribeTo(node, t, market.ordinals.address);
    const [listingId = ''] = await listViaApi(t, market, [
      { outpoint: listed.outpoint, price: 30_000n },
    ]);
    const offer = await api(
      t,
      'POST',
      '/api/listings/protected/createOffer',
      {
        ids: [listingId],
        takerPaymentAddress: c.trader.payment.address,
        takerPaymentPublicKey: c.trader.payment.publicKey,
        takerOrdinalAddress: c.trader.ordinals.address,
        feeRate: 2,
      },
      c.trader.token,
    );
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const payload = CreateOfferPayloadSchema.parse(offer.body.payload);
    // The multisig's paddings back the bid: the purchase pads from the payment address instead.
    expect(outpointsOf(payload.psbt).filter((o) => reserved.includes(o))).toEqual([]);
    const submitted = await api(
      t,
      'PUT',
      '/api/listings/protected/submitOffer',
      {
        ids: [listingId],
        signedPSBTBase64: signAsAsked(payload.psbt, payload.inputsToSign, [c.trader.payment]),
        takerPaymentAddress: c.trader.payment.address,
        takerOrdinalAddress: c.trader.ordinals.address,
      },
      c.trader.token,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await mineAndSync(node, t);
    expect(await ownerOf(listed.id)).toBe(c.trader.ordinals.address);
    // The bid still stands on the same coins, every one of them unspent.
    expect(await reservationsOf(c.wallet.id)).toEqual(reserved);
    for (const outpoint of reserved) {
      const [txid = '', vout = '0'] = outpoint.split(':');
      expect(await node.node.rpc.call('gettxout', [txid, Number(vout)])).not.toBeNull();
    }
    expect((await auctionOf(slug)).bids).toMatchObject([
      { amount: String(START), status: 'standing' },
    ]);
  });

  it('lets the seller replace an auction they left unsigned, and no one else take its slug', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const slug = `unsigned-${kind}`;
    const create = (who: Trader, terms: { startPrice: bigint }) =>
      api(
        t,
        'POST',
        '/api/launchpad/auctions/create',
        auctionBody(who, item, { slug, ...terms }),
        who.token,
      );
    const first = await create(owner, { startPrice: START });
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    // Someone else within the hour: the slug is held.
    const other = await newTrader(t);
    const taken = await create(other, { startPrice: START });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Auction slug is already taken.');

    // The seller changes the price and creates again: the unsigned one is replaced.
    const again = await create(owner, { startPrice: START * 2n });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = CreateAuctionPayloadSchema.parse(again.body.payload);
    expect(second.auction_id).not.toBe(first.body.payload.auction_id);
    const rows = await t.deps.db.kysely
      .selectFrom('auctions')
      .select(['id', 'start_price'])
      .where('slug', '=', slug)
      .execute();
    expect(rows).toEqual([{ id: second.auction_id, start_price: String(START * 2n) }]);
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const body = auctionBody(owner, item, { slug: `bad-${kind}`, startPrice: START });
    const cases: [object, string, Trader | undefined][] = [
      [{ ...body, utxo: 'nope' }, "utxo must read 'txid:vout'", owner],
      [{ ...body, userPublicKey: owner.ordinals.publicKey }, 'userPublicKey', owner],
      [{ ...body, slug: 'Bad Slug' }, 'Slug must be in lowercase.', owner],
      [{ ...body, reservePrice: '-1' }, 'Reserve Price cannot be negative', owner],
      [
        { ...body, startDate: now() - 7_200, endDate: now() + 3_600 },
        'Start time cannot be in past',
        owner,
      ],
    ];
    for (const [request, message, who] of cases) {
      const res = await api(t, 'POST', '/api/launchpad/auctions/create', request, who?.token);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain(message);
    }
    const stranger = await newTrader(t);
    const notTheirs = await api(
      t,
      'POST',
      '/api/launchpad/auctions/create',
      auctionBody(stranger, item, { slug: `theirs-${kind}`, startPrice: START }),
      stranger.token,
    );
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.error).toBe('Inscription does not belongs to connected wallet');
    const confirm = await api(t, 'PUT', '/api/launchpad/auctions/confirm', {
      auctionId: 'x',
      signedPSBT: 'AAAA',
      signedSettlementPSBT: 'AAAA',
    });
    expect(confirm.status).toBe(400);
    expect((await api(t, 'GET', '/api/launchpad/auctions/nothing-here')).status).toBe(404);
    const bid = await api(
      t,
      'POST',
      '/api/launchpad/auctions/nothing-here/bid',
      { amount: 'lots' },
      stranger.token,
    );
    expect(bid.status).toBe(400);
  });
});
