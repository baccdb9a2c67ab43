import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@om/bitcoin';
import { EditionOrderSchema, InscribeOrderSchema, INSCRIPTION_SERVICE_PATH } from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isKnown as isKnownOn,
  send,
  startCrashNode,
  storeFor,
  untilWithBlocks as untilWithBlocksOn,
  type CrashNode,
} from './helpers/crash-harness.ts';
import { launchEdition, signedMintOrder } from './helpers/editions.ts';
import { spawnServer, type ServerChild } from './helpers/server-child.ts';
import { databaseKinds, startTestApp } from './helpers/test-app.ts';
import { inscribeTo, mineAndSync, newTrader } from './helpers/trading.ts';

// ADR 016 (ADR 011, ADR 016): an edition submit claims the order ('inscribing') with its payment
// and reveal journalled in one database transaction, then broadcasts. A server SIGKILLed at that
// first broadcast (the crash preload) leaves both on disk and nothing on the node; restarted on the
// same database and node, it sends them from the journal and the order completes with the
// editions at the buyer. As in inscription-service-crash.test.ts, the server is a child process.

const ENV = {
  COSIGNER_SECRET: bytesToHex(randomBytes(32)),
  JWT_SECRET: bytesToHex(randomBytes(32)),
  WRITE_RATE_LIMIT_PER_MINUTE: '10000',
};

let node: CrashNode;
beforeAll(async () => {
  node = await startCrashNode();
});
afterAll(async () => {
  await node?.stop();
});

const isKnown = (txid: string) => isKnownOn(node, txid);
const untilWithBlocks = (check: () => Promise<boolean>) => untilWithBlocksOn(node, check, 180_000);

async function json(server: ServerChild, url: string): Promise<unknown> {
  return (await fetch(`${server.baseUrl}${url}`)).json();
}

describe.each(databaseKinds())('an edition submit across a crash on %s', (kind) => {
  it('sends the journalled payment and reveal after a restart, and completes', async () => {
    const store = storeFor(kind, node, ENV, 'edition-crash');
    // Set up in-process on the store: a launch of 5 editions and a buyer's signed payment.
    const t = await startTestApp(
      kind,
      node,
      { ...ENV, DATA_DIR: store.env.DATA_DIR ?? '' },
      await store.open(),
    );
    await t.sync();
    const creator = await newTrader(t);
    const buyer = await newTrader(t);
    const originalId = (await inscribeTo(node, t, creator.ordinals.address)).id;
    const id = await launchEdition(t, creator, originalId, {
      slug: `crash-editions-${kind}`,
      numberOfEditions: 5,
      price: 30_000n,
    });
    await node.faucet.fund(buyer.payment.address, 400_000n);
    await mineAndSync(node, t);
    const { order, signedPsbt } = await signedMintOrder(t, buyer, id, 2);
    await t.close();

    // The server claims the order for the payment and dies at its first broadcast.
    const crashing = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' });
    const submit = { orderId: order.orderId, signedPsbt };
    expect(
      await send(
        'POST',
        crashing.baseUrl,
        '/api/launchpad/editions/mint/submit',
        submit,
        buyer.token,
      ),
    ).toBe('killed');
    expect(await crashing.exited).toBe('SIGKILL');

    const db = await store.open();
    const claimed = await sql<{ state: string; commit_txid: string; reveal_txid: string }>`
      select state, commit_txid, reveal_txid from inscribe_orders where id = ${order.orderId}`.execute(
      db.kysely,
    );
    const journal = await sql<{ kind: string; status: string; txids: string[] }>`
      select kind, status, txids from claimed_transactions where ref = ${order.orderId}`.execute(
      db.kysely,
    );
    const held = await sql<{ remaining_editions: number }>`
      select remaining_editions from launchpads where id = ${id}`.execute(db.kysely);
    await db.close();
    const { commit_txid: commit = '', reveal_txid: reveal = '' } = claimed.rows[0] ?? {};
    expect(claimed.rows[0]?.state).toBe('inscribing');
    expect(journal.rows).toEqual([
      { kind: 'inscribe', status: 'claimed', txids: [commit, reveal] },
    ]);
    expect(held.rows[0]?.remaining_editions).toBe(3);
    expect(await isKnown(commit)).toBe(false);
    expect(await isKnown(reveal)).toBe(false);

    const server = await spawnServer(store.env);
    try {
      await untilWithBlocks(async () => {
        const engine = InscribeOrderSchema.parse(
          await json(server, `${INSCRIPTION_SERVICE_PATH}/order?id=${order.orderId}`),
        );
        return engine.state === 'completed';
      });
      expect(await isKnown(commit)).toBe(true);
      const wire = EditionOrderSchema.parse(
        (
          (await json(server, `/api/launchpad/editions/order/${order.orderId}`)) as {
            payload: unknown;
          }
        ).payload,
      );
      expect(wire).toMatchObject({ status: 'inscribed', commitTxId: commit, revealTxId: reveal });
      for (const inscriptionId of wire.inscriptionIds) {
        await untilWithBlocks(async () => {
          const body = (await json(
            server,
            `/api/shared/inscriptions/details/${inscriptionId}`,
          )) as {
            payload?: { address?: string; delegate?: string | null };
          };
          return (
            body.payload?.address === buyer.ordinals.address && body.payload.delegate === originalId
          );
        });
      }
      expect(wire.inscriptionIds).toEqual([`${reveal}i0`, `${reveal}i1`]);
    } finally {
      await server.stop();
      await store.drop();
    }
  }, 400_000);
});
