import { sql } from 'kysely';
import {
  InscribeOrderSchema,
  INSCRIPTION_SERVICE_PATH,
  PaymentPsbtSchema,
  PriceSchema,
  satsToBtc,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { btcToSats } from '../src/chain/rpc.ts';
import { watchInscribeOrders } from '../src/features/inscription-service/inscribe-orders.worker.ts';
import { orderKinds } from '../src/inscribe-order-kinds.ts';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { readAddressBalances } from '../src/features/brc20/brc20.queries.ts';
import { platformFeeAddress } from '../src/trading/platform-fee.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  doubleSpendPayment,
  eventually,
  mineAndSync,
  newWallet,
  paidTo,
  refreshMempool,
  sign,
  type Wallet,
} from './helpers/trading.ts';

// ADR 016, our inscription service on Bitcoin Core 30 (ADR 016): a text order priced, paid with
// the PSBT the service builds (signed with a test key), mined: completed, each file its own
// reveal's inscription i0 at the receiver with the exact content, the price equal to the fees the
// transactions paid. Then an underpayment and a payment after expiry refunded, and a refusal per
// bad input, each in OrdinalsBot's `{ status: 'error', error }`.

const BASE = INSCRIPTION_SERVICE_PATH;
const FEE = 3;
const texts = [
  'hello from the service',
  'second file',
  '{"p":"brc-20","op":"mint","tick":"none","amt":"1"}',
];
const files = texts.map((text, i) => ({
  name: `file-${i}.txt`,
  type: 'text/plain;charset=utf-8',
  dataURL: `data:text/plain;charset=utf-8;base64,${Buffer.from(text).toString('base64')}`,
}));

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('the inscription service on %s', (kind) => {
  let t: TestApp;
  let payer: Wallet;
  const receiver = newWallet('p2tr');
  beforeAll(async () => {
    // Orders of more than one file pay the service fee: 3000 + (n − 1) × 150.
    t = await startTestApp(kind, node, {
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      INSCRIBE_FREE_COUNT: '1',
    });
    payer = newWallet('p2wpkh');
    for (let i = 0; i < 2; i++) await node.faucet.fund(payer.address, 300_000n);
    await mineAndSync(node, t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const order = async (id: string) => {
    const res = await api(t, 'GET', `${BASE}/order?id=${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return InscribeOrderSchema.parse(res.body);
  };
  /** The order once in `state`: the worker runs on the block event too, maybe still busy. */
  const orderIn = async (id: string, state: string) => {
    let found = await order(id);
    await eventually(async () => {
      await watchInscribeOrders(t.deps, orderKinds);
      found = await order(id);
      expect(found.state).toBe(state);
    });
    return found;
  };
  /** One worker pass after the block is indexed, as the block event would start it. */
  const mineAndWatch = async () => {
    await mineAndSync(node, t);
    // The server's follower indexes BRC-20 after each block the same way.
    await indexBrc20(t.db, 'regtest');
    await watchInscribeOrders(t.deps, orderKinds);
  };
  const feeOf = async (txid: string) => {
    type Tx = { vin: { txid: string; vout: number }[]; vout: { value: number }[] };
    const raw = (id: string) => node.node.rpc.call<Tx>('getrawtransaction', [id, 1]);
    const tx = await raw(txid);
    let fee = -tx.vout.reduce((s, o) => s + btcToSats(o.value), 0n);
    for (const input of tx.vin) {
      fee += btcToSats((await raw(input.txid)).vout[input.vout]?.value ?? NaN);
    }
    return fee;
  };
  /**
   * What was sent to an address (product.md#spec-gaps): the worker tells the buyer of the order's
   * end.
   */
  const notes = (address: string) =>
    t.db.kysely
      .selectFrom('notifications')
      .select(['type', 'title', 'body', 'payload'])
      .where('address', '=', address)
      .orderBy('timestamp')
      .execute();
  const setExpired = (id: string) =>
    sql`update inscribe_orders set expires_at = now() - interval '1 second' where id = ${id}`.execute(
      t.db.kysely,
    );

  it('prices, takes the payment PSBT, inscribes each file in its own reveal, and completes', async () => {
    const request = { files, receiveAddress: receiver.address, fee: FEE };
    const priced = await api(t, 'POST', `${BASE}/price`, request);
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const price = PriceSchema.parse(priced.body);
    expect(price).toMatchObject({
      count: 3,
      postage: '1638',
      serviceFee: '3300',
      baseFee: '0',
      feeRate: FEE,
    });
    expect(BigInt(price.amount)).toBe(BigInt(price.chainFee) + 1638n + 3300n);
    expect(BigInt(price.chainFee)).toBe(BigInt((price.commitVsize + price.revealVsize) * FEE));

    const created = await api(t, 'POST', `${BASE}/inscribe`, request);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const made = InscribeOrderSchema.parse(created.body);
    expect(made).toMatchObject({ state: 'waiting-payment', orderType: 'direct', paid: false });
    expect(made.charge.amount).toBe(price.amount);
    expect(made.charge.address).toMatch(/^bcrt1p/);

    const built = await api(t, 'POST', `${BASE}/payment-psbt`, {
      id: made.id,
      paymentAddress: payer.address,
      paymentPublicKey: payer.publicKey,
      feeRate: 2,
    });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const psbt = PaymentPsbtSchema.parse(built.body);
    expect(psbt).toMatchObject({ amount: price.amount, chargeAddress: made.charge.address });
    const paid = await api(t, 'POST', `${BASE}/pay`, {
      id: made.id,
      signedPsbt: sign(psbt.psbt, payer, psbt.inputsToSign),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const seen = InscribeOrderSchema.parse(paid.body);
    expect(seen).toMatchObject({ state: 'payment-seen', paid: true });
    expect(await paidTo(node, seen.paymentTxid ?? '', made.charge.address)).toBe(
      BigInt(price.amount),
    );
    // Paying twice is refused: the order takes no more payments.
    const again = await api(t, 'POST', `${BASE}/pay`, { id: made.id, signedPsbt: 'x' });
    expect(again).toEqual({
      status: 409,
      body: { status: 'error', error: `Order ${made.id} is payment-seen: it takes no payment` },
    });

    await mineAndWatch();
    const inscribing = await orderIn(made.id, 'inscribing');
    const commitTxid = inscribing.files[0]?.tx?.commit ?? '';
    const reveals = inscribing.files.map((f) => f.tx?.reveal ?? '');
    expect(new Set(reveals).size).toBe(3);
    expect(await paidTo(node, commitTxid, platformFeeAddress(t.deps.env) ?? '')).toBe(3300n);
    const fees = [await feeOf(commitTxid), ...(await Promise.all(reveals.map(feeOf)))];
    expect(fees.reduce((s, f) => s + f, 0n)).toBe(BigInt(price.chainFee));

    await mineAndWatch();
    const done = await orderIn(made.id, 'completed');
    for (const [i, file] of done.files.entries()) {
      expect(file.inscriptionId).toBe(`${reveals[i]}i0`);
      const details = await api(t, 'GET', `/api/shared/inscriptions/details/${file.inscriptionId}`);
      expect(details.body.payload).toMatchObject({ address: receiver.address });
      expect(await paidTo(node, reveals[i] ?? '', receiver.address)).toBe(546n);
      const content = await t.app.inject({ method: 'GET', url: `/content/${file.inscriptionId}` });
      expect(content.body).toBe(texts[i]);
    }
    // Its receiver hears it once, however many worker passes follow.
    await watchInscribeOrders(t.deps, orderKinds);
    await watchInscribeOrders(t.deps, orderKinds);
    expect(await notes(receiver.address)).toEqual([
      {
        type: 'inscribe_completed',
        title: 'Your inscriptions are inscribed',
        body: 'Every file of your order is inscribed to your address and confirmed.',
        payload: { orderId: made.id },
      },
    ]);
  });

  it('refunds an underpayment to the refund address, less the refund fee', async () => {
    const refundTo = newWallet('p2wpkh');
    const created = await api(t, 'POST', `${BASE}/inscribe`, {
      files,
      receiveAddress: receiver.address,
      fee: FEE,
      refundAddress: refundTo.address,
    });
    const made = InscribeOrderSchema.parse(created.body);
    const short = BigInt(made.charge.amount) - 1_000n;
    await node.faucet.fund(made.charge.address, short);
    await mineAndWatch();
    const refunding = await orderIn(made.id, 'refunding');
    expect(refunding).toMatchObject({ state: 'refunding', underpaid: true, paid: false });
    const refund = refunding.refund;
    expect(refund).not.toBeNull();
    await mineAndWatch();
    await orderIn(made.id, 'refunded');
    const fee = await feeOf(refund?.txid ?? '');
    expect(await paidTo(node, refund?.txid ?? '', refundTo.address)).toBe(short - fee);
    expect(refund?.amount).toBe((short - fee).toString());
    await watchInscribeOrders(t.deps, orderKinds);
    expect(await notes(refundTo.address)).toEqual([
      {
        type: 'order_refunded',
        title: 'Your order was refunded',
        body: `${satsToBtc(short - fee)} BTC went back to you: it was underpaid.`,
        payload: { orderId: made.id, txid: refund?.txid, amountSats: (short - fee).toString() },
      },
    ]);
  });

  it('ends an order paid too little to refund in error, naming why', async () => {
    const created = await api(t, 'POST', `${BASE}/inscribe`, {
      files,
      receiveAddress: receiver.address,
      fee: FEE,
      refundAddress: newWallet('p2wpkh').address,
    });
    const made = InscribeOrderSchema.parse(created.body);
    await node.faucet.fund(made.charge.address, 500n);
    await mineAndWatch();
    const failed = await orderIn(made.id, 'error');
    expect(failed).toMatchObject({ underpaid: true, refund: null });
    expect(failed.error).toMatch(
      /^Too little to refund: 500 sats do not pay a refund's fee of \d+$/,
    );
  });

  it('expires an unpaid order and refunds a payment that comes after', async () => {
    const refundTo = newWallet('p2tr');
    const created = await api(t, 'POST', `${BASE}/inscribe`, {
      files: files.slice(0, 1),
      receiveAddress: receiver.address,
      fee: FEE,
      refundAddress: refundTo.address,
    });
    const made = InscribeOrderSchema.parse(created.body);
    await setExpired(made.id);
    expect(await orderIn(made.id, 'expired')).toMatchObject({ expired: true });
    const psbt = await api(t, 'POST', `${BASE}/payment-psbt`, {
      id: made.id,
      paymentAddress: payer.address,
      paymentPublicKey: payer.publicKey,
      feeRate: 2,
    });
    expect(psbt.body).toEqual({
      status: 'error',
      error: `Order ${made.id} is expired: it takes no payment`,
    });

    await node.faucet.fund(made.charge.address, BigInt(made.charge.amount));
    await mineAndWatch();
    await orderIn(made.id, 'refunding');
    await mineAndWatch();
    const refunded = await orderIn(made.id, 'refunded');
    expect(refunded).toMatchObject({ expired: true, underpaid: false });
    const txid = refunded.refund?.txid ?? '';
    expect(await paidTo(node, txid, refundTo.address)).toBe(
      BigInt(made.charge.amount) - (await feeOf(txid)),
    );
  });

  it('mints BRC-20 through the service: checked against the index, each mint valid or clipped by its events', async () => {
    // Every database indexes the same chain: a tick of its own.
    const tick = kind === 'pglite' ? 'SvPl' : 'SvPg';
    const deploy = JSON.stringify({ p: 'brc-20', op: 'deploy', tick, max: '2500', lim: '1000' });
    await inscribe(node, newWallet('p2tr').address, [
      { contentType: 'text/plain;charset=utf-8', body: deploy },
    ]);
    await mineAndWatch();
    const minter = newWallet('p2tr');
    const mintOrder = (amt: string, count: number) =>
      api(t, 'POST', `${BASE}/inscribe`, {
        brc20: { tick: tick.toLowerCase(), amt, count },
        receiveAddress: minter.address,
        fee: FEE,
      });
    expect((await mintOrder('1000', 3)).body).toEqual({
      status: 'error',
      error: `Not enough ${tick} left to mint 3 × 1000`,
    });
    expect((await mintOrder('1001', 1)).body).toEqual({
      status: 'error',
      error: `brc20.amt: 1001 is above ${tick}'s limit per mint`,
    });
    // Two orders the index accepts alike before either is mined: the second one is clipped.
    const first = InscribeOrderSchema.parse((await mintOrder('1000', 2)).body);
    const second = InscribeOrderSchema.parse((await mintOrder('1000', 1)).body);
    expect(first).toMatchObject({ orderType: 'brc20', brc20: { tick, amt: '1000', count: 2 } });
    expect(BigInt(first.postage)).toBe(2n * 546n);
    expect(first.files.map((f) => f.type)).toEqual([
      'text/plain;charset=utf-8',
      'text/plain;charset=utf-8',
    ]);

    const complete = async (made: typeof first) => {
      await node.faucet.fund(made.charge.address, BigInt(made.charge.amount));
      await mineAndWatch();
      await orderIn(made.id, 'inscribing');
      await mineAndWatch();
      return orderIn(made.id, 'completed');
    };
    const full = 1000n * 10n ** 18n;
    const done = await complete(first);
    for (const file of done.files) {
      expect(file.brc20).toEqual({ status: 'valid', amount: '1000.000000000000000000' });
      const content = await t.app.inject({ method: 'GET', url: `/content/${file.inscriptionId}` });
      expect(content.body).toBe(`{"p":"brc-20","op":"mint","tick":"${tick}","amt":"1000"}`);
    }
    expect(await notes(minter.address)).toEqual([
      {
        type: 'brc20_mint_completed',
        title: 'Your BRC-20 mint is inscribed',
        body: `Your 2 mints of 1000 ${tick} are inscribed to your address and confirmed.`,
        payload: { orderId: first.id, link: `/brc20/${tick}` },
      },
    ]);
    const clipped = await complete(second);
    expect(clipped.files[0]?.brc20).toEqual({
      status: 'clipped',
      amount: '500.000000000000000000',
    });
    const [balance] = await readAddressBalances(t.db, minter.address);
    expect(balance?.overall).toBe(2n * full + full / 2n);
    expect((await mintOrder('1', 1)).body).toEqual({
      status: 'error',
      error: `${tick} is fully minted`,
    });
  });

  it('takes a payment replaced in the mempool back to waiting-payment, then inscribes the next one', async () => {
    const made = InscribeOrderSchema.parse(
      (
        await api(t, 'POST', `${BASE}/inscribe`, {
          files: files.slice(0, 1),
          receiveAddress: receiver.address,
          fee: FEE,
        })
      ).body,
    );
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
    // The payer spends the same coins elsewhere at a higher fee (full RBF): the payment is gone.
    await doubleSpendPayment(node, payer, built.psbt);
    await refreshMempool(node, t);
    const back = await orderIn(made.id, 'waiting-payment');
    expect(back).toMatchObject({ paid: false, paymentTxid: null });

    await node.faucet.fund(made.charge.address, BigInt(made.charge.amount));
    await mineAndWatch();
    await orderIn(made.id, 'inscribing');
    await mineAndWatch();
    await orderIn(made.id, 'completed');
  });

  it.each([
    [
      'neither files nor a mint',
      { receiveAddress: 'R', fee: 2 },
      400,
      'body: Send either files or a brc20 mint',
    ],
    [
      'a receive address of another network',
      { files, receiveAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', fee: 2 },
      400,
      'receiveAddress: not a valid regtest address',
    ],
    [
      'a fee rate of 0',
      { files, receiveAddress: 'R', fee: 0 },
      400,
      'fee must be at least 1 sat/vB',
    ],
    [
      'a fee rate over the maximum',
      { files, receiveAddress: 'R', fee: 600 },
      400,
      'fee: at most 500 sat/vB',
    ],
    [
      'a file that is no data URL',
      { files: [{ ...files[0], dataURL: 'hello' }], receiveAddress: 'R', fee: 2 },
      400,
      'files.0.dataURL: not a data URL',
    ],
    [
      'an empty file',
      { files: [{ ...files[0], dataURL: 'data:text/plain;base64,' }], receiveAddress: 'R', fee: 2 },
      400,
      'files.0.dataURL: the file is empty',
    ],
    [
      'a mint of a tick not deployed',
      { brc20: { tick: 'zzzz', amt: '1', count: 1 }, receiveAddress: 'R', fee: 2 },
      400,
      'brc20.tick: zzzz is not deployed',
    ],
    [
      'a mint amount as a number',
      { brc20: { tick: 'zzzz', amt: 1, count: 1 }, receiveAddress: 'R', fee: 2 },
      400,
      'brc20.amt: Invalid input: expected string, received number',
    ],
    [
      'too many mints',
      { brc20: { tick: 'zzzz', amt: '1', count: 1001 }, receiveAddress: 'R', fee: 2 },
      400,
      'count must be at most 1000',
    ],
  ])('refuses %s', async (_, body, status, error) => {
    const request = {
      ...body,
      receiveAddress: body.receiveAddress === 'R' ? receiver.address : body.receiveAddress,
    };
    for (const path of ['/inscribe', '/price']) {
      const res = await api(t, 'POST', `${BASE}${path}`, request);
      expect(res).toEqual({ status, body: { status: 'error', error } });
    }
  });

  it('refuses an unknown order, a payment PSBT from a wallet that is not the key, a payment of another amount', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await api(t, 'GET', `${BASE}/order?id=${unknown}`)).toEqual({
      status: 404,
      body: { status: 'error', error: `Order ${unknown} not found` },
    });
    const made = InscribeOrderSchema.parse(
      (
        await api(t, 'POST', `${BASE}/inscribe`, {
          files: files.slice(0, 1),
          receiveAddress: receiver.address,
          fee: FEE,
        })
      ).body,
    );
    const other = newWallet('p2wpkh');
    const wrongKey = await api(t, 'POST', `${BASE}/payment-psbt`, {
      id: made.id,
      paymentAddress: payer.address,
      paymentPublicKey: other.publicKey,
      feeRate: 2,
    });
    expect(wrongKey.body).toEqual({
      status: 'error',
      error: 'paymentPublicKey: does not belong to paymentAddress',
    });
    // A PSBT built for another order pays another amount to another address.
    const otherOrder = InscribeOrderSchema.parse(
      (
        await api(t, 'POST', `${BASE}/inscribe`, {
          files,
          receiveAddress: receiver.address,
          fee: FEE,
        })
      ).body,
    );
    const built = PaymentPsbtSchema.parse(
      (
        await api(t, 'POST', `${BASE}/payment-psbt`, {
          id: otherOrder.id,
          paymentAddress: payer.address,
          paymentPublicKey: payer.publicKey,
          feeRate: 2,
        })
      ).body,
    );
    const wrongPayment = await api(t, 'POST', `${BASE}/pay`, {
      id: made.id,
      signedPsbt: sign(built.psbt, payer, built.inputsToSign),
    });
    expect(wrongPayment).toEqual({
      status: 400,
      body: {
        status: 'error',
        error: `signedPsbt: The payment does not pay ${made.charge.amount} sats to the charge address`,
      },
    });
    expect((await order(made.id)).state).toBe('waiting-payment');
  });
});
