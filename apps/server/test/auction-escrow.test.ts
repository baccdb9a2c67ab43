import {
  buildRecoveryPsbt,
  finalizeRecovery,
  hexToBytes,
  multisigWallet,
  scriptOfAddress,
  signPsbtWithKey,
} from '@om/bitcoin';
import {
  AUCTION_TOO_LONG,
  AUCTION_WITHDRAWN,
  AuctionSchema,
  MultisigUtxosPayloadSchema,
  type Auction,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askBid,
  auctionBody,
  auctionSeller,
  fundCoins,
  multisigOf,
  openAuction,
  placeBid,
} from './helpers/auctions.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  mineAndSync,
  newTrader,
  refreshMempool,
  type Trader,
} from './helpers/trading.ts';

// product.md#trust-findings finding 4: the seller's maker wallet opens to the seller alone 144
// blocks after the deposit, and auctions ran for days, so a seller took the item back from under
// standing bids and the auction stayed open. Now an auction ends within 12 hours of its creation
// (ADR 012); the node refuses the seller-alone spend before the timelock; and when the escrow is
// spent anyway (on regtest blocks come on demand), the auction closes as 'withdrawn', refuses bids
// and frees the bidders' coins.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('The auction escrow on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
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

  async function reservationsOf(walletId: string): Promise<string[]> {
    const rows = await t.db.kysely
      .selectFrom('auction_coin_reservations')
      .select('outpoint')
      .where('wallet_id', '=', walletId)
      .execute();
    return rows.map((r) => r.outpoint);
  }

  /** A bidder whose multisig wallet holds two 100,000-sat coins and two paddings. */
  async function bidder() {
    const trader = await newTrader(t);
    const wallet = await multisigOf(t, trader.payment);
    await fundCoins(node, wallet.address, [100_000n, 100_000n, 1_000n, 1_000n]);
    await mineAndSync(node, t);
    return { trader, wallet };
  }

  /** The seller's own exit: the escrow output sent to their payment address on U alone. */
  async function sellerAloneSpend(seller: Trader, slug: string): Promise<string> {
    const row = await t.db.kysely
      .selectFrom('auctions as a')
      .innerJoin('multisig_wallets as w', 'w.id', 'a.maker_wallet_id')
      .select(['a.maker_wallet_outpoint', 'w.id', 'w.address', 'w.platform_public_key'])
      .where('a.slug', '=', slug)
      .executeTakeFirstOrThrow();
    const utxos = MultisigUtxosPayloadSchema.parse(
      (await api(t, 'GET', `/api/multisig/utxos/${row.id}`)).body.payload,
    ).utxos;
    const escrow = utxos.find((u) => `${u.txid}:${u.vout}` === row.maker_wallet_outpoint);
    expect(escrow, JSON.stringify(utxos)).toBeDefined();
    const wallet = multisigWallet(
      hexToBytes(seller.payment.publicKey),
      hexToBytes(row.platform_public_key),
      'regtest',
    );
    // One coin carrying the inscription at offset 0: it pays its own fee and lands at offset 0.
    const recovery = buildRecoveryPsbt({
      wallet,
      utxos: [
        {
          txid: escrow?.txid ?? '',
          vout: escrow?.vout ?? 0,
          value: BigInt(escrow?.value ?? 0),
          script: scriptOfAddress(row.address, 'regtest'),
          inscribed: false,
        },
      ],
      recipientAddress: seller.payment.address,
      feeRate: 2,
      network: 'regtest',
    });
    return finalizeRecovery(signPsbtWithKey(recovery.psbt, seller.payment.key), wallet).hex;
  }

  it('refuses an auction that would outlast the escrow: at most 12 hours from now', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const start = now();
    for (const endDate of [start + 7 * 86_400, start + 43_200 + 120]) {
      const res = await api(
        t,
        'POST',
        '/api/launchpad/auctions/create',
        auctionBody(owner, item, { slug: `long-${kind}`, startPrice: 20_000n, endDate }),
        owner.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors).toMatchObject([{ msg: `endDate: ${AUCTION_TOO_LONG}` }]);
    }
    // Exactly 12 hours from now is the longest there is.
    await openAuction(
      t,
      owner,
      auctionBody(owner, item, {
        slug: `longest-${kind}`,
        startPrice: 20_000n,
        endDate: start + 43_200,
      }),
    );
  });

  it('keeps the item from a seller with standing bids until the timelock, then closes the auction as withdrawn and frees the bids', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const slug = `escrow-${kind}`;
    await openAuction(t, owner, auctionBody(owner, item, { slug, startPrice: 20_000n }));
    await mineAndSync(node, t);
    const b = await bidder();
    const c = await bidder();
    await placeBid(t, slug, b.trader, 20_000n);
    await placeBid(t, slug, c.trader, 25_000n);
    expect(await reservationsOf(c.wallet.id)).not.toEqual([]);

    // The attack: the seller alone takes the escrowed item back while C's bid stands.
    const exit = await sellerAloneSpend(owner, slug);
    await expect(node.node.rpc.sendRawTransaction(exit)).rejects.toThrow(/non-BIP68-final/);
    expect((await auctionOf(slug)).status).toBe('active');

    // On regtest the 144 blocks come on demand (the 12-hour cap keeps them away on a real chain):
    // the node takes the exit, and the watch closes the auction.
    await mineAndSync(node, t, 144);
    await node.node.rpc.sendRawTransaction(exit);
    await refreshMempool(node, t);
    await eventually(async () => expect((await auctionOf(slug)).status).toBe('withdrawn'));
    const closed = await auctionOf(slug);
    expect(closed.settlement_txid).toBeNull();
    expect(closed.bids.map((bid) => [bid.amount, bid.status])).toEqual([
      ['25000', 'invalid'],
      ['20000', 'invalid'],
    ]);
    expect(await reservationsOf(c.wallet.id)).toEqual([]);
    expect(await reservationsOf(b.wallet.id)).toEqual([]);

    const late = await askBid(t, slug, (await bidder()).trader, 30_000n);
    expect([late.status, late.body.error]).toEqual([409, AUCTION_WITHDRAWN]);

    // Mined, it stays withdrawn, the item with the seller; the settlement worker never revives it.
    await mineAndSync(node, t);
    const res = await api(t, 'GET', `/api/shared/inscriptions/details/${item.id}`);
    expect(res.body.payload?.address).toBe(owner.payment.address);
    await t.db.kysely
      .updateTable('auctions')
      .set({ end_date: new Date((now() - 1) * 1000), start_date: new Date((now() - 7_200) * 1000) })
      .where('slug', '=', slug)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect((await auctionOf(slug)).status).toBe('withdrawn');
  });
});
