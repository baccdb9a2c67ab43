import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { bytesToHex } from '@om/bitcoin';
import {
  BRC20_SCALE,
  BRC20SWAP_PATH,
  SendSwapPsbtSchema,
  SwapOrderSchema,
  SwapPoolsInfoSchema,
  SwapPsbtSchema,
  SwapTxSizeSchema,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { readAddressBalances } from '../src/features/brc20/brc20.queries.ts';
import { resumeClaims } from '../src/claims/claimed-transactions.worker.ts';
import { ladderStock, setPoolLadder } from '../src/features/swap/swap-ladder.queries.ts';
import { restockLadders } from '../src/features/swap/swap-ladder.ts';
import { addPool } from '../src/features/swap/swap-orders.queries.ts';
import { watchSwapOrders } from '../src/features/swap/swap-orders.worker.ts';
import { readPoolState, workerPoolChains } from '../src/features/swap/swap-pool-state.ts';
import { poolKeys } from '../src/features/swap/swap-pool.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  doubleSpendPayment,
  inMempool,
  mineAndSync,
  newWallet,
  refreshMempool,
  sign,
  type Wallet,
} from './helpers/trading.ts';

// ADR 017, the pool's ladder (ADR 017): transfer inscriptions of standard amounts the pool keeps
// inscribed to itself, so a buy of exactly such an amount is one transaction. The worker makes
// the rungs (journalled before broadcast), the reclaim leaves them alone, a buy takes one at the
// same price as inscribing to order, the worker makes it again, and a buyer who double spends
// their swap after the broadcast leaves the rung in stock for the next buyer.

const FEE_RATE = 2;
const TEXT = 'text/plain;charset=utf-8';
const RUNGS = [25n, 100n];
const DEPTH = 2;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

type User = { ordinals: Wallet; payment: Wallet };

describe.each(databaseKinds())('the swap ladder on %s', (kind) => {
  const tick = kind === 'pglite' ? 'ldra' : 'ldrb';
  let t: TestApp;
  let pool: ReturnType<typeof poolKeys>;

  async function call(path: string, payload?: object, method: 'POST' | 'GET' = 'POST') {
    const res = await t.app.inject({ method, url: `${BRC20SWAP_PATH}${path}`, payload });
    return res.json() as { code: number; msg: string; data: unknown };
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
  async function tokens(address: string) {
    const row = (await readAddressBalances(t.db, address)).find((b) => b.ticker.tick === tick);
    return { overall: row?.overall ?? 0n, available: row?.available ?? 0n };
  }
  async function buyer(): Promise<User> {
    const user = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    await node.faucet.fund(user.payment.address, 1_000_000n);
    await mine();
    return user;
  }
  const buyPair = {
    send_coin_type: 'btc',
    send_tick: 'btc',
    receive_coin_type: 'brc20',
    receive_tick: tick,
  };
  /** An exact-receive buy of `amt` whole tokens: txsize, then get_swap_psbt. */
  async function order(user: User, amt: string, slipper = '0.5') {
    const body = {
      ...buyPair,
      exact_side: 'receive',
      send_amount: '0',
      receive_amount: amt,
      address: user.payment.address,
      ordinals_address: user.ordinals.address,
      slipper,
      fee_rate: FEE_RATE,
    };
    const size = await ok('/get_swap_psbt_txsize', body, SwapTxSizeSchema);
    const psbt = await ok(
      '/get_swap_psbt',
      {
        ...body,
        send_amount: size.send_amount,
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
  async function send(psbt: { order_id: string; psbt: string }, user: User) {
    const answer = SwapPsbtSchema.parse(psbt);
    return ok(
      '/send_swap_psbt',
      {
        order_id: answer.order_id,
        psbt: sign(
          answer.psbt,
          user.payment,
          answer.inputs_to_sign.map((i) => i.index),
        ),
      },
      SendSwapPsbtSchema,
    );
  }
  async function orderState(id: string) {
    return SwapOrderSchema.parse((await call(`/order?order_id=${id}`, undefined, 'GET')).data);
  }
  async function ladder() {
    const info = await ok('/swap_pools_info', { ...buyPair, address: '0' }, SwapPoolsInfoSchema);
    return info.ladder;
  }
  const stock = async () =>
    Object.fromEntries(
      [...(await ladderStock(t.db.kysely, tick))].map(([amount, n]) => [
        (amount / BRC20_SCALE).toString(),
        n,
      ]),
    );

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
      brc20({ op: 'deploy', tick, max: '21000000', lim: '1000', dec: '8' }),
      546n,
    );
    await node.faucet.mine(1);
    for (let i = 0; i < 5; i++) {
      await inscribe(node, pool.address, brc20({ op: 'mint', tick, amt: '1000' }), 546n);
    }
    for (let i = 0; i < 10; i++) await node.faucet.fund(pool.address, 200_000n);
    await addPool(t.db, tick);
    await setPoolLadder(
      t.db,
      tick,
      RUNGS.map((n) => n * BRC20_SCALE),
      DEPTH,
    );
    await mine();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the worker inscribes the rungs once, journalled; they are ready once mined and no reclaim takes them', async () => {
    expect(await ladder()).toEqual([]);
    // Two workers at once (two server processes): each rung is counted again under the pool's lock.
    const chains = await workerPoolChains(t.deps);
    await Promise.all([restockLadders(t.deps, chains), restockLadders(t.deps, chains)]);
    expect(await stock()).toEqual({ '25': DEPTH, '100': DEPTH });
    const rungs = await t.db.kysely.selectFrom('swap_ladder').selectAll().execute();
    expect(rungs).toHaveLength(RUNGS.length * DEPTH);
    const claims = await sql<{ ref: string; status: string; n: number }>`
      select ref, status, cardinality(txids)::int as n from claimed_transactions
      where ref like 'ladder:%'`.execute(t.db.kysely);
    expect(claims.rows).toHaveLength(rungs.length);
    for (const claim of claims.rows) expect(claim).toMatchObject({ status: 'sent', n: 2 });
    for (const rung of rungs) expect(await inMempool(node, rung.txid)).toBe(true);
    // The pool's available balance pays for them: 100 × 2 + 25 × 2 leave it.
    await watchSwapOrders(t.deps);
    expect(await t.db.kysely.selectFrom('swap_ladder').selectAll().execute()).toHaveLength(
      rungs.length,
    );

    await mine();
    expect(await ladder()).toEqual([
      { amount: '25', ready: DEPTH },
      { amount: '100', ready: DEPTH },
    ]);
    const held = await tokens(pool.address);
    expect(held.overall).toBe(5000n * BRC20_SCALE);
    expect(held.overall - held.available).toBe(250n * BRC20_SCALE);
  });

  it('a buy of a rung is one transaction at the price of inscribing to order; the rung is made again', async () => {
    const user = await buyer();
    const before = await readPoolState(t.deps, tick);
    // The same amount inscribed to order: quoted only (the ladder has no rung of 40).
    const inscribed = await ok(
      '/get_swap_psbt_txsize',
      {
        ...buyPair,
        exact_side: 'receive',
        send_amount: '0',
        receive_amount: '40',
        address: user.payment.address,
        ordinals_address: user.ordinals.address,
        slipper: '0.5',
        fee_rate: FEE_RATE,
      },
      SwapTxSizeSchema,
    );
    const { size, psbt } = await order(user, '100');
    expect(psbt.transfer).toBe('ladder');
    expect(size.usr_cnt).toBe(1);
    // The swap alone: the fee it counts is its own plus the rung's commit and reveal, as a buy
    // inscribed to order counts the pool's commit and reveal.
    const feeOf = (text: string) => BigInt(Math.round(Number(text) * 1e8));
    expect(feeOf(psbt.network_fee)).toBeGreaterThan(feeOf(inscribed.network_fee) - 200n);
    expect(feeOf(psbt.network_fee)).toBeLessThan(feeOf(inscribed.network_fee) + 200n);

    const sent = await send(psbt, user);
    const placed = await orderState(sent.order_id);
    expect(placed.tx_ids).toEqual([sent.tx_id]);
    expect(await inMempool(node, sent.tx_id)).toBe(true);
    await mine();
    await watchSwapOrders(t.deps);
    expect((await orderState(sent.order_id)).state).toBe('completed');
    expect(await tokens(user.ordinals.address)).toEqual({
      overall: 100n * BRC20_SCALE,
      available: 100n * BRC20_SCALE,
    });
    const after = await readPoolState(t.deps, tick);
    expect(after.reserves.token).toBe(before.reserves.token - 100n * BRC20_SCALE);
    // The worker's pass above made the 100 again: in the mempool, then ready.
    expect(await stock()).toEqual({ '25': DEPTH, '100': DEPTH });
    expect(await ladder()).toEqual([
      { amount: '25', ready: DEPTH },
      { amount: '100', ready: DEPTH - 1 },
    ]);
    await mine();
    expect(await ladder()).toEqual([
      { amount: '25', ready: DEPTH },
      { amount: '100', ready: DEPTH },
    ]);
  });

  it('a buyer who double spends the swap after the broadcast leaves the rung to the next buyer', async () => {
    const cheat = await buyer();
    const { psbt } = await order(cheat, '25');
    expect(psbt.transfer).toBe('ladder');
    const sent = await send(psbt, cheat);
    await doubleSpendPayment(node, cheat.payment, psbt.psbt);
    expect(await inMempool(node, sent.tx_id)).toBe(false);
    await refreshMempool(node, t);
    await sql`update claimed_transactions set created_at = now() - interval '1 minute' where ref = ${sent.order_id}`.execute(
      t.db.kysely,
    );
    await resumeClaims(t.deps);
    expect((await orderState(sent.order_id)).state).toBe('failed');
    await mine();
    // Nothing to make again, nothing to reclaim: the rung never moved.
    await watchSwapOrders(t.deps);
    expect(await stock()).toEqual({ '25': DEPTH, '100': DEPTH });
    const inscriptionId = (await orderState(sent.order_id)).inscription_id;

    const next = await buyer();
    const again = await order(next, '25');
    expect(again.psbt.transfer).toBe('ladder');
    const taken = await send(again.psbt, next);
    await mine();
    await watchSwapOrders(t.deps);
    const done = await orderState(taken.order_id);
    expect(done.state).toBe('completed');
    // The oldest ready rung of 25, freed by the failed order, is the one the next buyer got.
    expect(done.inscription_id).toBe(inscriptionId);
    expect((await tokens(next.ordinals.address)).overall).toBe(25n * BRC20_SCALE);
    expect((await tokens(cheat.ordinals.address)).overall).toBe(0n);
  });

  it('two buyers of the last ready rung at once: one takes it, the other is inscribed to order', async () => {
    // A live quote holds one of the two 100 rungs; two buyers ask for the other at once.
    const users = Array.from({ length: 3 }, () => ({
      ordinals: newWallet('p2tr'),
      payment: newWallet('p2wpkh'),
    }));
    for (const user of users) await node.faucet.fund(user.payment.address, 1_000_000n);
    await mine();
    const first = await order(users[0]!, '100');
    expect(first.psbt.transfer).toBe('ladder');
    // Each 100 moves the price by about 4 %: the later of the two is priced after the other.
    const [a, b] = await Promise.all([
      order(users[1]!, '100', '10'),
      order(users[2]!, '100', '10'),
    ]);
    expect([a.psbt.transfer, b.psbt.transfer].sort()).toEqual(['inscribed', 'ladder']);
    const held = await sql<{ outpoint: string; n: number }>`
      select outpoint, count(*)::int as n from promised_coins
      where address = ${pool.address} and expires_at > now() group by outpoint having count(*) > 1`.execute(
      t.db.kysely,
    );
    expect(held.rows).toEqual([]);
  });
});
