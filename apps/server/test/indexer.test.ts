import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICIES } from '../src/features/content/content.routes.ts';
import { ChainEvents } from '../src/indexer/chain-events.ts';
import { readTip } from '../src/indexer/chain-store.ts';
import { ChainFollower } from '../src/indexer/follow-chain.ts';
import { refreshMempoolSpends } from '../src/indexer/mempool-spends.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { inscribe, send, testWallet } from './helpers/regtest-inscribe.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(databaseKinds())('the indexer follows a real regtest node on %s', (kind) => {
  // A node per database: the jubilee test needs a chain below height 110 when it starts.
  let node: TestNode;
  let t: TestApp;
  let follower: ChainFollower;
  const alice = testWallet();
  const bob = testWallet();

  beforeAll(async () => {
    node = await startTestNode();
    t = await startTestApp(kind, node);
    follower = new ChainFollower({
      db: t.db,
      rpc: node.node.rpc,
      network: 'regtest',
      events: new ChainEvents(),
      log: pino({ level: 'silent' }),
    });
    await follower.syncOnce();
  });
  afterAll(async () => {
    await t.close();
    await node.stop();
  });

  const details = async (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/shared/inscriptions/details/${id}` });
  const mineAndSync = async (blocks = 1) => {
    await node.faucet.mine(blocks);
    await follower.syncOnce();
  };

  it('indexes every block up to the node tip, once', async () => {
    const tip = await readTip(t.db);
    expect(tip?.height).toBe(await node.node.rpc.getBlockCount());
    expect(await follower.syncOnce()).toBe(0);
  });

  it('indexes an inscription, serves its content exactly as inscribed, follows its transfer', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    const reveal = await inscribe(node, alice.address, [
      { contentType: 'image/svg+xml', body: svg },
    ]);
    await mineAndSync();
    const id = reveal.ids[0]!;

    const res = await details(id);
    expect(res.statusCode).toBe(200);
    const payload = res.json().payload;
    expect(payload).toMatchObject({
      inscriptionId: id,
      contentType: 'image/svg+xml',
      contentLength: svg.length,
      satpoint: `${reveal.txid}:0:0`,
      address: alice.address,
      outputValue: '10000',
      genesisTxid: reveal.txid,
      genesisFee: '20000',
      charms: [],
      isMoving: false,
      collectionSlug: null,
    });
    expect(payload.number).toBeGreaterThanOrEqual(0);

    const content = await t.app.inject({ method: 'GET', url: `/content/${id}` });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/svg+xml');
    expect(content.headers['cache-control']).toBe('public, max-age=1209600, immutable');
    expect(content.headers['content-security-policy']).toEqual(CONTENT_SECURITY_POLICIES);
    expect(content.body).toBe(svg);

    // Alice sends it to Bob: the mempool shows it moving, then a block moves it.
    const transfer = await send(
      node,
      alice,
      { txid: reveal.txid, vout: 0, value: 10_000n },
      bob.address,
    );
    await refreshMempoolSpends(t.db, node.node.rpc);
    expect((await details(id)).json().payload).toMatchObject({
      isMoving: true,
      movingTxid: transfer,
      address: alice.address,
    });

    await mineAndSync();
    await refreshMempoolSpends(t.db, node.node.rpc);
    expect((await details(id)).json().payload).toMatchObject({
      satpoint: `${transfer}:0:0`,
      address: bob.address,
      outputValue: '9000',
      isMoving: false,
    });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/shared/inscriptions/${id}/transfers`,
    });
    expect(history.json().payload.transfers.map((x: { txid: string }) => x.txid)).toEqual([
      transfer,
      reveal.txid,
    ]);
  });

  it('rolls back a reorged block: the move it confirmed is undone', async () => {
    const reveal = await inscribe(node, alice.address, [
      { contentType: 'text/plain;charset=utf-8', body: 'reorg me' },
    ]);
    await mineAndSync();
    const id = reveal.ids[0]!;
    await send(node, alice, { txid: reveal.txid, vout: 0, value: 10_000n }, bob.address);
    await mineAndSync();
    expect((await details(id)).json().payload.address).toBe(bob.address);

    // Replace the tip with an empty block: the transfer is back in the mempool, unconfirmed.
    const rpc = node.node.rpc;
    await rpc.invalidateBlock(await rpc.getBestBlockHash());
    await rpc.call('generateblock', [await (await node.faucet.wallet()).getNewAddress(), []]);
    await follower.syncOnce();
    const tip = await readTip(t.db);
    expect(tip?.hash).toBe(await rpc.getBestBlockHash());
    expect((await details(id)).json().payload).toMatchObject({
      address: alice.address,
      satpoint: `${reveal.txid}:0:0`,
    });

    // The next block confirms it again.
    await mineAndSync();
    expect((await details(id)).json().payload.address).toBe(bob.address);
  });

  it('curses the second envelope of an input before the jubilee (height 110) and vindicates it after', async () => {
    const rpc = node.node.rpc;
    const twoEnvelopes = () =>
      inscribe(node, alice.address, [
        { contentType: 'text/plain', body: 'first' },
        { contentType: 'text/plain', body: 'second' },
      ]);
    const payloads = async (ids: string[]) =>
      Promise.all(ids.map(async (id) => (await details(id)).json().payload));

    expect(await rpc.getBlockCount()).toBeLessThan(109);
    const before = await twoEnvelopes();
    await mineAndSync();
    const [blessed, cursed] = await payloads(before.ids);
    expect(blessed.charms).toEqual([]);
    expect(blessed.number).toBeGreaterThanOrEqual(0);
    expect(cursed.charms).toEqual(expect.arrayContaining(['cursed', 'reinscription']));
    expect(cursed.number).toBeLessThan(0);
    expect(cursed.satpoint).toBe(`${before.txid}:0:0`);

    await mineAndSync(110 - (await rpc.getBlockCount()));
    const after = await twoEnvelopes();
    await mineAndSync();
    const [first, vindicated] = await payloads(after.ids);
    expect(vindicated.charms).toEqual(expect.arrayContaining(['vindicated', 'reinscription']));
    expect(vindicated.charms).not.toContain('cursed');
    expect(vindicated.number).toBe(first.number + 1);
  });

  it('indexes a block mined while the loop runs, without being asked', async () => {
    const stop = new AbortController();
    const running = follower.run(stop.signal);
    try {
      const reveal = await inscribe(node, bob.address, [
        { contentType: 'application/json', body: '{"p":"test"}' },
      ]);
      await node.faucet.mine(1);
      await expect
        .poll(async () => (await details(reveal.ids[0]!)).statusCode, { timeout: 10_000 })
        .toBe(200);
    } finally {
      stop.abort();
      await running;
    }
  });

  it.each([
    ['not-an-id', 400, 'inscriptionId: Invalid inscription ID format.'],
    [`${'b'.repeat(64)}i0`, 404, `Inscription ${'b'.repeat(64)}i0 not found.`],
  ])('answers %s with %i and a clear error', async (id, status, message) => {
    const res = await details(id);
    expect(res.statusCode).toBe(status);
    expect(res.json().errors[0].msg).toBe(message);
  });
});
