import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@om/bitcoin';
import {
  BRC20_SCALE,
  BRC20SWAP_PATH,
  SendSwapPsbtSchema,
  SwapOrderSchema,
  SwapPsbtSchema,
  SwapTxSizeSchema,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { readAddressBalances } from '../src/features/brc20/brc20.queries.ts';
import { addPool } from '../src/features/swap/swap-orders.queries.ts';
import { watchSwapOrders } from '../src/features/swap/swap-orders.worker.ts';
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

// ADR 017 "reorgs replay" (ADR 017): a completed swap whose block Bitcoin Core's invalidateblock
// takes away goes back to pending with its transactions back in the mempool and the tokens back
// at the pool in our index; mined again, it completes as it was. A buy through one pool, and a
// tick ↔ tick route (two orders on two curves, one transaction).

const TEXT = 'text/plain;charset=utf-8';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

type User = { ordinals: Wallet; payment: Wallet };

describe.each(databaseKinds())('swaps across a reorg on %s', (kind) => {
  const [one, two] = kind === 'pglite' ? ['rga1', 'rgb1'] : ['rga2', 'rgb2'];
  let t: TestApp;
  const rpc = <T>(method: string, params: unknown[] = []) => node.node.rpc.call<T>(method, params);

  async function call<T>(
    path: string,
    payload: object | undefined,
    schema: { parse(v: unknown): T },
  ) {
    const res = await t.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `${BRC20SWAP_PATH}${path}`,
      ...(payload ? { payload } : {}),
    });
    const body = res.json() as { msg: string; data: unknown };
    expect(body.msg).toBe('ok');
    return schema.parse(body.data);
  }
  async function mine() {
    await mineAndSync(node, t);
    await indexBrc20(t.db, 'regtest');
  }
  /** invalidateblock of the tip; the indexes follow. */
  async function dropTip(): Promise<string> {
    const hash = await rpc<string>('getbestblockhash');
    await rpc('invalidateblock', [hash]);
    await t.sync();
    await indexBrc20(t.db, 'regtest');
    await refreshMempool(node, t);
    return hash;
  }
  const brc20 = (op: Record<string, string>) => [
    { contentType: TEXT, body: JSON.stringify({ p: 'brc-20', ...op }) },
  ];
  async function tokens(address: string, tick: string) {
    const row = (await readAddressBalances(t.db, address)).find((b) => b.ticker.tick === tick);
    return row?.overall ?? 0n;
  }
  const state = async (id: string) =>
    (await call(`/order?order_id=${id}`, undefined, SwapOrderSchema)).state;

  async function swap(user: User, body: Record<string, unknown>, signer: Wallet) {
    const size = await call('/get_swap_psbt_txsize', body, SwapTxSizeSchema);
    const psbt = await call(
      '/get_swap_psbt',
      {
        ...body,
        // The quote accepted: the amount the user did not type.
        ...(body.exact_side === 'receive'
          ? { send_amount: size.send_amount }
          : { receive_amount: size.receive_amount }),
        user_public_key: `${user.payment.publicKey}:${user.ordinals.publicKey}`,
        tx_size: size.tx_size,
        checksum: size.checksum,
        vins: size.vins,
        usr_cnt: size.usr_cnt,
      },
      SwapPsbtSchema,
    );
    const signed = sign(
      psbt.psbt,
      signer,
      psbt.inputs_to_sign.map((i) => i.index),
    );
    return call('/send_swap_psbt', { order_id: psbt.order_id, psbt: signed }, SendSwapPsbtSchema);
  }

  /** Completed, its block dropped: pending, in the mempool, the index without it; then again. */
  async function replays(orderId: string, txid: string, check: (done: boolean) => Promise<void>) {
    await mine();
    await watchSwapOrders(t.deps);
    expect(await state(orderId)).toBe('completed');
    await check(true);

    await dropTip();
    await watchSwapOrders(t.deps);
    expect(await state(orderId)).toBe('pending');
    expect(await inMempool(node, txid)).toBe(true);
    await check(false);

    await mine();
    await watchSwapOrders(t.deps);
    expect(await state(orderId)).toBe('completed');
    await check(true);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      COSIGNER_SECRET: bytesToHex(randomBytes(32)),
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    const deployer = newWallet('p2tr');
    for (const tick of [one, two]) {
      await inscribe(
        node,
        deployer.address,
        brc20({ op: 'deploy', tick, max: '21000000', lim: '1000', dec: '8' }),
        546n,
      );
    }
    await node.faucet.mine(1);
    for (const tick of [one, two]) {
      const pool = poolKeys(t.deps.env, tick);
      for (let i = 0; i < 3; i++) {
        await inscribe(node, pool.address, brc20({ op: 'mint', tick, amt: '1000' }), 546n);
      }
      for (let i = 0; i < 4; i++) await node.faucet.fund(pool.address, 200_000n);
      await addPool(t.db, tick);
    }
    await mine();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a buy: back to pending with its tokens back at the pool, then completed again', async () => {
    const user = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    await node.faucet.fund(user.payment.address, 500_000n);
    await mine();
    const sent = await swap(
      user,
      {
        send_coin_type: 'btc',
        send_tick: 'btc',
        receive_coin_type: 'brc20',
        receive_tick: one,
        exact_side: 'receive',
        send_amount: '0',
        receive_amount: '40',
        address: user.payment.address,
        ordinals_address: user.ordinals.address,
        slipper: '1',
        fee_rate: 2,
      },
      user.payment,
    );
    await replays(sent.order_id, sent.tx_id, async (done) => {
      expect(await tokens(user.ordinals.address, one)).toBe(done ? 40n * BRC20_SCALE : 0n);
    });
  });

  it('a tick-to-tick route: both legs back to pending, then both completed again', async () => {
    const user = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    await inscribe(
      node,
      user.ordinals.address,
      brc20({ op: 'mint', tick: one, amt: '1000' }),
      546n,
    );
    await mine();
    const reveal = await inscribe(
      node,
      user.ordinals.address,
      brc20({ op: 'transfer', tick: one, amt: '60' }),
      546n,
    );
    await mine();
    const sent = await swap(
      user,
      {
        send_coin_type: 'brc20',
        send_tick: one,
        receive_coin_type: 'brc20',
        receive_tick: two,
        send_amount: '60',
        receive_amount: '0',
        address: user.payment.address,
        ordinals_address: user.ordinals.address,
        slipper: '1',
        fee_rate: 2,
        ins: [reveal.ids[0]],
      },
      user.ordinals,
    );
    const legStates = async () =>
      (
        await t.db.kysely
          .selectFrom('swap_orders')
          .select('state')
          .where((eb) => eb.or([eb('id', '=', sent.order_id), eb('route_id', '=', sent.order_id)]))
          .execute()
      ).map((r) => r.state);
    await replays(sent.order_id, sent.tx_id, async (done) => {
      expect(await legStates()).toEqual(done ? ['completed', 'completed'] : ['pending', 'pending']);
      expect(await tokens(user.ordinals.address, one)).toBe(
        done ? 940n * BRC20_SCALE : 1000n * BRC20_SCALE,
      );
      expect((await tokens(user.ordinals.address, two)) > 0n).toBe(done);
    });
  });
});
