import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { send, testWallet } from './helpers/regtest-inscribe.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

/** Stands for a valid regtest address, made by the node when the case runs. */
const VALID = 'valid-regtest-address';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.stop();
});

describe.each(databaseKinds())('health, faucet and mine on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the database, the network and a chain of at least 101 blocks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.payload.db).toBe(kind);
    expect(body.payload.network).toBe('regtest');
    expect(body.payload.blockHeight).toBeGreaterThanOrEqual(101);
  });

  it("reports each index's height: where it stands, and the chain's tip once caught up", async () => {
    const health = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/health' })).json().payload;
    const mine = { method: 'POST', url: '/api/dev/mine', payload: { blocks: 1 } } as const;
    expect((await t.app.inject(mine)).statusCode).toBe(200);
    const height = (await health()).blockHeight as number;
    await t.sync();
    const { indexed } = await health();
    expect(indexed.inscriptions).toBe(height);
    expect(indexed.brc20).toBe(null);
    await t.syncBrc20();
    await t.syncRunes();
    expect((await health()).indexed).toEqual({
      inscriptions: height,
      brc20: height,
      runes: height,
    });
  });

  it('funds an address: unconfirmed first, confirmed after a block', async () => {
    const address = await node.faucet.wallet().then((w) => w.getNewAddress('bech32'));
    const fund = await t.app.inject({
      method: 'POST',
      url: '/api/dev/faucet',
      payload: { address, amountSats: '12345678' },
    });
    expect(fund.statusCode).toBe(200);
    expect(fund.json().payload.txid).toMatch(/^[0-9a-f]{64}$/);

    const before = await t.app.inject({
      method: 'GET',
      url: `/api/shared/address/${address}/balance`,
    });
    expect(before.json().payload).toEqual({ confirmed: '0', unconfirmed: '12345678' });

    const mined = await t.app.inject({
      method: 'POST',
      url: '/api/dev/mine',
      payload: { blocks: 1 },
    });
    expect(mined.statusCode).toBe(200);
    expect(mined.json().payload.blockHashes).toHaveLength(1);
    await t.sync();

    const after = await t.app.inject({
      method: 'GET',
      url: `/api/shared/address/${address}/balance`,
    });
    expect(after.json().payload).toEqual({ confirmed: '12345678', unconfirmed: '0' });
  });

  it('shows a confirmed coin being spent as leaving, until the spend confirms', async () => {
    const owner = testWallet();
    const fund = await t.app.inject({
      method: 'POST',
      url: '/api/dev/faucet',
      payload: { address: owner.address, amountSats: '50000' },
    });
    const txid = fund.json().payload.txid as string;
    await node.faucet.mine(1);
    await t.sync();
    const tx = await node.node.rpc.getRawTransactionVerbose(txid);
    const vout = tx.vout.find((o) => o.scriptPubKey.address === owner.address)!.n;
    await send(node, owner, { txid, vout, value: 50_000n }, testWallet().address);

    const balance = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/shared/address/${owner.address}/balance` })
      ).json().payload;
    expect(await balance()).toEqual({ confirmed: '50000', unconfirmed: '-50000' });
    await node.faucet.mine(1);
    await t.sync();
    expect(await balance()).toEqual({ confirmed: '0', unconfirmed: '0' });
  });

  it.each([
    [{}, 'address'],
    [{ address: 'bcrt1qnotanaddress', amountSats: '1000' }, 'address: not a valid regtest address'],
    [
      { address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', amountSats: '1000' },
      'address: not a valid regtest address',
    ],
    [{ address: VALID, amountSats: '10' }, 'amountSats must be at least 546 (dust)'],
    [{ address: VALID, amountSats: '1.5' }, 'amountSats'],
    [{ address: VALID, amountSats: '100000000000' }, 'amountSats must be at most 10 BTC'],
  ] as [{ address?: string; amountSats?: string }, string][])(
    'faucet refuses %j with a message naming the field',
    async (payload, message) => {
      const address =
        payload.address === VALID
          ? await node.faucet.wallet().then((w) => w.getNewAddress())
          : payload.address;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/faucet',
        payload: { ...payload, address },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.errors[0].msg).toContain(message);
    },
  );

  it.each([[{}], [{ blocks: 0 }], [{ blocks: 1.5 }], [{ blocks: 1001 }], [{ blocks: '2' }]])(
    'mine refuses %j with a message naming blocks',
    async (payload) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/dev/mine', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].msg).toContain('blocks');
    },
  );

  it('refuses a balance query for an address of another network', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shared/address/bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l/balance',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('address: not a valid regtest address');
  });
});

describe('on other networks', () => {
  it('has no dev endpoints', async () => {
    const t = await startTestApp('pglite', node, {
      BITCOIN_NETWORK: 'signet',
      BITCOIND_RPC_URL: 'http://u:p@127.0.0.1:1',
      JWT_SECRET: 'x'.repeat(32),
      COSIGNER_SECRET: '22'.repeat(32),
      CONTENT_ORIGIN: 'https://content.example.com',
      PLATFORM_FEE_ADDRESS: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      MAX_FEE_RATE: '250',
    });
    try {
      for (const url of ['/api/dev/faucet', '/api/dev/mine', '/api/dev/auctions/any/end']) {
        const res = await t.app.inject({ method: 'POST', url, payload: {} });
        expect(res.statusCode).toBe(404);
        expect(res.json().success).toBe(false);
      }
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().payload).toMatchObject({
        network: 'signet',
        devTools: false,
        contentOrigin: 'https://content.example.com',
        platformFeeBps: 100,
        platformFeeAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
        maxFeeRate: 250,
        xConnect: false,
        // signet's explorer, since EXPLORER_TX_URL is not set
        explorerTxUrl: 'https://mempool.space/signet/tx/',
      });
    } finally {
      await t.close();
    }
  });
});
