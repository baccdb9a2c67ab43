import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { bytesToHex } from '@om/bitcoin';
import { BRC20_SCALE, BRC20SWAP_PATH, SwapPoolsInfoSchema } from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { setPoolLadder } from '../src/features/swap/swap-ladder.queries.ts';
import { addPool } from '../src/features/swap/swap-orders.queries.ts';
import { poolKeys } from '../src/features/swap/swap-pool.ts';
import {
  isKnown as isKnownOn,
  startCrashNode,
  storeFor,
  untilWithBlocks as untilWithBlocksOn,
  type CrashNode,
} from './helpers/crash-harness.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { spawnServer } from './helpers/server-child.ts';
import { databaseKinds } from './helpers/test-app.ts';
import { newWallet } from './helpers/trading.ts';

// ADR 017 (ADR 017): the swap worker journals a ladder rung's commit and reveal with its
// swap_ladder row, then broadcasts. A server SIGKILLed at that broadcast leaves the row and its
// claim on disk, nothing on the node; restarted, it broadcasts the two from the journal, the rung
// becomes ready, and no second rung of the amount is made.

const ENV = {
  COSIGNER_SECRET: bytesToHex(randomBytes(32)),
  JWT_SECRET: bytesToHex(randomBytes(32)),
};
const TEXT = 'text/plain;charset=utf-8';

let node: CrashNode;
beforeAll(async () => {
  node = await startCrashNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('a ladder rung across a crash on %s', (kind) => {
  it('is broadcast from its journal after a restart, once', async () => {
    const tick = kind === 'pglite' ? 'lcra' : 'lcrb';
    const store = storeFor(kind, node, ENV, 'ladder-crash', 2);
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
    await inscribe(node, pool.address, brc20({ op: 'mint', tick, amt: '1000' }), 546n);
    for (let i = 0; i < 3; i++) await node.faucet.fund(pool.address, 100_000n);
    await node.faucet.mine(1);
    const db = await store.open();
    await addPool(db, tick);
    await setPoolLadder(db, tick, [50n * BRC20_SCALE], 1);
    await db.close();

    // The first broadcast this server makes is the rung's, once its indexes have the mint (a
    // block wakes the worker; it may come before the server answers its health check).
    const exited = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' }).then(
      async (crashing) => {
        let signal: NodeJS.Signals | null | undefined;
        void crashing.exited.then((s) => (signal = s));
        for (let i = 0; i < 60 && signal === undefined; i++) {
          await sleep(2_000);
          if (signal === undefined) await node.faucet.mine(1);
        }
        return crashing.exited;
      },
      (err: unknown) => {
        expect(String(err)).toContain('exited during start (SIGKILL)');
        return 'SIGKILL';
      },
    );
    expect(exited).toBe('SIGKILL');
    const after = await store.open();
    const rungs = await sql<{ inscription_id: string; txid: string }>`
      select inscription_id, txid from swap_ladder where tick = ${tick}`.execute(after.kysely);
    const claims = await sql<{ status: string; txids: string[] }>`
      select status, txids from claimed_transactions where ref like 'ladder:%'`.execute(
      after.kysely,
    );
    await after.close();
    expect(rungs.rows).toHaveLength(1);
    expect(claims.rows).toHaveLength(1);
    const [claim] = claims.rows;
    expect(claim?.status).toBe('claimed');
    expect(claim?.txids[1]).toBe(rungs.rows[0]?.txid);
    for (const txid of claim?.txids ?? []) expect(await isKnownOn(node, txid)).toBe(false);

    const server = await spawnServer(store.env);
    try {
      const ladder = async () => {
        const res = await fetch(`${server.baseUrl}${BRC20SWAP_PATH}/swap_pools_info`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            send_coin_type: 'btc',
            send_tick: 'btc',
            receive_coin_type: 'brc20',
            receive_tick: tick,
            address: '0',
          }),
        });
        const body = (await res.json()) as { data: unknown };
        return body.data === null ? undefined : SwapPoolsInfoSchema.parse(body.data).ladder;
      };
      await untilWithBlocksOn(
        node,
        async () => JSON.stringify(await ladder()) === JSON.stringify([{ amount: '50', ready: 1 }]),
        180_000,
      );
      for (const txid of claim?.txids ?? []) expect(await isKnownOn(node, txid)).toBe(true);
      const check = await store.open();
      const all = await sql<{ n: number }>`
        select count(*)::int as n from swap_ladder where tick = ${tick}`.execute(check.kysely);
      await check.close();
      expect(all.rows[0]?.n).toBe(1);
    } finally {
      await server.stop();
      await store.drop();
    }
  }, 300_000); // two server starts, each indexing the chain: minutes on a busy machine
});
