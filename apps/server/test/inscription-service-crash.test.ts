import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@om/bitcoin';
import { InscribeOrderSchema, INSCRIPTION_SERVICE_PATH, type InscribeOrder } from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isKnown as isKnownOn,
  startCrashNode,
  storeFor,
  untilWithBlocks as untilWithBlocksOn,
  type CrashNode,
} from './helpers/crash-harness.ts';
import { spawnServer, type ServerChild } from './helpers/server-child.ts';
import { databaseKinds } from './helpers/test-app.ts';
import { newWallet } from './helpers/trading.ts';

// ADR 016 (ADR 016): the inscription service journals an order's commit and reveals with its
// move to 'inscribing', then broadcasts. A server SIGKILLed at that first broadcast (the crash
// preload) leaves the order 'inscribing' and its claim on disk, nothing on the node; restarted on
// the same database and node, it broadcasts them and the order completes with every inscription
// at the receiver. The server is a real child process, as in claim-crash.test.ts.

const BASE = INSCRIPTION_SERVICE_PATH;
const ENV = {
  COSIGNER_SECRET: bytesToHex(randomBytes(32)),
  JWT_SECRET: bytesToHex(randomBytes(32)),
  WRITE_RATE_LIMIT_PER_MINUTE: '10000',
};
const texts = ['crash one', 'crash two'];

let node: CrashNode;
beforeAll(async () => {
  node = await startCrashNode();
});
afterAll(async () => {
  await node?.stop();
});

const isKnown = (txid: string) => isKnownOn(node, txid);
const untilWithBlocks = (check: () => Promise<boolean>) => untilWithBlocksOn(node, check, 180_000);

async function orderOf(server: ServerChild, id: string): Promise<InscribeOrder> {
  const res = await fetch(`${server.baseUrl}${BASE}/order?id=${id}`);
  return InscribeOrderSchema.parse(await res.json());
}

describe.each(databaseKinds())('an inscription order across a crash on %s', (kind) => {
  it('is broadcast from its journal after a restart and completes', async () => {
    const store = storeFor(kind, node, ENV, 'inscribe-crash', 2);
    const receiver = newWallet('p2tr');
    // Creates the schema and its tables before the server opens them.
    await (await store.open()).close();
    const crashing = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' });
    const res = await fetch(`${crashing.baseUrl}${BASE}/inscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        files: texts.map((text, i) => ({
          name: `${i}.txt`,
          type: 'text/plain',
          dataURL: `data:text/plain;base64,${Buffer.from(text).toString('base64')}`,
        })),
        receiveAddress: receiver.address,
        fee: 2,
      }),
    });
    const made = InscribeOrderSchema.parse(await res.json());
    // Paid by a plain send; once mined, the worker claims the commit and reveals and dies sending.
    await node.faucet.fund(made.charge.address, BigInt(made.charge.amount));
    await node.faucet.mine(1);
    expect(await crashing.exited).toBe('SIGKILL');

    const db = await store.open();
    const order = await sql<{ state: string; commit_txid: string }>`
      select state, commit_txid from inscribe_orders where id = ${made.id}`.execute(db.kysely);
    const claims = await sql<{ status: string; txids: string[] }>`
      select status, txids from claimed_transactions where kind = 'inscribe' and ref = ${made.id}`.execute(
      db.kysely,
    );
    await db.close();
    expect(order.rows[0]?.state).toBe('inscribing');
    const commitTxid = order.rows[0]?.commit_txid ?? '';
    expect(claims.rows).toEqual([{ status: 'claimed', txids: expect.any(Array) }]);
    expect(claims.rows[0]?.txids).toHaveLength(1 + texts.length);
    expect(claims.rows[0]?.txids[0]).toBe(commitTxid);
    expect(await isKnown(commitTxid)).toBe(false);

    const server = await spawnServer(store.env);
    try {
      await untilWithBlocks(async () => (await orderOf(server, made.id)).state === 'completed');
      const done = await orderOf(server, made.id);
      expect(done.files.map((f) => f.tx?.commit)).toEqual([commitTxid, commitTxid]);
      for (const [i, file] of done.files.entries()) {
        const content = await fetch(`${server.baseUrl}/content/${file.inscriptionId}`);
        expect(await content.text()).toBe(texts[i]);
        await untilWithBlocks(async () => {
          const url = `${server.baseUrl}/api/shared/inscriptions/details/${file.inscriptionId}`;
          const body = (await (await fetch(url)).json()) as { payload?: { address?: string } };
          return body.payload?.address === receiver.address;
        });
      }
    } finally {
      await server.stop();
      await store.drop();
    }
  }, 300_000); // two server starts, each indexing the chain: minutes on a busy machine
});
