import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildRevealTransaction, bytesToHex, parsePsbt } from '@om/bitcoin';
import {
  BRC20_SCALE,
  BRC20SWAP_PATH,
  SendSwapPsbtSchema,
  SWAP_CODES,
  SwapOrderSchema,
  SwapPoolsInfoSchema,
  SwapPsbtSchema,
  SwapTxSizeSchema,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { readAddressBalances } from '../src/features/brc20/brc20.queries.ts';
import { resumeClaims } from '../src/claims/claimed-transactions.worker.ts';
import { addPool } from '../src/features/swap/swap-orders.queries.ts';
import { watchSwapOrders } from '../src/features/swap/swap-orders.worker.ts';
import { readPoolState } from '../src/features/swap/swap-pool-state.ts';
import { poolKeys } from '../src/features/swap/swap-pool.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  inMempool,
  mineAndSync,
  newWallet,
  refreshMempool,
  sign,
  type Wallet,
} from './helpers/trading.ts';

// ADR 017, tick ↔ tick in one transaction (ADR 017): a user's transfer inscription of one tick
// goes to its pool, the other pool's transfer inscription comes to the user, pool A pays pool B
// in BTC; one order (two legs on two curves), completed once our index has both transfers; and
// the refusals: an exact receive, a leg sent on its own, slippage, the user's double spend.

const FEE_RATE = 2;
const TEXT = 'text/plain;charset=utf-8';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

type User = { ordinals: Wallet; payment: Wallet };
type Envelope = { code: number; msg: string; data: unknown };

describe.each(databaseKinds())('tick ↔ tick swaps on %s', (kind) => {
  const [from, to] = kind === 'pglite' ? ['rtaa', 'rtba'] : ['rtab', 'rtbb'];
  let t: TestApp;

  async function call(path: string, payload?: object, method: 'POST' | 'GET' = 'POST') {
    const res = await t.app.inject({ method, url: `${BRC20SWAP_PATH}${path}`, payload });
    return res.json() as Envelope;
  }
  async function ok<T>(path: string, payload: object, schema: { parse(v: unknown): T }) {
    const body = await call(path, payload);
    expect(body.msg).toBe('ok');
    return schema.parse(body.data);
  }
  async function mine() {
    await mineAndSync(node, t);
    await indexBrc20(t.db, 'regtest');
  }
  const brc20 = (op: Record<string, string>) => [
    { contentType: TEXT, body: JSON.stringify({ p: 'brc-20', ...op }) },
  ];
  async function tokens(address: string, tick: string) {
    const row = (await readAddressBalances(t.db, address)).find((b) => b.ticker.tick === tick);
    return row?.overall ?? 0n;
  }
  const pair = {
    send_coin_type: 'brc20',
    send_tick: from,
    receive_coin_type: 'brc20',
    receive_tick: to,
  };

  /** A user holding a confirmed transfer inscription of `amt` tokens of `from`. */
  async function holder(amt: string): Promise<User & { transfer: string }> {
    const user = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    await inscribe(
      node,
      user.ordinals.address,
      brc20({ op: 'mint', tick: from, amt: '1000' }),
      546n,
    );
    await mine();
    const reveal = await inscribe(
      node,
      user.ordinals.address,
      brc20({ op: 'transfer', tick: from, amt }),
      546n,
    );
    await mine();
    return { ...user, transfer: reveal.ids[0] as string };
  }
  function body(user: User & { transfer: string }, amt: string, extra: object = {}) {
    return {
      ...pair,
      send_amount: amt,
      receive_amount: '0',
      address: user.payment.address,
      ordinals_address: user.ordinals.address,
      slipper: '1',
      fee_rate: FEE_RATE,
      ins: [user.transfer],
      ...extra,
    };
  }
  async function order(user: User & { transfer: string }, amt: string, extra: object = {}) {
    const sized = body(user, amt, extra);
    const size = await ok('/get_swap_psbt_txsize', sized, SwapTxSizeSchema);
    const psbt = await ok(
      '/get_swap_psbt',
      {
        ...sized,
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
  const signed = (psbt: { psbt: string }, user: User) => sign(psbt.psbt, user.ordinals, [0]);
  async function orderState(id: string) {
    return SwapOrderSchema.parse((await call(`/order?order_id=${id}`, undefined, 'GET')).data);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      COSIGNER_SECRET: bytesToHex(randomBytes(32)),
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      MAX_OPEN_RESERVATIONS_PER_CLIENT: '100',
    });
    const deployer = newWallet('p2tr');
    for (const tick of [from, to]) {
      await inscribe(
        node,
        deployer.address,
        brc20({ op: 'deploy', tick, max: '21000000', lim: '1000', dec: '8' }),
        546n,
      );
    }
    await node.faucet.mine(1);
    for (const tick of [from, to]) {
      const pool = poolKeys(t.deps.env, tick);
      for (let i = 0; i < 5; i++) {
        await inscribe(node, pool.address, brc20({ op: 'mint', tick, amt: '1000' }), 546n);
      }
      for (let i = 0; i < 6; i++) await node.faucet.fund(pool.address, 200_000n);
      await addPool(t.db, tick);
    }
    await mine();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('quotes the route through BTC with both pools as its legs', async () => {
    const info = await ok('/swap_pools_info', { ...pair, address: '0' }, SwapPoolsInfoSchema);
    expect(info).toMatchObject({
      tick1: from,
      tick2: to,
      tick1_volume: '5000',
      tick2_volume: '5000',
      // Both pools hold 1.2 BTC against 5,000 tokens: one for one at the spot price.
      tick1_per_tick2: '1.00000000',
      tick2_per_tick1: '1.00000000',
      route: [from, 'btc', to],
      legs: [
        { tick: from, decimals: 8, btc_volume: '0.01200000', tick_volume: '5000' },
        { tick: to, decimals: 8, btc_volume: '0.01200000', tick_volume: '5000' },
      ],
    });
  });

  it('one transaction: the inscription to pool A, pool B’s to the user, BTC from A to B', async () => {
    const user = await holder('100');
    const [beforeA, beforeB] = [await readPoolState(t.deps, from), await readPoolState(t.deps, to)];
    const { size, psbt } = await order(user, '100');
    expect(size.vins).toEqual([]);
    expect(psbt.inputs_to_sign).toEqual([{ index: 0, address: user.ordinals.address }]);
    const tx = parsePsbt(psbt.psbt);
    expect(tx.inputsLength).toBeGreaterThanOrEqual(3);
    const sent = await ok(
      '/send_swap_psbt',
      { order_id: psbt.order_id, psbt: signed(psbt, user) },
      SendSwapPsbtSchema,
    );
    const placed = await orderState(sent.order_id);
    expect(placed).toMatchObject({ direction: 'route', tick: from, receive_tick: to });
    expect(placed.state).toBe('pending');
    // Pool B inscribes the amount first (its commit and reveal), then the swap: three in one block.
    expect(placed.tx_ids).toHaveLength(3);
    for (const txid of placed.tx_ids) expect(await inMempool(node, txid)).toBe(true);

    await mine();
    await watchSwapOrders(t.deps);
    const done = await orderState(sent.order_id);
    expect(done.state).toBe('completed');
    const units = BigInt(Math.round(Number(done.receive_amount) * 1e8)) * 10n ** 10n;
    expect(units).toBeGreaterThanOrEqual(
      BigInt(Math.round(Number(done.min_receive) * 1e8)) * 10n ** 10n,
    );
    expect(await tokens(user.ordinals.address, to)).toBe(units);
    expect(await tokens(user.ordinals.address, from)).toBe(900n * BRC20_SCALE);
    // Each pool moved by its leg: A took the tokens and paid out BTC, B the reverse.
    const [afterA, afterB] = [await readPoolState(t.deps, from), await readPoolState(t.deps, to)];
    expect(afterA.reserves.token).toBe(beforeA.reserves.token + 100n * BRC20_SCALE);
    expect(afterB.reserves.token).toBe(beforeB.reserves.token - units);
    const legs = await t.db.kysely
      .selectFrom('swap_orders')
      .select(['id', 'route_id', 'tick', 'btc_delta', 'state'])
      .where((eb) => eb.or([eb('id', '=', sent.order_id), eb('route_id', '=', sent.order_id)]))
      .execute();
    const delta = (tick: string) => BigInt(legs.find((l) => l.tick === tick)!.btc_delta);
    expect(afterA.reserves.btc).toBe(beforeA.reserves.btc + delta(from));
    expect(afterB.reserves.btc).toBe(beforeB.reserves.btc + delta(to));
    expect(delta(from)).toBeLessThan(0n);
    expect(delta(to)).toBeGreaterThan(0n);
    expect(legs.map((l) => l.state)).toEqual(['completed', 'completed']);
  });

  it('refuses an exact receive, a leg sent on its own, and a price beyond the slippage', async () => {
    const user = await holder('50');
    const exact = await call('/get_swap_psbt_txsize', body(user, '50', { exact_side: 'receive' }));
    expect(exact).toMatchObject({
      code: SWAP_CODES.badRequest,
      msg: "exact_side: a tick-to-tick swap sells its transfer inscription's whole amount",
    });

    const { psbt } = await order(user, '50');
    const leg = await t.db.kysely
      .selectFrom('swap_orders')
      .select('id')
      .where('route_id', '=', psbt.order_id)
      .executeTakeFirstOrThrow();
    const alone = await call('/send_swap_psbt', { order_id: leg.id, psbt: signed(psbt, user) });
    expect(alone).toMatchObject({
      code: SWAP_CODES.orderNotFound,
      msg: `order_id: ${leg.id} is the second leg of swap order ${psbt.order_id}: send that one`,
    });

    // Asked for more than the pools give: refused, nothing held.
    const size = await ok('/get_swap_psbt_txsize', body(user, '50'), SwapTxSizeSchema);
    const greedy = await call('/get_swap_psbt', {
      ...body(user, '50', { slipper: '0' }),
      // Ten more than quoted: no move of the pools since (the quote it replaces lapses) gives that.
      receive_amount: String(Number(size.receive_amount) + 10),
      user_public_key: `${user.payment.publicKey}:${user.ordinals.publicKey}`,
      tx_size: size.tx_size,
      checksum: (
        await ok('/get_swap_psbt_txsize', body(user, '50', { slipper: '0' }), SwapTxSizeSchema)
      ).checksum,
      vins: [],
      usr_cnt: 1,
    });
    expect(greedy.code).toBe(SWAP_CODES.slippageExceeded);
    expect(greedy.msg).toMatch(/^The price moved beyond your slippage of 0%: you would receive /);
    // Refused whole: the earlier quote of the inscription, which a new one would replace, stands.
    const legs = await t.db.kysely
      .selectFrom('swap_orders')
      .select('state')
      .where((eb) => eb.or([eb('id', '=', psbt.order_id), eb('route_id', '=', psbt.order_id)]))
      .execute();
    expect(legs.map((l) => l.state)).toEqual(['quoted', 'quoted']);
  });

  it("the user's double spend after the broadcast fails both legs and frees both pools' coins", async () => {
    const user = await holder('30');
    // A coin of the ordinals address to pay for the user's replacement.
    const fundTxid = await node.faucet.fund(user.ordinals.address, 50_000n);
    await mine();
    const funding = await node.node.rpc.getRawTransactionVerbose(fundTxid);
    const vout = funding.vout.find((o) => o.scriptPubKey.address === user.ordinals.address)!.n;
    const { psbt } = await order(user, '30');
    const sent = await ok(
      '/send_swap_psbt',
      { order_id: psbt.order_id, psbt: signed(psbt, user) },
      SendSwapPsbtSchema,
    );
    // The user moves their transfer inscription elsewhere at a higher fee (full RBF).
    const [insTxid = ''] = user.transfer.split('i');
    const away = buildRevealTransaction({
      inputs: [
        {
          txid: insTxid,
          vout: 0,
          value: 546n,
          script: user.ordinals.script,
          privateKey: user.ordinals.key,
        },
        {
          txid: fundTxid,
          vout,
          value: 50_000n,
          script: user.ordinals.script,
          privateKey: user.ordinals.key,
        },
      ],
      outputs: [{ address: newWallet('p2tr').address, value: 40_000n }],
      network: 'regtest',
    });
    await node.node.rpc.sendRawTransaction(away.hex);
    expect(await inMempool(node, sent.tx_id)).toBe(false);
    await refreshMempool(node, t);
    await sql`update claimed_transactions set created_at = now() - interval '1 minute' where ref = ${sent.order_id}`.execute(
      t.db.kysely,
    );
    await resumeClaims(t.deps);
    const failed = await orderState(sent.order_id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/^Its coins were spent elsewhere: /);
    const holds = await sql<{ n: number }>`
      select count(*)::int as n from promised_coins p
      join swap_orders o on p.holder = 'swap:' || o.id
      where (o.id = ${sent.order_id} or o.route_id = ${sent.order_id}) and p.expires_at > now()`.execute(
      t.db.kysely,
    );
    expect(holds.rows[0]?.n).toBe(0);
  });
});
