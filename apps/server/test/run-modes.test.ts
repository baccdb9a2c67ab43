import { AuctionSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auctionBody,
  auctionSeller,
  fundCoins,
  multisigOf,
  openAuction,
  placeBid,
} from './helpers/auctions.ts';
import { startSplitDeployment, type SplitDeployment } from './helpers/cluster.ts';
import {
  createPreparedLaunch,
  launchInfo,
  mintFromLaunch,
  publicLaunchBody,
  signLaunch,
} from './helpers/launch.ts';
import {
  api,
  buyViaApi,
  eventually,
  inMempool,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  type Trader,
} from './helpers/trading.ts';

// product.md#scale-and-delivery, ADR 022: one deployment split by RUN_MODE into two `api`
// processes, two `indexer` processes (one follows the node, the other stands by) and two `worker`
// processes, on one PostgreSQL and one regtest node. Every request goes to the API processes in
// turn, so each flow crosses them; the workers hear the indexer's blocks and the API's wakes
// through PostgreSQL. A sale, a launch's mint and an auction's settlement are walked through it,
// and the active indexer is killed (SIGKILL) between a purchase and its block: the standby takes
// over. Processes apart need PostgreSQL: without TEST_DATABASE_URL this file is skipped.

/** What crosses processes (an SSE stream, a NOTIFY) on a busy 2-core CI machine: waitFor's
 *  default second is too short for it. */
const SLOW = { timeout: 10_000, interval: 100 };

describe.skipIf(!process.env.TEST_DATABASE_URL)('a deployment split by RUN_MODE', () => {
  let d: SplitDeployment;
  beforeAll(async () => {
    d = await startSplitDeployment({ api: 2, indexer: 2, worker: 2 });
  }, 240_000);
  afterAll(async () => {
    await d?.stop();
  }, 60_000);

  const ownerOf = async (inscriptionId: string) =>
    (await api(d.t, 'GET', `/api/shared/inscriptions/details/${inscriptionId}`)).body.payload
      ?.address as string | undefined;

  /** A live event stream on one API process, read into `text` as it comes. */
  async function openStream(baseUrl: string) {
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/api/shared/events`, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const stream = { text: '', close: () => controller.abort() };
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        stream.text += decoder.decode(value);
      }
    })().catch(() => undefined);
    await vi.waitFor(() => expect(stream.text).toContain('event: ready'), SLOW);
    return stream;
  }

  /** A buyer with two padding coins and one to pay with, confirmed. */
  async function fundedBuyer(): Promise<Trader> {
    const buyer = await newTrader(d.t);
    await fundCoins(d.node, buyer.payment.address, [600n, 600n, 500_000n]);
    await mineAndSync(d.node, d.t);
    return buyer;
  }

  it('sells, mints and settles across the processes; a standby indexer takes over', async () => {
    const { node, t } = d;
    const leader = await vi.waitFor(
      async () => {
        const found = await d.leadingIndexer();
        if (!found) throw new Error('no indexer holds the lease');
        return found;
      },
      { timeout: 20_000, interval: 200 },
    );

    // The indexer's blocks reach the browsers of every API process.
    const streams = await Promise.all(d.api.map((p) => openStream(p.baseUrl)));
    await mineAndSync(node, t);
    const height = await node.node.rpc.getBlockCount();
    for (const stream of streams) {
      await vi.waitFor(
        () => expect(stream.text).toContain(`event: block\ndata: {"height":${height},`),
        SLOW,
      );
    }

    // A sale: listed through one API process, bought through the other.
    const seller = await newTrader(t);
    const item = await inscribeTo(node, t, seller.ordinals.address);
    const [listingId = ''] = await listViaApi(t, seller, [
      { outpoint: item.outpoint, price: 50_000n },
    ]);
    const buyer = await fundedBuyer();
    const submitted = await buyViaApi(t, buyer, [listingId]);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const saleTxid = submitted.body.payload.txId as string;
    expect(await inMempool(node, saleTxid)).toBe(true);

    // The purchase, written by one API process, reaches the streams of both (the market's
    // triggers, heard on the schema's channel).
    for (const stream of streams) {
      await vi.waitFor(() => expect(stream.text).toContain(`"orderId":"${listingId}"`), SLOW);
      expect(stream.text).toContain('event: trade');
    }
    for (const stream of streams) stream.close();

    // The active indexer dies with the purchase in the mempool; the standby takes the lease.
    await leader.kill();
    const standby = await vi.waitFor(
      async () => {
        const found = await d.leadingIndexer();
        if (!found || found === leader) throw new Error('the standby has not taken over');
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(d.indexers).toContain(standby);
    await mineAndSync(node, t);
    await eventually(async () => {
      const trade = await t.db.kysely
        .selectFrom('trade_history')
        .select(['trade_status', 'transaction_id'])
        .where('order_id', '=', listingId)
        .executeTakeFirst();
      expect(trade).toEqual({ trade_status: 'confirmed', transaction_id: saleTxid });
    });
    expect(await ownerOf(item.id)).toBe(buyer.ordinals.address);

    // A mint: the launch is prepared by a worker woken from an API process, then minted.
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [
      await inscribeTo(node, t, creator.ordinals.address),
      await inscribeTo(node, t, creator.ordinals.address),
    ];
    await fundCoins(node, creator.payment.address, [200_000n]);
    await mineAndSync(node, t);
    const launchId = await createPreparedLaunch(
      t,
      creator,
      publicLaunchBody(
        creator,
        'split-launch',
        items.map((i) => i.id),
        20_000n,
      ),
    );
    const [depositTxid] = await signLaunch(t, creator, launchId);
    expect(depositTxid && (await inMempool(node, depositTxid))).toBe(true);
    expect((await launchInfo(t, launchId)).status).toBe('active');
    await mineAndSync(node, t);
    const minter = await fundedBuyer();
    const minted = await mintFromLaunch(t, launchId, minter, 1);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    expect(await inMempool(node, minted.body.payload.txId as string)).toBe(true);
    await mineAndSync(node, t);
    await eventually(async () => {
      const owners = await Promise.all(items.map((i) => ownerOf(i.id)));
      expect(owners.filter((o) => o === minter.ordinals.address)).toHaveLength(1);
    });

    // An auction: bid through the API, ended, settled by a worker, mined to the bidder.
    const { trader: owner, item: lot } = await auctionSeller(node, t);
    const slug = 'split-auction';
    await openAuction(t, owner, auctionBody(owner, lot, { slug, startPrice: 20_000n }));
    const bidder = await newTrader(t);
    const wallet = await multisigOf(t, bidder.payment);
    await fundCoins(node, wallet.address, [100_000n, 1_000n, 1_000n]);
    await mineAndSync(node, t);
    await placeBid(t, slug, bidder, 20_000n);
    const ended = await api(t, 'POST', `/api/dev/auctions/${slug}/end`);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const auction = async () =>
      AuctionSchema.parse((await api(t, 'GET', `/api/launchpad/auctions/${slug}`)).body.payload);
    await eventually(async () => expect((await auction()).status).toBe('settled'));
    const settlement = (await auction()).settlement_txid ?? '';
    expect(await inMempool(node, settlement)).toBe(true);
    await mineAndSync(node, t);
    await eventually(async () => expect(await ownerOf(lot.id)).toBe(bidder.ordinals.address));
  }, 300_000);
});
