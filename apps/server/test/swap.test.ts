import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { bytesToBase64, bytesToHex, parsePsbt } from '@om/bitcoin';
import {
  BRC20_SCALE,
  BRC20SWAP_PATH,
  SendSwapPsbtSchema,
  SWAP_CODES,
  SwapOrderSchema,
  SwapPoolsInfoSchema,
  SwapPsbtSchema,
  SwapTxSizeSchema,
  btcToSats as btcTextToSats,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { readAddressBalances } from '../src/features/brc20/brc20.queries.ts';
import { resumeClaims } from '../src/claims/claimed-transactions.worker.ts';
import { addPool } from '../src/features/swap/swap-orders.queries.ts';
import { watchSwapOrders } from '../src/features/swap/swap-orders.worker.ts';
import { readPoolState } from '../src/features/swap/swap-pool-state.ts';
import { poolKeys } from '../src/features/swap/swap-pool.ts';
import { quoteRead } from '../src/features/swap/swap-quote-cache.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  doubleSpendPayment,
  inMempool,
  mineAndSync,
  newWallet,
  paidTo,
  refreshMempool,
  sign,
  type Wallet,
} from './helpers/trading.ts';

// ADR 017, the BRC-20 swap on Bitcoin Core 30 (ADR 017): a pool seeded on regtest (a token
// minted to the pool's key, BTC coins at its address), a buy settled by the pool's commit and
// reveal and the swap the buyer signed, a sale of a user's transfer inscription, each completed
// only once our BRC-20 index shows the tokens moved; then every refusal in DotSwap's envelope.

const FEE_RATE = 2;
const POOL_COINS = 12;
const POOL_COIN = 200_000n;
const MINTS = 10;
const LIM = 1000n;
const TEXT = 'text/plain;charset=utf-8';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

type Envelope = { code: number; msg: string; data: unknown; req_id: string };
type User = { ordinals: Wallet; payment: Wallet };

describe.each(databaseKinds())('the BRC-20 swap on %s', (kind) => {
  // A tick and a cosigner secret of this database's own: both runs share the node.
  const tick = kind === 'pglite' ? 'swpa' : 'swpb';
  let t: TestApp;
  let pool: ReturnType<typeof poolKeys>;

  async function call(path: string, payload?: object, method: 'POST' | 'GET' = 'POST') {
    const res = await t.app.inject({ method, url: `${BRC20SWAP_PATH}${path}`, payload });
    return { status: res.statusCode, body: res.json() as Envelope };
  }
  async function ok<T>(path: string, payload: object, schema: { parse(v: unknown): T }) {
    const res = await call(path, payload);
    expect(res.body.msg).toBe('ok');
    expect(res.status).toBe(200);
    return schema.parse(res.body.data);
  }
  async function mine() {
    await mineAndSync(node, t);
    await indexBrc20(t.db, 'regtest');
  }
  const brc20 = (op: Record<string, string>) => [
    { contentType: TEXT, body: JSON.stringify({ p: 'brc-20', ...op }) },
  ];
  async function tokens(address: string) {
    const balances = await readAddressBalances(t.db, address);
    const row = balances.find((b) => b.ticker.tick === tick);
    return { overall: row?.overall ?? 0n, available: row?.available ?? 0n };
  }

  /** A user with `amt` tokens in a confirmed transfer inscription, and BTC to pay with. */
  async function seller(amt: string): Promise<User & { transfer: string }> {
    const user = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    await inscribe(node, user.ordinals.address, brc20({ op: 'mint', tick, amt: '1000' }), 546n);
    await mine();
    const reveal = await inscribe(
      node,
      user.ordinals.address,
      brc20({ op: 'transfer', tick, amt }),
      546n,
    );
    await mine();
    return { ...user, transfer: reveal.ids[0] as string };
  }

  async function buyer(sats = 1_000_000n): Promise<User> {
    const user = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    await node.faucet.fund(user.payment.address, sats);
    await mine();
    return user;
  }

  const pair = (direction: 'buy' | 'sell') =>
    direction === 'buy'
      ? { send_coin_type: 'btc', send_tick: 'btc', receive_coin_type: 'brc20', receive_tick: tick }
      : { send_coin_type: 'brc20', send_tick: tick, receive_coin_type: 'btc', receive_tick: 'btc' };

  function buyBody(user: User, sendBtc: string, extra: object = {}) {
    return {
      ...pair('buy'),
      send_amount: sendBtc,
      receive_amount: '0',
      address: user.payment.address,
      ordinals_address: user.ordinals.address,
      slipper: '0.5',
      fee_rate: FEE_RATE,
      ...extra,
    };
  }
  function sellBody(user: User & { transfer: string }, amt: string, extra: object = {}) {
    return {
      ...pair('sell'),
      send_amount: amt,
      receive_amount: '0',
      address: user.payment.address,
      ordinals_address: user.ordinals.address,
      slipper: '0.5',
      fee_rate: FEE_RATE,
      ins: [user.transfer],
      ...extra,
    };
  }

  /** txsize, then get_swap_psbt with its answer (receive_amount the quote accepted). */
  async function order(body: ReturnType<typeof buyBody>, user: User) {
    const size = await ok('/get_swap_psbt_txsize', body, SwapTxSizeSchema);
    const psbt = await ok(
      '/get_swap_psbt',
      {
        ...body,
        receive_amount: size.receive_amount,
        user_public_key: `${user.payment.publicKey}:${user.ordinals.publicKey}`,
        tx_size: size.tx_size,
        checksum: size.checksum,
        vins: size.vins,
        usr_cnt: size.usr_cnt,
      },
      SwapPsbtSchema,
    );
    return { size, psbt };
  }

  function signed(psbt: { psbt: string; inputs_to_sign: { index: number }[] }, w: Wallet) {
    return sign(
      psbt.psbt,
      w,
      psbt.inputs_to_sign.map((i) => i.index),
    );
  }

  async function orderState(id: string) {
    const res = await call(`/order?order_id=${id}`, undefined, 'GET');
    return SwapOrderSchema.parse(res.body.data);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      COSIGNER_SECRET: bytesToHex(randomBytes(32)),
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      MAX_OPEN_RESERVATIONS_PER_CLIENT: '100',
    });
    pool = poolKeys(t.deps.env, tick);
    const deployer = newWallet('p2tr');
    await inscribe(
      node,
      deployer.address,
      brc20({ op: 'deploy', tick, max: '21000000', lim: LIM.toString(), dec: '8' }),
      546n,
    );
    await node.faucet.mine(1);
    for (let i = 0; i < MINTS; i++) {
      await inscribe(node, pool.address, brc20({ op: 'mint', tick, amt: LIM.toString() }), 546n);
    }
    for (let i = 0; i < POOL_COINS; i++) await node.faucet.fund(pool.address, POOL_COIN);
    await addPool(t.db, tick);
    await mine();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the pool: reserves from the chain and the index, prices both ways, fees', async () => {
    const info = await ok(
      '/swap_pools_info',
      { ...pair('buy'), address: '0' },
      SwapPoolsInfoSchema,
    );
    expect(info).toMatchObject({
      tick1: 'btc',
      tick2: tick,
      tick1_volume: '0.02400000',
      tick2_volume: '10000',
      // 2,400,000 sats for 10,000 tokens: 240 sats each, 416,666.66666666 for one BTC.
      tick1_per_tick2: '0.00000240',
      tick2_per_tick1: '416666.66666666',
      platform_service_fee_percent: '0.004',
      liquider_service_fee_percent: '0.016',
      route: ['btc', tick],
      max_slipper: '12',
      order_ttl_seconds: 30,
      send_balance: null,
    });
    const alias = await call('/swap_info', { ...pair('sell'), address: '0' });
    expect(SwapPoolsInfoSchema.parse(alias.body.data)).toMatchObject({ tick1: tick, tick2: 'btc' });
  });

  it("a user's balances in the quote: read once a second at most, again after a mempool transaction or a block", async () => {
    const user = await buyer(300_000n);
    const body = { ...pair('buy'), address: user.payment.address };
    const reads = vi.spyOn(t.deps.chain.source, 'addressUtxos');
    const readsOfUser = () => reads.mock.calls.filter(([a]) => a === user.payment.address).length;
    const quote = () => ok('/swap_pools_info', body, SwapPoolsInfoSchema);
    /** Reads of the user's coins by one quote. */
    const readBy = async (ask: () => Promise<unknown>) => {
      const before = readsOfUser();
      await ask();
      return readsOfUser() - before;
    };
    /**
     * Reads by a quote right after another: none, unless the app's own swap worker (its pass
     * after the last block or mempool event, which drops the shared reads) ran between the two,
     * which a probe entry tells; then asked again.
     */
    const readsByRepeat = async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const probe = vi.fn(async () => attempt);
        await quoteRead(t.deps, 'test-probe', probe);
        await quote();
        const repeat = await readBy(quote);
        await quoteRead(t.deps, 'test-probe', probe);
        if (probe.mock.calls.length === 1) return repeat;
      }
      throw new Error('the shared reads were dropped between two quotes five times running');
    };
    try {
      expect(await readBy(quote)).toBe(1);
      expect(await quote()).toMatchObject({ send_balance: '0.00300000', receive_balance: '0' });
      expect(await readsByRepeat()).toBe(0);

      // A payment to the user enters the mempool: shown once the follower announces it.
      await node.faucet.fund(user.payment.address, 100_000n);
      await refreshMempool(node, t);
      expect(await readBy(quote)).toBe(1);
      expect((await quote()).send_balance).toBe('0.00400000');
      expect(await readsByRepeat()).toBe(0);
      await mine();
      expect(await readBy(quote)).toBe(1);
      expect((await quote()).send_balance).toBe('0.00400000');
    } finally {
      reads.mockRestore();
    }
  });

  it('a quote shows an order this process just wrote, though quotes share their reads for a second', async () => {
    const user = await buyer();
    const quote = () =>
      ok('/swap_pools_info', { ...pair('buy'), address: '0' }, SwapPoolsInfoSchema);
    const before = await quote();
    expect(await quote()).toEqual(before);
    const { psbt } = await order(buyBody(user, '0.0002'), user);
    const row = await t.db.kysely
      .selectFrom('swap_orders')
      .select(['btc_delta', 'token_delta'])
      .where('id', '=', psbt.order_id)
      .executeTakeFirstOrThrow();
    const after = await quote();
    expect(btcTextToSats(after.tick1_volume)).toBe(
      btcTextToSats(before.tick1_volume) + BigInt(row.btc_delta),
    );
    expect(tokenUnits(after.tick2_volume)).toBe(
      tokenUnits(before.tick2_volume) + BigInt(row.token_delta),
    );
    // Not signed: the quote lapses, and with it its place on the curve.
    await sql`update swap_orders set expires_at = now() where id = ${psbt.order_id}`.execute(
      t.db.kysely,
    );
    await watchSwapOrders(t.deps);
    expect(await quote()).toEqual(before);
  });

  it('a buy settles in one block: the pool inscribes exactly the amount, the buyer gets it', async () => {
    const user = await buyer();
    const before = await readPoolState(t.deps, tick);
    const { size, psbt } = await order(buyBody(user, '0.001'), user);
    expect(size.usr_cnt).toBe(1);
    // The pool signs nothing before the user: its commit and reveal are kept unsigned (their
    // txids known), with the coins they spend, until send_swap_psbt.
    const quoted = await t.db.kysely
      .selectFrom('swap_orders')
      .select(['prelude_hexes', 'prelude_txids', 'prelude_coins'])
      .where('id', '=', psbt.order_id)
      .executeTakeFirstOrThrow();
    expect(quoted.prelude_hexes).toEqual([]);
    expect(quoted.prelude_txids).toHaveLength(2);
    expect(JSON.parse(quoted.prelude_coins ?? '[]')).toHaveLength(1);
    expect(psbt.inputs_to_sign).toEqual([{ index: 1, address: user.payment.address }]);
    const sent = await ok(
      '/send_swap_psbt',
      { order_id: psbt.order_id, psbt: signed(psbt, user.payment) },
      SendSwapPsbtSchema,
    );
    expect(sent.state).toBe('pending');
    const placed = await orderState(psbt.order_id);
    expect(placed.tx_ids).toHaveLength(3);
    for (const txid of placed.tx_ids) expect(await inMempool(node, txid)).toBe(true);

    await mine();
    await watchSwapOrders(t.deps);
    const done = await orderState(psbt.order_id);
    expect(done.state).toBe('completed');
    const units = tokenUnits(done.receive_amount);
    expect(await tokens(user.ordinals.address)).toEqual({ overall: units, available: units });
    // The buyer paid the curve's price, the platform fee and every fee; the pool moved by the quote.
    const after = await readPoolState(t.deps, tick);
    expect(after.reserves.token).toBe(before.reserves.token - units);
    const row = await t.db.kysely
      .selectFrom('swap_orders')
      .selectAll()
      .where('id', '=', psbt.order_id)
      .executeTakeFirstOrThrow();
    expect(after.reserves.btc).toBe(before.reserves.btc + BigInt(row.btc_delta));
    expect(units).toBeGreaterThanOrEqual(btcTextToSats(done.min_receive) * 10n ** 10n);
  });

  it('a sale: the transfer inscription to the pool, BTC to the seller, at least the minimum', async () => {
    const user = await seller('100');
    const before = await readPoolState(t.deps, tick);
    const body = sellBody(user, '100');
    const { size, psbt } = await order(body, user);
    expect(size.vins).toEqual([]);
    expect(psbt.inputs_to_sign).toEqual([{ index: 0, address: user.ordinals.address }]);
    const sent = await ok(
      '/send_swap_psbt',
      { order_id: psbt.order_id, psbt: signed(psbt, user.ordinals) },
      SendSwapPsbtSchema,
    );
    const received = await paidTo(node, sent.tx_id, user.payment.address);
    expect(received).toBe(btcTextToSats(psbt.receive_amount));
    expect(received).toBeGreaterThanOrEqual(btcTextToSats(psbt.min_receive));

    await mine();
    await watchSwapOrders(t.deps);
    expect((await orderState(psbt.order_id)).state).toBe('completed');
    expect((await tokens(user.ordinals.address)).overall).toBe(900n * BRC20_SCALE);
    const after = await readPoolState(t.deps, tick);
    expect(after.reserves.token).toBe(before.reserves.token + 100n * BRC20_SCALE);
  });

  it('a sale asked again replaces its live quote, though it builds the same transaction', async () => {
    const user = await seller('50');
    const first = await order(sellBody(user, '50'), user);
    const again = await order(sellBody(user, '50'), user);
    expect(again.psbt.psbt).toBe(first.psbt.psbt);
    expect((await orderState(first.psbt.order_id)).state).toBe('expired');
    const sent = await ok(
      '/send_swap_psbt',
      { order_id: again.psbt.order_id, psbt: signed(again.psbt, user.ordinals) },
      SendSwapPsbtSchema,
    );
    expect(sent.state).toBe('pending');
    await mine();
    await watchSwapOrders(t.deps);
    expect((await orderState(again.psbt.order_id)).state).toBe('completed');
  });

  it("a pool added before its token's deploy is indexed stops no worker pass, and logs nothing", async () => {
    const early = kind === 'pglite' ? 'erla' : 'erlb';
    await addPool(t.db, early);
    const errors = vi.spyOn(t.deps.log, 'error');
    try {
      await watchSwapOrders(t.deps);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await t.db.kysely.deleteFrom('swap_pools').where('tick', '=', early).execute();
    }
  });

  describe('refusals, in the envelope with a code and a message', () => {
    it('an unknown pair, and tick to tick through a pool that does not exist', async () => {
      const unknown = await call('/swap_pools_info', {
        ...pair('buy'),
        receive_tick: 'nope',
        address: '0',
      });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toMatchObject({
        code: SWAP_CODES.pairNotFound,
        msg: 'There is no pool for btc/nope',
        data: null,
      });
      const tokens = await call('/swap_pools_info', {
        ...pair('sell'),
        receive_coin_type: 'brc20',
        receive_tick: 'ordi',
        address: '0',
      });
      // Tick to tick goes through btc/ordi (swap-route.test.ts), which has no pool here.
      expect(tokens.body).toMatchObject({
        code: SWAP_CODES.pairNotFound,
        msg: 'There is no pool for btc/ordi',
      });
    });

    it('a malformed body: HTTP 400 in the same envelope', async () => {
      const res = await call('/get_swap_psbt_txsize', { ...pair('buy'), slipper: '13' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(SWAP_CODES.badRequest);
      expect(res.body.data).toBeNull();
    });

    it('an expired order', async () => {
      const user = await buyer();
      const { psbt } = await order(buyBody(user, '0.0005'), user);
      await sql`update swap_orders set expires_at = now() - interval '1 second' where id = ${psbt.order_id}`.execute(
        t.db.kysely,
      );
      const res = await call('/send_swap_psbt', {
        order_id: psbt.order_id,
        psbt: signed(psbt, user.payment),
      });
      expect(res.body.code).toBe(SWAP_CODES.orderExpired);
      expect(res.body.msg).toMatch(/^order_id: swap order .* expired at .*: ask for a new quote$/);
      expect((await orderState(psbt.order_id)).state).toBe('expired');
    });

    it('a changed output: the PSBT is not the order', async () => {
      const user = await buyer();
      const { psbt } = await order(buyBody(user, '0.0005'), user);
      const tx = parsePsbt(psbt.psbt);
      const change = tx.outputsLength - 1;
      tx.updateOutput(change, { amount: (tx.getOutput(change).amount ?? 0n) + 1_000n });
      const res = await call('/send_swap_psbt', {
        order_id: psbt.order_id,
        psbt: sign(bytesToBase64(tx.toPSBT()), user.payment, [1]),
      });
      expect(res.body.code).toBe(SWAP_CODES.psbtMismatch);
      expect(res.body.msg).toMatch(/^psbt: /);
      expect((await orderState(psbt.order_id)).state).toBe('quoted');
    });

    it('slippage exceeded: the quote the user accepted is beyond what the pool gives now', async () => {
      const user = await buyer();
      const body = buyBody(user, '0.0005');
      const size = await ok('/get_swap_psbt_txsize', body, SwapTxSizeSchema);
      const res = await call('/get_swap_psbt', {
        ...body,
        receive_amount: (Number(size.receive_amount) * 1.02).toFixed(8),
        user_public_key: user.payment.publicKey,
        tx_size: size.tx_size,
        checksum: size.checksum,
        vins: size.vins,
        usr_cnt: size.usr_cnt,
      });
      expect(res.body.code).toBe(SWAP_CODES.slippageExceeded);
      expect(res.body.msg).toMatch(
        /^The price moved beyond your slippage of 0\.5%: you would receive /,
      );
    });

    it('a request that is not the one txsize answered', async () => {
      const user = await buyer();
      const body = buyBody(user, '0.0005');
      const size = await ok('/get_swap_psbt_txsize', body, SwapTxSizeSchema);
      const res = await call('/get_swap_psbt', {
        ...body,
        send_amount: '0.0006',
        user_public_key: user.payment.publicKey,
        tx_size: size.tx_size,
        checksum: size.checksum,
        vins: size.vins,
        usr_cnt: size.usr_cnt,
      });
      expect(res.body.code).toBe(SWAP_CODES.checksumMismatch);
    });

    it('a double-spent input before the broadcast: refused, the pool coins free at once', async () => {
      const user = await buyer();
      const { psbt } = await order(buyBody(user, '0.0005'), user);
      const held = await heldPoolCoins(psbt.order_id);
      expect(held.length).toBeGreaterThan(0);
      await doubleSpendPayment(node, user.payment, psbt.psbt);
      const res = await call('/send_swap_psbt', {
        order_id: psbt.order_id,
        psbt: signed(psbt, user.payment),
      });
      expect(res.body.code).toBe(SWAP_CODES.broadcastRefused);
      expect((await orderState(psbt.order_id)).state).toBe('failed');
      expect(await heldPoolCoins(psbt.order_id)).toEqual([]);
      await mine();
    });

    it('a double spend after the broadcast (full RBF): the order fails and frees its coins', async () => {
      const user = await buyer();
      const { psbt } = await order(buyBody(user, '0.0005'), user);
      const sent = await ok(
        '/send_swap_psbt',
        { order_id: psbt.order_id, psbt: signed(psbt, user.payment) },
        SendSwapPsbtSchema,
      );
      await doubleSpendPayment(node, user.payment, psbt.psbt);
      expect(await inMempool(node, sent.tx_id)).toBe(false);
      await refreshMempool(node, t);
      // Past the claims worker's grace for fresh claims.
      await sql`update claimed_transactions set created_at = now() - interval '1 minute' where ref = ${psbt.order_id}`.execute(
        t.db.kysely,
      );
      await resumeClaims(t.deps);
      const failed = await orderState(psbt.order_id);
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatch(/^Its coins were spent elsewhere: /);
      expect(await heldPoolCoins(psbt.order_id)).toEqual([]);

      // The pool's commit and reveal still confirm: its transfer inscription, which no swap will
      // use, locks the amount out of the pool's available balance until the worker sends it back.
      await mine();
      const units = tokenUnits(failed.receive_amount);
      const locked = await tokens(pool.address);
      expect(locked.overall - locked.available).toBeGreaterThanOrEqual(units);
      await watchSwapOrders(t.deps);
      await mine();
      const back = await tokens(pool.address);
      expect(back.overall - back.available).toBe(locked.overall - locked.available - units);
      expect(back.overall).toBe(locked.overall);
    });
  });

  it('20 concurrent buyers: every answer clean, no pool coin promised or spent twice', async () => {
    const users = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const user = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
        await node.faucet.fund(user.payment.address, 300_000n);
        return user;
      }),
    );
    await mine();
    const results = await Promise.all(
      users.map(async (user) => {
        const body = buyBody(user, '0.0002', { slipper: '12' });
        const size = await call('/get_swap_psbt_txsize', body);
        if (size.body.code !== 0) return size.body;
        const data = SwapTxSizeSchema.parse(size.body.data);
        const psbt = await call('/get_swap_psbt', {
          ...body,
          receive_amount: data.receive_amount,
          user_public_key: user.payment.publicKey,
          tx_size: data.tx_size,
          checksum: data.checksum,
          vins: data.vins,
          usr_cnt: data.usr_cnt,
        });
        if (psbt.body.code !== 0) return psbt.body;
        const built = SwapPsbtSchema.parse(psbt.body.data);
        const sent = await call('/send_swap_psbt', {
          order_id: built.order_id,
          psbt: signed(built, user.payment),
        });
        return sent.body;
      }),
    );
    // A clean result, or a clean refusal: the price moved beyond 12 % (each buy moves it about
    // 0.8 %), or the pool's free coins ran out.
    const refusals = [SWAP_CODES.slippageExceeded, SWAP_CODES.insufficientLiquidity] as number[];
    for (const r of results) {
      expect(r.code === 0 || refusals.includes(r.code), JSON.stringify(r)).toBe(true);
    }
    const settled = results.filter((r) => r.code === 0).map((r) => r.data as { order_id: string });
    expect(settled.length).toBeGreaterThan(0);
    // No coin spent twice: every input of every transaction the settled swaps sent is distinct.
    const spent: string[] = [];
    for (const { order_id } of settled) {
      for (const txid of (await orderState(order_id)).tx_ids) {
        const tx = await node.node.rpc.getRawTransactionVerbose(txid);
        spent.push(...tx.vin.map((input) => `${input.txid}:${input.vout}`));
      }
    }
    expect(new Set(spent).size).toBe(spent.length);
    await mine();
    await watchSwapOrders(t.deps);
    const { rows } = await sql<{ state: string; n: number }>`
      select state, count(*)::int as n from swap_orders
      where id = any(${settled.map((r) => r.order_id)}::text[])
      group by state`.execute(t.db.kysely);
    expect(rows).toEqual([{ state: 'completed', n: settled.length }]);
  });

  /** A decimal token amount (8 decimals at most) at the index's 10^18 scale. */
  function tokenUnits(text: string): bigint {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole + fraction.padEnd(18, '0'));
  }

  async function heldPoolCoins(orderId: string): Promise<string[]> {
    const { rows } = await sql<{ outpoint: string }>`
      select outpoint from promised_coins
      where holder = ${`swap:${orderId}`} and expires_at > now()`.execute(t.db.kysely);
    return rows.map((r) => r.outpoint);
  }
});
