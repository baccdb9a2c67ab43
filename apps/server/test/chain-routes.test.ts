import { buildRevealTransaction } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { inscribe, testWallet } from './helpers/regtest-inscribe.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

type Utxo = { txid: string; vout: number; value: string; status: { confirmed: boolean } };
type InscribedUtxo = Utxo & { inscriptionIds: string[] };
type WireTx = {
  txid: string;
  fee: string;
  vin: { txid: string; prevout: { value: string; scriptpubkey_address?: string } | null }[];
  vout: { value: string; scriptpubkey_address?: string }[];
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
};

describe.each(databaseKinds())('the chain routes on a real regtest node on %s', (kind) => {
  let node: TestNode;
  let t: TestApp;
  const alice = testWallet();
  const bob = testWallet();

  beforeAll(async () => {
    node = await startTestNode();
    t = await startTestApp(kind, node);
    await t.sync();
  });
  afterAll(async () => {
    await t.close();
    await node.stop();
  });

  const get = async (url: string) => t.app.inject({ method: 'GET', url });
  const payloadOf = async <T>(url: string): Promise<T> => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as T;
  };
  const utxosOf = (address: string) =>
    payloadOf<{ cardinal: Utxo[]; inscribed: InscribedUtxo[] }>(
      `/api/shared/address/${address}/utxos`,
    );
  const txsOf = (address: string) =>
    payloadOf<WireTx[]>(`/api/shared/mempool/address/${address}/txs`);
  const statusOf = (txid: string) => get(`/api/shared/tx/${txid}/status`);
  const broadcast = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/shared/tx', payload: payload as object });
  const mineAndSync = async () => {
    await node.faucet.mine(1);
    await t.sync();
  };

  let fundTxid: string;
  let reveal: Awaited<ReturnType<typeof inscribe>>;

  it('splits UTXOs, pending ones too: the reveal output is inscribed, the payment cardinal', async () => {
    fundTxid = await node.faucet.fund(alice.address, 50_000n);
    await mineAndSync();
    reveal = await inscribe(node, alice.address, [{ contentType: 'text/plain', body: 'hello' }]);
    await t.sync(); // the faucet may have mined coins to spend

    const { cardinal, inscribed } = await utxosOf(alice.address);
    expect(cardinal).toEqual([
      expect.objectContaining({
        txid: fundTxid,
        value: '50000',
        status: expect.objectContaining({ confirmed: true }),
      }),
    ]);
    expect(inscribed).toEqual([
      {
        txid: reveal.txid,
        vout: 0,
        value: '10000',
        status: { confirmed: false },
        inscriptionIds: reveal.ids,
        // Our runes index answers beside our node: this output holds none.
        runes: [],
      },
    ]);
  });

  it('splits them the same once mined, with block heights', async () => {
    await mineAndSync();
    const height = await node.node.rpc.getBlockCount();
    const { cardinal, inscribed } = await utxosOf(alice.address);
    expect(cardinal).toEqual([
      expect.objectContaining({
        txid: fundTxid,
        status: expect.objectContaining({ confirmed: true, block_height: height - 1 }),
      }),
    ]);
    expect(inscribed).toEqual([
      {
        txid: reveal.txid,
        vout: 0,
        value: '10000',
        status: {
          confirmed: true,
          block_height: height,
          block_hash: await node.node.rpc.getBlockHash(height),
          block_time: expect.any(Number),
        },
        inscriptionIds: reveal.ids,
        runes: [],
      },
    ]);
  });

  let paymentTxid: string;

  it('answers the status of a transaction before and after mining, and without the indexer', async () => {
    paymentTxid = await node.faucet.fund(alice.address, 20_000n);
    await t.sync();
    expect((await statusOf(paymentTxid)).json().payload).toEqual({ confirmed: false });

    // Mined, not indexed yet: the node's txindex answers.
    const [blockHash] = (await node.faucet.mine(1)).blockHashes;
    const height = await node.node.rpc.getBlockCount();
    const confirmed = { confirmed: true, block_height: height, block_hash: blockHash };
    expect((await statusOf(paymentTxid)).json().payload).toMatchObject(confirmed);

    await t.sync();
    expect((await statusOf(paymentTxid)).json().payload).toEqual({
      ...confirmed,
      block_time: expect.any(Number),
    });
  });

  it("lists the address's transactions in Esplora's shape, mempool first, then newest first", async () => {
    const pendingTxid = await node.faucet.fund(alice.address, 30_000n);
    await t.sync();

    const txs = await txsOf(alice.address);
    expect(txs.map((tx) => [tx.txid, tx.status.confirmed])).toEqual([
      [pendingTxid, false],
      [paymentTxid, true],
      [reveal.txid, true],
      [fundTxid, true],
    ]);
    // The mempool transaction's prevouts come from the index: its fee is known exactly.
    expect(txs[0]?.vin.every((i) => i.prevout !== null)).toBe(true);
    expect(txs[0]?.vout).toContainEqual(
      expect.objectContaining({ scriptpubkey_address: alice.address, value: '30000' }),
    );
    // The reveal spent a 30,000-sat commit into a 10,000-sat output.
    const revealTx = txs.find((tx) => tx.txid === reveal.txid);
    expect(revealTx).toMatchObject({
      fee: '20000',
      vin: [{ prevout: { value: '30000' } }],
      vout: [{ scriptpubkey_address: alice.address, value: '10000' }],
    });
    expect(await txsOf(bob.address)).toEqual([]);
    // One transaction, in the mempool or mined, as the address's list shows it (our /tx/ view).
    expect(await payloadOf<WireTx>(`/api/shared/tx/${pendingTxid}`)).toEqual(txs[0]);
    expect(await payloadOf<WireTx>(`/api/shared/tx/${reveal.txid}`)).toEqual(revealTx);
  });

  let sendTxid: string;
  let sentCoin: string;

  it('broadcasts a valid transaction and shows its output at once', async () => {
    const { cardinal } = await utxosOf(alice.address);
    const coin = cardinal.find((u) => u.value === '50000');
    expect(coin).toBeDefined();
    const spent = { txid: coin!.txid, vout: coin!.vout, value: 50_000n };
    const tx = buildRevealTransaction({
      inputs: [{ ...spent, script: alice.script, privateKey: alice.key }],
      outputs: [{ address: bob.address, value: 49_000n }],
      network: 'regtest',
    });

    const res = await broadcast({ hex: tx.hex });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ txid: tx.txid });
    [sendTxid, sentCoin] = [tx.txid, `${coin!.txid}:${coin!.vout}`];
    expect((await utxosOf(bob.address)).cardinal).toEqual([
      { txid: tx.txid, vout: 0, value: '49000', status: { confirmed: false } },
    ]);
    // Spent in the mempool: no longer Alice's to spend.
    expect((await utxosOf(alice.address)).cardinal.map((u) => u.txid)).not.toContain(coin!.txid);

    // Spending the same coin again for a lower fee is refused, with the node's reason.
    const doubleSpend = buildRevealTransaction({
      inputs: [{ ...spent, script: alice.script, privateKey: alice.key }],
      outputs: [{ address: alice.address, value: 49_500n }],
      network: 'regtest',
    });
    const again = await broadcast({ hex: doubleSpend.hex });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/^Transaction rejected: insufficient fee/);
  });

  it('once mined, lists a spend that paid the address nothing among its transactions, and the coin is no longer among its UTXOs', async () => {
    await mineAndSync();
    const height = await node.node.rpc.getBlockCount();
    // Read from the index (chain_spends): the send pays Bob only.
    const txs = await txsOf(alice.address);
    expect(txs[0]).toMatchObject({
      txid: sendTxid,
      status: { confirmed: true, block_height: height },
      vout: [{ scriptpubkey_address: bob.address, value: '49000' }],
    });
    const { cardinal } = await utxosOf(alice.address);
    expect(cardinal.map((u) => `${u.txid}:${u.vout}`)).not.toContain(sentCoin);
    expect((await utxosOf(bob.address)).cardinal).toEqual([
      expect.objectContaining({
        txid: sendTxid,
        status: expect.objectContaining({ confirmed: true }),
      }),
    ]);
  });

  it.each([
    ['garbage', 'deadbeef', 'Transaction rejected: TX decode failed'],
    [
      'a spend of an output that does not exist',
      'spend-missing',
      'Transaction rejected: bad-txns-inputs-missingorspent',
    ],
  ])('refuses %s with a clear 400', async (_, hex, message) => {
    const raw =
      hex === 'spend-missing'
        ? buildRevealTransaction({
            inputs: [
              {
                txid: 'cd'.repeat(32),
                vout: 0,
                value: 10_000n,
                script: alice.script,
                privateKey: alice.key,
              },
            ],
            outputs: [{ address: bob.address, value: 9_000n }],
            network: 'regtest',
          }).hex
        : hex;
    const res = await broadcast({ hex: raw });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(res.json().errors[0]).toMatchObject({ path: 'hex' });
  });

  it('answers the floor fee rates on regtest, where the node has no estimates', async () => {
    expect(await payloadOf('/api/shared/fees/recommended')).toEqual({
      fastestFee: 1,
      halfHourFee: 1,
      hourFee: 1,
      economyFee: 1,
      minimumFee: 1,
    });
  });

  it("answers the node's tip height", async () => {
    expect(await payloadOf('/api/shared/blocks/tip/height')).toEqual({
      height: await node.node.rpc.getBlockCount(),
    });
  });

  const mainnetAddress = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
  const notAddress = 'address: not a valid regtest address';
  it.each([
    [
      'txs of a malformed address',
      'GET',
      '/api/shared/mempool/address/nope/txs',
      undefined,
      400,
      notAddress,
    ],
    [
      'txs of a mainnet address',
      'GET',
      `/api/shared/mempool/address/${mainnetAddress}/txs`,
      undefined,
      400,
      notAddress,
    ],
    [
      'UTXOs of a malformed address',
      'GET',
      '/api/shared/address/nope/utxos',
      undefined,
      400,
      notAddress,
    ],
    [
      'UTXOs of a mainnet address',
      'GET',
      `/api/shared/address/${mainnetAddress}/utxos`,
      undefined,
      400,
      notAddress,
    ],
    [
      'status of a short txid',
      'GET',
      '/api/shared/tx/1234/status',
      undefined,
      400,
      'txid must be 64 hex characters',
    ],
    [
      'an unknown tx',
      'GET',
      `/api/shared/tx/${'ab'.repeat(32)}`,
      undefined,
      404,
      `Transaction ${'ab'.repeat(32)} not found.`,
    ],
    [
      'a short txid',
      'GET',
      '/api/shared/tx/1234',
      undefined,
      400,
      'txid must be 64 hex characters',
    ],
    [
      'status of an unknown tx',
      'GET',
      `/api/shared/tx/${'ab'.repeat(32)}/status`,
      undefined,
      404,
      `Transaction ${'ab'.repeat(32)} not found.`,
    ],
    ['broadcast without hex', 'POST', '/api/shared/tx', {}, 400, 'hex is required'],
    ['broadcast of a number', 'POST', '/api/shared/tx', { hex: 42 }, 400, 'hex must be a string'],
    [
      'broadcast of non-hex',
      'POST',
      '/api/shared/tx',
      { hex: 'xyz' },
      400,
      'hex must be a raw transaction in hexadecimal',
    ],
    [
      'broadcast of an odd length',
      'POST',
      '/api/shared/tx',
      { hex: 'abc' },
      400,
      'hex must be a raw transaction in hexadecimal',
    ],
    [
      'broadcast of 400,001 bytes',
      'POST',
      '/api/shared/tx',
      { hex: 'ab'.repeat(400_001) },
      400,
      'hex is too long for a standard transaction',
    ],
  ] as const)('answers %s with a clear error', async (_, method, url, payload, status, message) => {
    const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({
      success: false,
      error: message,
      errors: [{ msg: message }],
    });
  });

  it('rate-limits broadcasts like other writes', async () => {
    const limited = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const post = () =>
        limited.app.inject({ method: 'POST', url: '/api/shared/tx', payload: { hex: 'deadbeef' } });
      expect((await post()).statusCode).toBe(400);
      expect((await post()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
