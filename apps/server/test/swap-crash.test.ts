import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@om/bitcoin';
import {
  BRC20SWAP_PATH,
  SwapOrderSchema,
  SwapPoolsInfoSchema,
  SwapPsbtSchema,
  SwapTxSizeSchema,
} from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { addPool } from '../src/features/swap/swap-orders.queries.ts';
import { poolKeys } from '../src/features/swap/swap-pool.ts';
import {
  isKnown as isKnownOn,
  send,
  startCrashNode,
  storeFor,
  untilWithBlocks as untilWithBlocksOn,
  type CrashNode,
} from './helpers/crash-harness.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { spawnServer, type ServerChild } from './helpers/server-child.ts';
import { databaseKinds } from './helpers/test-app.ts';
import { newWallet, sign } from './helpers/trading.ts';

// ADR 017 (ADR 017): send_swap_psbt journals the pool's commit and reveal and the swap with the
// order's move to 'pending', then broadcasts. A server SIGKILLed at that first broadcast leaves
// the order pending and its claim on disk, nothing on the node; restarted on the same database
// and node, it broadcasts them in order and the buy completes with the tokens at the buyer.

const ENV = {
  COSIGNER_SECRET: bytesToHex(randomBytes(32)),
  JWT_SECRET: bytesToHex(randomBytes(32)),
  WRITE_RATE_LIMIT_PER_MINUTE: '10000',
};
const TEXT = 'text/plain;charset=utf-8';

let node: CrashNode;
beforeAll(async () => {
  node = await startCrashNode();
});
afterAll(async () => {
  await node?.stop();
});

const untilWithBlocks = (check: () => Promise<boolean>) => untilWithBlocksOn(node, check, 180_000);

async function post<T>(
  server: ServerChild,
  path: string,
  body: object,
  schema: { parse(v: unknown): T },
) {
  const res = await fetch(`${server.baseUrl}${BRC20SWAP_PATH}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
  expect(envelope.msg).toBe('ok');
  return schema.parse(envelope.data);
}

describe.each(databaseKinds())('a swap across a crash on %s', (kind) => {
  it('is broadcast from its journal after a restart and completes', async () => {
    const tick = kind === 'pglite' ? 'crsa' : 'crsb';
    const store = storeFor(kind, node, ENV, 'swap-crash', 2);
    const pool = poolKeys(loadEnv({ ...ENV, BITCOIN_NETWORK: 'regtest' }), tick);
    const brc20 = (op: Record<string, string>) => [
      { contentType: TEXT, body: JSON.stringify({ p: 'brc-20', ...op }) },
    ];
    await inscribe(
      node,
      newWallet('p2tr').address,
      brc20({ op: 'deploy', tick, max: '1000000', lim: '1000' }),
      546n,
    );
    await node.faucet.mine(1);
    for (let i = 0; i < 3; i++) {
      await inscribe(node, pool.address, brc20({ op: 'mint', tick, amt: '1000' }), 546n);
    }
    for (let i = 0; i < 4; i++) await node.faucet.fund(pool.address, 100_000n);
    const buyer = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    await node.faucet.fund(buyer.payment.address, 200_000n);
    await node.faucet.mine(1);
    const db = await store.open();
    await addPool(db, tick);
    await db.close();

    const crashing = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' });
    const pair = {
      send_coin_type: 'btc',
      send_tick: 'btc',
      receive_coin_type: 'brc20',
      receive_tick: tick,
    };
    // The server's indexes catch up with the pool's mints first.
    await untilWithBlocks(async () => {
      const res = await fetch(`${crashing.baseUrl}${BRC20SWAP_PATH}/swap_pools_info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...pair, address: '0' }),
      });
      const body = (await res.json()) as { data: unknown };
      return body.data !== null && SwapPoolsInfoSchema.parse(body.data).tick2_volume === '3000';
    });
    const body = {
      ...pair,
      send_amount: '0.0001',
      receive_amount: '0',
      address: buyer.payment.address,
      ordinals_address: buyer.ordinals.address,
      slipper: '1',
      fee_rate: 2,
    };
    const size = await post(crashing, '/get_swap_psbt_txsize', body, SwapTxSizeSchema);
    const psbt = await post(
      crashing,
      '/get_swap_psbt',
      {
        ...body,
        receive_amount: size.receive_amount,
        user_public_key: buyer.payment.publicKey,
        tx_size: size.tx_size,
        checksum: size.checksum,
        vins: size.vins,
        usr_cnt: size.usr_cnt,
      },
      SwapPsbtSchema,
    );
    const signed = sign(
      psbt.psbt,
      buyer.payment,
      psbt.inputs_to_sign.map((i) => i.index),
    );
    const status = await send('POST', crashing.baseUrl, `${BRC20SWAP_PATH}/send_swap_psbt`, {
      order_id: psbt.order_id,
      psbt: signed,
    });
    expect(status).toBe('killed');
    expect(await crashing.exited).toBe('SIGKILL');

    const after = await store.open();
    const order = await sql<{ state: string; txid: string; prelude_txids: string[] }>`
      select state, txid, prelude_txids from swap_orders where id = ${psbt.order_id}`.execute(
      after.kysely,
    );
    const claims = await sql<{ status: string; txids: string[] }>`
      select status, txids from claimed_transactions where kind = 'swap' and ref = ${psbt.order_id}`.execute(
      after.kysely,
    );
    await after.close();
    const row = order.rows[0];
    expect(row?.state).toBe('pending');
    const txids = [...(row?.prelude_txids ?? []), row?.txid ?? ''];
    expect(claims.rows).toEqual([{ status: 'claimed', txids }]);
    for (const txid of txids) expect(await isKnownOn(node, txid)).toBe(false);

    const server = await spawnServer(store.env);
    try {
      const orderOf = async () => {
        const res = await fetch(
          `${server.baseUrl}${BRC20SWAP_PATH}/order?order_id=${psbt.order_id}`,
        );
        return SwapOrderSchema.parse(((await res.json()) as { data: unknown }).data);
      };
      await untilWithBlocks(async () => (await orderOf()).state === 'completed');
      for (const txid of txids) expect(await isKnownOn(node, txid)).toBe(true);
      const balance = await fetch(`${server.baseUrl}/api/brc20/balances/${buyer.ordinals.address}`);
      expect(balance.status).toBe(200);
      expect(JSON.stringify(await balance.json())).toContain((await orderOf()).receive_amount);
    } finally {
      await server.stop();
      await store.drop();
    }
  }, 300_000); // two server starts, each indexing the chain: minutes on a busy machine
});
