import { bytesToBase64, parsePsbt, psbtTxid, signPsbtWithKey } from '@om/bitcoin';
import {
  COINS_PROMISED,
  EDITION_POSTAGE,
  EditionMintPayloadSchema,
  EditionOrderSchema,
  EditionQuoteSchema,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformFeeAddress } from '../src/trading/platform-fee.ts';
import type { InscribeTables } from '../src/db/inscribe.tables.ts';
import { watchInscribeOrders } from '../src/features/inscription-service/inscribe-orders.worker.ts';
import { orderKinds } from '../src/inscribe-order-kinds.ts';
import { launchEdition, mintOrder, signedMintOrder } from './helpers/editions.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  inMempool,
  inscribeTo,
  mineAndSync,
  newTrader,
  paidTo,
  type Trader,
} from './helpers/trading.ts';

// ADR 011, minting editions through the API on Bitcoin Core 30 (ADR 011): a creator launches 10
// editions of an inscription they hold; a buyer is quoted, mints 2 with one signed payment, and
// our inscription service reveals them as delegates of the original to the buyer. Then the
// refusals (too many, a tampered payment), an unpaid order expiring, a plain send to the charge
// address revealed by the engine, and concurrent mints of the last editions.

const PRICE = 50_000n;
const FEE_RATE = 2;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('minting editions on %s', (kind) => {
  let t: TestApp;
  let creator: Trader;
  let buyer: Trader;
  let originalId: string;
  let id: string;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      // Every request comes from one client here: its cap is the hoarding test's (launch-mint).
      MAX_OPEN_RESERVATIONS_PER_CLIENT: '1000',
    });
    await t.sync();
    creator = await newTrader(t);
    buyer = await newTrader(t);
    originalId = (await inscribeTo(node, t, creator.ordinals.address)).id;
    id = await launchEdition(t, creator, originalId, {
      slug: `editions-${kind}`,
      numberOfEditions: 10,
      price: PRICE,
    });
    for (let i = 0; i < 3; i++) await node.faucet.fund(buyer.payment.address, 400_000n);
    await mineAndSync(node, t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const remaining = async () =>
    (
      await t.db.kysely
        .selectFrom('launchpads')
        .select('remaining_editions')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).remaining_editions;
  const order = async (orderId: string) => {
    const res = await api(t, 'GET', `/api/launchpad/editions/order/${orderId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return EditionOrderSchema.parse(res.body.payload);
  };
  const details = async (inscriptionId: string) =>
    (await api(t, 'GET', `/api/shared/inscriptions/details/${inscriptionId}`)).body.payload as {
      address: string;
      delegate: string | null;
      satpoint: string;
    };

  it('quotes, mints 2 editions to the buyer as delegates of the original, pays the creator', async () => {
    const priced = await api(t, 'POST', '/api/launchpad/editions/price', {
      id,
      mintCount: 2,
      feeRate: FEE_RATE,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const quote = EditionQuoteSchema.parse(priced.body.payload);
    // 1% of the price per edition to the platform (PLATFORM_FEE_BPS' default).
    expect(quote).toMatchObject({
      mintCount: 2,
      unitPrice: '50000',
      price: '100000',
      platformFee: '1000',
      postage: (2n * EDITION_POSTAGE).toString(),
      remainingEditions: 10,
    });
    expect(BigInt(quote.total)).toBe(
      100_000n + 1_000n + 2n * EDITION_POSTAGE + BigInt(quote.networkFee),
    );

    expect((await mintOrder(t, { ...buyer, token: '' }, id, 2)).status).toBe(401);
    const { order: payload, signedPsbt } = await signedMintOrder(t, buyer, id, 2);
    // A taproot taker: the quote was sized for one, so it is exactly the order's.
    expect(payload.quote).toEqual({ ...quote, remainingEditions: 8 });
    expect(payload.amount).toBe(quote.total);
    expect(await remaining()).toBe(8);
    const stranger = await newTrader(t);
    const foreign = await api(
      t,
      'POST',
      '/api/launchpad/editions/mint/submit',
      { orderId: payload.orderId, signedPsbt },
      stranger.token,
    );
    expect(foreign.status).toBe(403);

    const submit = () =>
      api(
        t,
        'POST',
        '/api/launchpad/editions/mint/submit',
        { orderId: payload.orderId, signedPsbt },
        buyer.token,
      );
    const res = await submit();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = EditionOrderSchema.parse(res.body.payload);
    const { commitTxId, revealTxId } = done;
    expect(done).toMatchObject({ status: 'inscribed', mintCount: 2 });
    expect(done.inscriptionIds).toEqual([`${revealTxId}i0`, `${revealTxId}i1`]);
    for (const txid of [commitTxId, revealTxId])
      expect(await inMempool(node, txid ?? '')).toBe(true);
    expect(await paidTo(node, commitTxId ?? '', done.chargeAddress)).toBe(BigInt(payload.amount));
    expect(await paidTo(node, revealTxId ?? '', creator.payment.address)).toBe(2n * PRICE);
    const platform = platformFeeAddress(t.deps.env) ?? '';
    expect(await paidTo(node, revealTxId ?? '', platform)).toBe(1_000n);
    // Submitting again answers the same order.
    expect((await submit()).body.payload).toEqual(res.body.payload);

    await mineAndSync(node, t);
    // Each edition alone on its own postage output: envelope i points at output i.
    for (const [i, inscriptionId] of done.inscriptionIds.entries()) {
      expect(await details(inscriptionId)).toMatchObject({
        address: buyer.ordinals.address,
        delegate: originalId,
        satpoint: `${revealTxId}:${i}:0`,
      });
    }
    expect(await order(payload.orderId)).toEqual(done);
    expect(await remaining()).toBe(8);
    // The buyer hears it once its reveal is mined, however many worker passes run
    // (product.md#spec-gaps).
    await watchInscribeOrders(t.deps, orderKinds);
    await watchInscribeOrders(t.deps, orderKinds);
    const notes = await t.db.kysely
      .selectFrom('notifications')
      .select(['address', 'type', 'title', 'body', 'payload'])
      .where('dedupe_key', '=', `order_completed:${payload.orderId}`)
      .orderBy('address')
      .execute();
    const slug = (
      await t.db.kysely
        .selectFrom('launchpads')
        .select('slug')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).slug;
    expect(notes).toEqual(
      [buyer.ordinals.address, buyer.payment.address].sort().map((address) => ({
        address,
        type: 'edition_completed',
        title: 'Your editions are inscribed',
        body: `Your 2 editions of ${slug} are inscribed to your address and confirmed.`,
        payload: {
          orderId: payload.orderId,
          inscriptionId: `${revealTxId}i0`,
          link: `/inscriptions/${revealTxId}i0`,
        },
      })),
    );
  });

  it('refuses more than remain, and a tampered payment, broadcasting nothing', async () => {
    const tooMany = await mintOrder(t, buyer, id, 9);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toBe('Only 8 left to mint');
    const unknown = await api(t, 'POST', '/api/launchpad/editions/price', {
      id: crypto.randomUUID(),
      mintCount: 1,
      feeRate: FEE_RATE,
    });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Launchpad not found']);

    const res = await mintOrder(t, buyer, id, 1);
    const payload = EditionMintPayloadSchema.parse(res.body.payload);
    // The buyer's wallet signs a payment of 1,000 sats less to the charge address.
    const tampered = parsePsbt(payload.psbt);
    const paid = tampered.getOutput(0).amount ?? 0n;
    const change = tampered.getOutput(1).amount ?? 0n;
    tampered.updateOutput(0, { amount: paid - 1_000n });
    tampered.updateOutput(1, { amount: change + 1_000n });
    const forged = bytesToBase64(signPsbtWithKey(tampered.toPSBT(), buyer.payment.key));
    const refused = await api(
      t,
      'POST',
      '/api/launchpad/editions/mint/submit',
      { orderId: payload.orderId, signedPsbt: forged },
      buyer.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^signedPsbt changed the outputs that were built/);
    expect(await inMempool(node, psbtTxid(forged))).toBe(false);
    expect((await order(payload.orderId)).status).toBe('awaiting_payment');
    expect(await remaining()).toBe(7);

    // Unpaid past its time: the engine expires it and the edition comes back.
    await t.db.kysely
      .withTables<InscribeTables>()
      .updateTable('inscribe_orders')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', payload.orderId)
      .execute();
    await watchInscribeOrders(t.deps, orderKinds);
    expect((await order(payload.orderId)).status).toBe('expired');
    expect(await remaining()).toBe(8);
    const late = await api(
      t,
      'POST',
      '/api/launchpad/editions/mint/submit',
      { orderId: payload.orderId, signedPsbt: forged },
      buyer.token,
    );
    expect([late.status, late.body.error]).toEqual([409, 'This order expired: mint again']);
  });

  it('reveals a plain send of the amount to the charge address, refunds a short one (the engine)', async () => {
    const res = await mintOrder(t, buyer, id, 1);
    const payload = EditionMintPayloadSchema.parse(res.body.payload);
    // A wallet's ordinary send, 700 sats over: the excess goes back to the buyer's payment address.
    const sent = await node.faucet.fund(payload.chargeAddress, BigInt(payload.amount) + 700n);
    // Another order paid 1 sat short cannot be inscribed: refund due, its edition back.
    const short = EditionMintPayloadSchema.parse((await mintOrder(t, buyer, id, 1)).body.payload);
    await node.faucet.fund(short.chargeAddress, BigInt(short.amount) - 1n);
    expect(await remaining()).toBe(6);
    await watchInscribeOrders(t.deps, orderKinds);
    // The short payment goes back whole to the buyer's payment address, less the refund's own
    // fee at the order's fee rate (key path: no envelope is published).
    const refunded = await order(short.orderId);
    expect(refunded.status).toBe('refunding');
    const refundTxid = refunded.refundTxId ?? '';
    expect(await inMempool(node, refundTxid)).toBe(true);
    const refundTx = await node.node.rpc.call<{ vsize: number; vin: { txinwitness?: string[] }[] }>(
      'getrawtransaction',
      [refundTxid, 1],
    );
    expect(refundTx.vin.map((i) => i.txinwitness?.length)).toEqual([1]);
    const refundFee = BigInt(Math.ceil(refundTx.vsize * FEE_RATE));
    expect(await paidTo(node, refundTxid, buyer.payment.address)).toBe(
      BigInt(short.amount) - 1n - refundFee,
    );
    // Another pass (as after a restart) sends nothing new: the refund is journalled, once.
    await watchInscribeOrders(t.deps, orderKinds);
    expect(await order(short.orderId)).toMatchObject({
      status: 'refunding',
      refundTxId: refundTxid,
    });
    const done = await order(payload.orderId);
    expect(done).toMatchObject({ status: 'inscribed', commitTxId: sent });
    expect(await inMempool(node, done.revealTxId ?? '')).toBe(true);
    expect(await paidTo(node, done.revealTxId ?? '', creator.payment.address)).toBe(PRICE);
    expect(await paidTo(node, done.revealTxId ?? '', buyer.payment.address)).toBeGreaterThan(0n);
    await mineAndSync(node, t);
    expect(await details(done.inscriptionIds[0] ?? '')).toMatchObject({
      address: buyer.ordinals.address,
      delegate: originalId,
    });
    // Refunded once the refund is mined.
    await watchInscribeOrders(t.deps, orderKinds);
    expect(await order(short.orderId)).toMatchObject({
      status: 'refunded',
      refundTxId: refundTxid,
    });
    expect(await remaining()).toBe(7);
  });

  // product.md#trust-findings finding 3: coins enough for one order reserved every edition left,
  // order after order. Now an order's coins are promised to it: a second order from them is
  // refused, and a real buyer still mints and pays.
  it('binds an order to its coins: a second order from the same coins is refused', async () => {
    const original = (await inscribeTo(node, t, creator.ordinals.address)).id;
    const other = await launchEdition(t, creator, original, {
      slug: `hoard-editions-${kind}`,
      numberOfEditions: 6,
      price: PRICE,
    });
    const hoarder = await newTrader(t);
    const real = await newTrader(t);
    await node.faucet.fund(hoarder.payment.address, 400_000n);
    await node.faucet.fund(real.payment.address, 400_000n);
    await mineAndSync(node, t);
    const first = await mintOrder(t, hoarder, other, 2);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const held = Date.parse(EditionMintPayloadSchema.parse(first.body.payload).expiresAt);
    expect(held - Date.now()).toBeLessThanOrEqual(120_000);
    const second = await mintOrder(t, hoarder, other, 2);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(COINS_PROMISED);
    const left = await api(t, 'POST', '/api/launchpad/editions/price', {
      id: other,
      mintCount: 1,
      feeRate: FEE_RATE,
    });
    expect(left.body.payload.remainingEditions).toBe(4);
    const { order, signedPsbt } = await signedMintOrder(t, real, other, 2);
    const paid = await api(
      t,
      'POST',
      '/api/launchpad/editions/mint/submit',
      { orderId: order.orderId, signedPsbt },
      real.token,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const done = EditionOrderSchema.parse(paid.body.payload);
    expect(done.status).toBe('inscribed');
    expect(await inMempool(node, done.revealTxId ?? '')).toBe(true);
  });

  it('reserves exactly what remains to concurrent mints, then is sold out', async () => {
    // Nine buyers with coins of their own (one wallet's coins fund one open order:
    // product.md#trust-findings #3).
    const buyers = await Promise.all(Array.from({ length: 9 }, () => newTrader(t)));
    for (const b of buyers) await node.faucet.fund(b.payment.address, 400_000n);
    await mineAndSync(node, t);
    const answers = await Promise.all(buyers.map((b) => mintOrder(t, b, id, 1)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(7).fill(200), 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual([
      'Sold out',
      'Sold out',
    ]);
    expect(await remaining()).toBe(0);
    const after = await api(t, 'POST', '/api/launchpad/editions/price', {
      id,
      mintCount: 1,
      feeRate: FEE_RATE,
    });
    expect([after.status, after.body.error]).toEqual([409, 'Sold out']);
  });
});
