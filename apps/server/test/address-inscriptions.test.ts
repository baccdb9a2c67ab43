import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshMempoolSpends } from '../src/indexer/mempool-spends.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { inscribe, send, testWallet } from './helpers/regtest-inscribe.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

// GET /api/address/{address}/inscriptions: the profile's "My inscriptions", from the indexer.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('inscriptions by address on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (address: string, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/address/${address}/inscriptions${query}`,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('lists what an address holds, newest first, and shows one moving in the mempool', async () => {
    const owner = testWallet();
    const first = await inscribe(node, owner.address, [{ contentType: 'text/plain', body: 'a' }]);
    await node.faucet.mine(1);
    const second = await inscribe(node, owner.address, [
      { contentType: 'image/svg+xml', body: '<svg/>' },
    ]);
    await node.faucet.mine(1);
    await t.sync();

    const { status, body } = await list(owner.address);
    expect(status).toBe(200);
    expect(body.payload.inscriptions).toEqual([
      expect.objectContaining({
        inscriptionId: second.ids[0],
        contentType: 'image/svg+xml',
        outpoint: `${second.txid}:0`,
        isMoving: false,
        listingId: null,
        price: null,
        collectionSlug: null,
      }),
      expect.objectContaining({ inscriptionId: first.ids[0], contentType: 'text/plain' }),
    ]);
    expect((await list(owner.address, '?limit=1&offset=1')).body.payload.inscriptions).toEqual([
      expect.objectContaining({ inscriptionId: first.ids[0] }),
    ]);

    // The owner sends the first one away: until a block confirms it, it is moving.
    await send(node, owner, first, testWallet().address);
    await refreshMempoolSpends(t.db, node.node.rpc);
    const moving = (await list(owner.address)).body.payload.inscriptions;
    expect(
      moving.find((i: { inscriptionId: string }) => i.inscriptionId === first.ids[0]),
    ).toMatchObject({ isMoving: true });
  });

  it.each([
    ['not-an-address', '', 'address: not a valid regtest address'],
    [testWallet().address, '?limit=0', 'limit must be at least 1'],
    [testWallet().address, '?limit=1001', 'limit must be at most 1000'],
    [testWallet().address, '?offset=-1', 'offset must not be negative'],
  ])('refuses %s%s with a 400 naming the problem', async (address, query, msg) => {
    const { status, body } = await list(address, query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: msg });
  });
});
