import { bytesToHex, compressedPublicKey } from '@om/bitcoin';
import { AuctionSchema, MAX_AUCTION_END_SECONDS, MultisigWalletSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUCTION_SLUG, seedDemoAuctions } from '../src/features/demo/demo-auctions.ts';
import { DEMO_SEED } from '../src/features/demo/demo-collections.ts';
import { demoInscriberKey, demoOwners } from '../src/features/demo/demo-owners.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { api } from './helpers/trading.ts';

// ADR 012 "The demo market gains ... a running auction": erin's rock is really inscribed,
// deposited into her maker wallet and its floor signed; bob and carol fund their multisig wallets,
// set up padding and bid through the services, so the auction page shows a live English auction.

let node: TestNode;
let t: TestApp;
beforeAll(async () => {
  node = await startTestNode();
  t = await startTestApp('pglite', node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  await t.sync();
});
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe('the demo auction', () => {
  it('runs for 12 hours with a standing bid over an outbid one; once', async () => {
    const owners = demoOwners(DEMO_SEED);
    const [, bob, carol, , erin] = owners;
    const deps = {
      market: t.deps,
      faucet: node.faucet,
      owners,
      seed: DEMO_SEED,
      inscriberKey: demoInscriberKey(DEMO_SEED),
      waitForIndexer: async () => {
        await t.sync();
      },
    };
    const seededFrom = Math.floor(Date.now() / 1000);
    expect(await seedDemoAuctions(deps)).toEqual({
      status: 'running',
      slug: DEMO_AUCTION_SLUG,
      bids: 2,
      highestBid: '175000',
    });

    const read = async () => {
      const res = await api(t, 'GET', `/api/launchpad/auctions/${DEMO_AUCTION_SLUG}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return AuctionSchema.parse(res.body.payload);
    };
    const auction = await read();
    expect(auction).toMatchObject({
      status: 'active',
      seller_ordinal_address: erin?.address,
      start_price: '100000',
      reserve_price: '150000',
      highest_bid: '175000',
      minimum_bid: '183750',
      settlement_txid: null,
      meta: { name: 'Quarry Keystone', creator_name: 'Erin Quarry' },
    });
    expect(auction.start_date).toBeGreaterThanOrEqual(seededFrom);
    expect(auction.start_date).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // The longest an auction may run: its escrow's 144-block exit opens after it (ADR 012).
    expect(auction.end_date - auction.start_date).toBe(MAX_AUCTION_END_SECONDS);
    expect(auction.bids).toMatchObject([
      { amount: '175000', bidder_ordinal_address: carol?.address, status: 'standing' },
      { amount: '150000', bidder_ordinal_address: bob?.address, status: 'outbid' },
    ]);

    // The rock waits in erin's maker wallet, per the indexer; its deposit is mined.
    const paymentKey = bytesToHex(compressedPublicKey(erin?.privateKey ?? new Uint8Array()));
    const maker = MultisigWalletSchema.parse(
      (
        await api(t, 'POST', '/api/multisig/get-maker-wallet', {
          userPublicKey: paymentKey,
          userAddress: erin?.paymentAddress,
        })
      ).body.payload,
    );
    expect(auction.maker_wallet_address).toBe(maker.address);
    const item = await api(t, 'GET', `/api/shared/inscriptions/details/${auction.inscription_id}`);
    expect(item.body.payload).toMatchObject({ address: maker.address });
    const deposit = await node.node.rpc.getRawTransactionVerbose(auction.deposit_txid ?? '');
    expect(deposit.confirmations).toBeGreaterThan(0);
    expect(auction.utxo).toBe(`${auction.deposit_txid ?? ''}:0`);

    // Only the standing bid's coins are reserved: carol's.
    const reserved = await t.db.kysely
      .selectFrom('auction_coin_reservations as r')
      .innerJoin('multisig_wallets as w', 'w.id', 'r.wallet_id')
      .select('w.user_address')
      .distinct()
      .execute();
    expect(reserved).toEqual([{ user_address: carol?.paymentAddress }]);

    // A second run (a restart) finds it all done: no block, no transaction, no row changes.
    const height = await node.node.rpc.getBlockCount();
    expect(await seedDemoAuctions(deps)).toEqual({ status: 'already-running' });
    expect(await node.node.rpc.getBlockCount()).toBe(height);
    expect(await node.node.rpc.getRawMempool()).toEqual([]);
    expect(await read()).toEqual(auction);
    const rows = await t.db.kysely.selectFrom('auction_bids').select('status').execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['outbid', 'standing']);
  });
});
