import {
  InscribeOrderSchema,
  INSCRIPTION_SERVICE_PATH,
  PaymentPsbtSchema,
  type InscribeOrder,
  type PaymentPsbt,
} from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeClaims } from '../src/claims/claimed-transactions.worker.ts';
import { watchInscribeOrders } from '../src/features/inscription-service/inscribe-orders.worker.ts';
import { orderKinds } from '../src/inscribe-order-kinds.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  doubleSpendPayment,
  eventually,
  inMempool,
  mineAndSync,
  newWallet,
  paidTo,
  refreshMempool,
  sign,
  type Wallet,
} from './helpers/trading.ts';

// ADR 016: an inscription-service order whose payment was confirmed, then reorged out with
// Bitcoin Core's invalidateblock. Mined again as it was, the order inscribes once (the commit and
// reveal already journalled are what return to the mempool, nothing is built twice). Double spent
// by its payer in the new branch, the order is waiting for a payment again, its journal released
// and nothing inscribed; a new payment then completes it. A completed order whose blocks are
// reorged out is inscribing again until they are mined again (or, double spent, waits for a
// payment); reorged 6 deep, then reconsidered, it ends completed with its one inscription.

const BASE = INSCRIPTION_SERVICE_PATH;
const FEE = 3;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('inscription-service orders across reorgs on %s', (kind) => {
  let t: TestApp;
  let payer: Wallet;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    payer = newWallet('p2wpkh');
    for (let i = 0; i < 3; i++) await node.faucet.fund(payer.address, 200_000n);
    await mineAndSync(node, t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rpc = <T>(method: string, params: unknown[] = []) => node.node.rpc.call<T>(method, params);

  async function order(id: string): Promise<InscribeOrder> {
    const res = await api(t, 'GET', `${BASE}/order?id=${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return InscribeOrderSchema.parse(res.body);
  }

  /** Worker passes (the claims' grace period aged away) until the order is in `state`. */
  async function orderIn(id: string, state: string): Promise<InscribeOrder> {
    let found = await order(id);
    await eventually(async () => {
      await sql`update claimed_transactions set created_at = created_at - interval '1 minute'`.execute(
        t.db.kysely,
      );
      await resumeClaims(t.deps);
      await watchInscribeOrders(t.deps, orderKinds);
      found = await order(id);
      expect(found.state).toBe(state);
    });
    return found;
  }

  /** A one-file order paid through the service's PSBT from the payer's coins. */
  async function paidOrder(text: string): Promise<{ made: InscribeOrder; built: PaymentPsbt }> {
    const receiver = newWallet('p2tr');
    const created = await api(t, 'POST', `${BASE}/inscribe`, {
      files: [
        {
          name: 'note.txt',
          type: 'text/plain;charset=utf-8',
          dataURL: `data:text/plain;charset=utf-8;base64,${Buffer.from(text).toString('base64')}`,
        },
      ],
      receiveAddress: receiver.address,
      fee: FEE,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const made = InscribeOrderSchema.parse(created.body);
    const built = PaymentPsbtSchema.parse(
      (
        await api(t, 'POST', `${BASE}/payment-psbt`, {
          id: made.id,
          paymentAddress: payer.address,
          paymentPublicKey: payer.publicKey,
          feeRate: 2,
        })
      ).body,
    );
    const paid = await api(t, 'POST', `${BASE}/pay`, {
      id: made.id,
      signedPsbt: sign(built.psbt, payer, built.inputsToSign),
    });
    expect(paid.body).toMatchObject({ state: 'payment-seen' });
    return { made, built };
  }

  /** invalidateblock of the block `depth` below the tip and up; the server follows. */
  async function invalidate(depth: number): Promise<string> {
    const tip = await rpc<number>('getblockcount');
    const hash = await rpc<string>('getblockhash', [tip - depth + 1]);
    await rpc('invalidateblock', [hash]);
    await t.sync();
    await refreshMempool(node, t);
    return hash;
  }

  async function blockOf(txid: string): Promise<string | undefined> {
    const tx = await rpc<{ blockhash?: string }>('getrawtransaction', [txid, true]);
    return tx.blockhash;
  }

  async function inscriptionOwner(id: string): Promise<string | undefined> {
    const res = await api(t, 'GET', `/api/shared/inscriptions/details/${id}`);
    return res.status === 200 ? (res.body.payload as { address: string }).address : undefined;
  }

  async function claimsOf(id: string) {
    return t.db.kysely
      .selectFrom('claimed_transactions')
      .select(['kind', 'status', 'txids'])
      .where('ref', '=', id)
      .orderBy('id')
      .execute();
  }

  it('inscribes once when the block with its confirmed payment is reorged out and mined again', async () => {
    const { made } = await paidOrder('reorged, then mined again');
    await mineAndSync(node, t);
    const inscribing = await orderIn(made.id, 'inscribing');
    const commit = inscribing.files[0]?.tx?.commit ?? '';
    const reveal = inscribing.files[0]?.tx?.reveal ?? '';
    // The background pass that claimed it may still be broadcasting.
    await eventually(async () => expect(await inMempool(node, reveal)).toBe(true));

    // The payment's block is gone: payment, commit and reveal are all unconfirmed now.
    await invalidate(1);
    expect(await inMempool(node, inscribing.paymentTxid ?? '')).toBe(true);
    await watchInscribeOrders(t.deps, orderKinds);
    expect((await order(made.id)).state).toBe('inscribing');

    await mineAndSync(node, t);
    const done = await orderIn(made.id, 'completed');
    expect(done.files[0]).toMatchObject({ inscriptionId: `${reveal}i0` });
    expect(await blockOf(commit)).toBeDefined();
    expect(await inscriptionOwner(`${reveal}i0`)).toBe(made.receiveAddress);
    // One journal of the order's transactions: built once, mined as built.
    const claims = await claimsOf(made.id);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ kind: 'inscribe', txids: [commit, reveal] });
  }, 120_000);

  it('waits for a new payment when its confirmed payment is double spent in a reorg, then completes on it', async () => {
    const { made, built } = await paidOrder('double spent in a reorg');
    await mineAndSync(node, t);
    const inscribing = await orderIn(made.id, 'inscribing');
    const firstReveal = inscribing.files[0]?.tx?.reveal ?? '';

    await invalidate(1);
    const theft = await doubleSpendPayment(node, payer, built.psbt, 60);
    await mineAndSync(node, t);
    expect(await blockOf(theft)).toBeDefined();
    expect(await inMempool(node, firstReveal)).toBe(false);

    const back = await orderIn(made.id, 'waiting-payment');
    expect(back).toMatchObject({ paid: false, paymentTxid: null });
    expect(back.files[0]?.tx ?? null).toBeNull();
    expect(await claimsOf(made.id)).toMatchObject([{ kind: 'inscribe', status: 'released' }]);
    expect(await inscriptionOwner(`${firstReveal}i0`)).toBeUndefined();

    // Paid again (a plain send): inscribed anew, by a new commit and reveal.
    await node.faucet.fund(made.charge.address, BigInt(made.charge.amount));
    await mineAndSync(node, t);
    const again = await orderIn(made.id, 'inscribing');
    const reveal = again.files[0]?.tx?.reveal ?? '';
    expect(reveal).not.toBe(firstReveal);
    await mineAndSync(node, t);
    await orderIn(made.id, 'completed');
    expect(await inscriptionOwner(`${reveal}i0`)).toBe(made.receiveAddress);
    expect(await paidTo(node, reveal, made.receiveAddress)).toBe(546n);
  }, 120_000);

  it('reopens a completed order whose blocks are reorged out, and waits for a payment when its payer then double spends it', async () => {
    const { made, built } = await paidOrder('completed, then double spent');
    await mineAndSync(node, t);
    const inscribing = await orderIn(made.id, 'inscribing');
    const reveal = inscribing.files[0]?.tx?.reveal ?? '';
    await mineAndSync(node, t);
    await orderIn(made.id, 'completed');
    expect(await inscriptionOwner(`${reveal}i0`)).toBe(made.receiveAddress);

    // The payment's and the reveal's blocks are gone: completed no more, the journal open again.
    await invalidate(2);
    expect(await inMempool(node, reveal)).toBe(true);
    await orderIn(made.id, 'inscribing');
    expect(await claimsOf(made.id)).toMatchObject([{ kind: 'inscribe', status: 'sent' }]);

    await doubleSpendPayment(node, payer, built.psbt, 60);
    await mineAndSync(node, t);
    expect(await inMempool(node, reveal)).toBe(false);
    const back = await orderIn(made.id, 'waiting-payment');
    expect(back).toMatchObject({ paid: false, paymentTxid: null });
    expect(await claimsOf(made.id)).toMatchObject([{ kind: 'inscribe', status: 'released' }]);
    expect(await inscriptionOwner(`${reveal}i0`)).toBeUndefined();
  }, 120_000);

  it('is inscribing while a 6-deep reorg holds its blocks out, completed again after reconsiderblock, its one inscription in place', async () => {
    const { made } = await paidOrder('six deep');
    await mineAndSync(node, t);
    const inscribing = await orderIn(made.id, 'inscribing');
    const reveal = inscribing.files[0]?.tx?.reveal ?? '';
    await mineAndSync(node, t);
    await orderIn(made.id, 'completed');
    await mineAndSync(node, t, 4);

    const oldBlock = await invalidate(6);
    expect(await inMempool(node, reveal)).toBe(true);
    await orderIn(made.id, 'inscribing');

    await rpc('reconsiderblock', [oldBlock]);
    await t.sync();
    await orderIn(made.id, 'completed');
    expect(await blockOf(reveal)).toBeDefined();
    expect(await inscriptionOwner(`${reveal}i0`)).toBe(made.receiveAddress);
    expect(await claimsOf(made.id)).toHaveLength(1);
  }, 180_000);
});
