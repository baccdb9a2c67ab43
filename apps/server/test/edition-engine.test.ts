import {
  EditionMintPayloadSchema,
  EditionOrderSchema,
  InscribeOrderSchema,
  INSCRIPTION_SERVICE_PATH,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InscribeTables } from '../src/db/inscribe.tables.ts';
import { resumeClaims } from '../src/claims/claimed-transactions.worker.ts';
import { expireOverdue } from '../src/features/editions/edition-orders.queries.ts';
import { moveOrder } from '../src/features/inscription-service/inscribe-orders.queries.ts';
import { watchInscribeOrders } from '../src/features/inscription-service/inscribe-orders.worker.ts';
import { orderKinds } from '../src/inscribe-order-kinds.ts';
import { launchEdition, mintOrder } from './helpers/editions.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  inMempool,
  inscribeTo,
  mineAndSync,
  newTrader,
  type Trader,
} from './helpers/trading.ts';

// ADR 016: an edition order is an inscription-service order of type 'edition', moved by the
// service's one engine (ADR 016). A plain payment seen in the mempool is revealed at once, and the
// order completes once both are mined while the edition wire says 'inscribed'; an expired order
// gives its editions back exactly once however many moves race (the state's trigger, 0021).

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('edition orders on the engine on %s', (kind) => {
  let t: TestApp;
  let buyer: Trader;
  let id: string;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      MAX_OPEN_RESERVATIONS_PER_CLIENT: '1000',
    });
    await t.sync();
    const creator = await newTrader(t);
    buyer = await newTrader(t);
    const originalId = (await inscribeTo(node, t, creator.ordinals.address)).id;
    id = await launchEdition(t, creator, originalId, {
      slug: `engine-editions-${kind}`,
      numberOfEditions: 5,
      price: 20_000n,
    });
    await node.faucet.fund(buyer.payment.address, 400_000n);
    await mineAndSync(node, t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const engineRow = (orderId: string) =>
    t.db.kysely
      .withTables<InscribeTables>()
      .selectFrom('inscribe_orders')
      .select(['state', 'order_type', 'commit_txid', 'reveal_txid'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  const wire = async (orderId: string) =>
    EditionOrderSchema.parse(
      (await api(t, 'GET', `/api/launchpad/editions/order/${orderId}`)).body.payload,
    );
  const remaining = async () =>
    (
      await t.db.kysely
        .selectFrom('launchpads')
        .select('remaining_editions')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).remaining_editions;
  const confirmations = async (txid: string) =>
    (await node.node.rpc.call<{ confirmations?: number }>('getrawtransaction', [txid, 1]))
      .confirmations ?? 0;

  it('reveals a payment seen in the mempool, completes once both are mined, reads inscribed', async () => {
    const res = await mintOrder(t, buyer, id, 2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = EditionMintPayloadSchema.parse(res.body.payload);
    expect(await remaining()).toBe(3);
    const payment = await node.faucet.fund(order.chargeAddress, BigInt(order.amount));

    await watchInscribeOrders(t.deps, orderKinds);
    const revealed = await engineRow(order.orderId);
    expect(revealed).toMatchObject({
      state: 'inscribing',
      order_type: 'edition',
      commit_txid: payment,
    });
    const reveal = revealed.reveal_txid ?? '';
    expect(await inMempool(node, payment)).toBe(true);
    expect(await inMempool(node, reveal)).toBe(true);
    expect(await wire(order.orderId)).toMatchObject({
      status: 'inscribed',
      commitTxId: payment,
      revealTxId: reveal,
      inscriptionIds: [`${reveal}i0`, `${reveal}i1`],
    });

    await mineAndSync(node, t);
    expect(await confirmations(payment)).toBeGreaterThan(0);
    expect(await confirmations(reveal)).toBeGreaterThan(0);
    await watchInscribeOrders(t.deps, orderKinds);
    await resumeClaims(t.deps);
    expect((await engineRow(order.orderId)).state).toBe('completed');
    expect((await wire(order.orderId)).status).toBe('inscribed');
    const journal = await t.db.kysely
      .selectFrom('claimed_transactions')
      .select(['kind', 'status', 'txids'])
      .where('ref', '=', order.orderId)
      .execute();
    expect(journal).toEqual([{ kind: 'inscribe', status: 'final', txids: [reveal] }]);
    // The inscription service shows it in its own shape.
    const service = await api(t, 'GET', `${INSCRIPTION_SERVICE_PATH}/order?id=${order.orderId}`);
    expect(service.status, JSON.stringify(service.body)).toBe(200);
    expect(InscribeOrderSchema.parse(service.body)).toMatchObject({
      state: 'completed',
      orderType: 'edition',
      paid: true,
      files: [{ inscriptionId: `${reveal}i0` }, { inscriptionId: `${reveal}i1` }],
    });
    // Completed holds its editions.
    expect(await remaining()).toBe(3);
  });

  it('gives an expired order its editions back exactly once when moves race', async () => {
    const other = await newTrader(t);
    await node.faucet.fund(other.payment.address, 400_000n);
    await mineAndSync(node, t);
    const res = await mintOrder(t, other, id, 2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = EditionMintPayloadSchema.parse(res.body.payload);
    expect(await remaining()).toBe(1);
    await t.db.kysely
      .withTables<InscribeTables>()
      .updateTable('inscribe_orders')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', order.orderId)
      .execute();

    const moves = await Promise.all([
      expireOverdue(t.db, id),
      expireOverdue(t.db, id),
      moveOrder(t.db, order.orderId, ['waiting-payment'], 'expired'),
      watchInscribeOrders(t.deps, orderKinds).then(() => false),
    ]);
    expect(Number(moves[0]) + Number(moves[1]) + Number(moves[2])).toBeLessThanOrEqual(1);
    expect((await engineRow(order.orderId)).state).toBe('expired');
    expect(await remaining()).toBe(3);
    // Nothing moves it again: a later pass and a later expiry leave the count alone.
    await watchInscribeOrders(t.deps, orderKinds);
    expect(await expireOverdue(t.db, id)).toBe(0);
    expect(await remaining()).toBe(3);
    expect((await wire(order.orderId)).status).toBe('expired');
  });
});
