import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  inMempool,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  newWallet,
  paidTo,
  sign,
  type Trader,
} from './helpers/trading.ts';

// product.md#trust-findings: many buyers racing for one listing on Bitcoin Core (own keys, own
// coins, some with a padding setup package, different fee rates so some replace the others in the
// mempool): one wins, every other one is told the listing is gone, never that their transaction is
// bad. And a platform fee below dust is left out of the purchase, which the node then accepts.

const FEE_BPS = 100;
const POSTAGE = 10_000n;
const NODE_DELAY_MS = 1_500;
const platform = newWallet('p2tr');

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('purchase races on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      PLATFORM_FEE_ADDRESS: platform.address,
      PLATFORM_FEE_BPS: String(FEE_BPS),
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Buyers each funded with `paddings` 600-sat coins and one big coin, confirmed in one block. */
  async function buyers(paddings: readonly number[]): Promise<Trader[]> {
    const traders: Trader[] = [];
    for (const count of paddings) {
      const trader = await newTrader(t);
      for (let i = 0; i < count; i++) await node.faucet.fund(trader.payment.address, 600n);
      await node.faucet.fund(trader.payment.address, 500_000n);
      traders.push(trader);
    }
    await mineAndSync(node, t);
    return traders;
  }

  function createOffer(taker: Trader, id: string, feeRate: number) {
    return api(
      t,
      'POST',
      '/api/listings/protected/createOffer',
      {
        ids: [id],
        takerPaymentAddress: taker.payment.address,
        takerPaymentPublicKey: taker.payment.publicKey,
        takerOrdinalAddress: taker.ordinals.address,
        feeRate,
        satScan: false,
      },
      taker.token,
    );
  }

  function submit(
    taker: Trader,
    id: string,
    payload: {
      psbt: string;
      inputsToSign: { index: number }[];
      setupPsbt: string | null;
      setupInputsToSign: { index: number }[];
    },
  ) {
    const indices = (list: { index: number }[]) => list.map((i) => i.index);
    return api(
      t,
      'PUT',
      '/api/listings/protected/submitOffer',
      {
        ids: [id],
        signedPSBTBase64: sign(payload.psbt, taker.payment, indices(payload.inputsToSign)),
        ...(payload.setupPsbt
          ? {
              signedSetupPSBTBase64: sign(
                payload.setupPsbt,
                taker.payment,
                indices(payload.setupInputsToSign),
              ),
            }
          : {}),
        takerPaymentAddress: taker.payment.address,
        takerOrdinalAddress: taker.ordinals.address,
      },
      taker.token,
    );
  }

  async function listing(id: string) {
    return t.db.kysely
      .selectFrom('orderbook')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('answers every loser of a many-buyer race 409, never a rejected transaction', async () => {
    const maker = await newTrader(t);
    const item = await inscribeTo(node, t, maker.ordinals.address);
    const [id = ''] = await listViaApi(t, maker, [{ outpoint: item.outpoint, price: 50_000n }]);
    // Half pay with paddings of their own, half need a setup package first.
    const takers = await buyers([2, 0, 2, 0, 2, 0, 2, 0]);
    const offers = await Promise.all(takers.map((taker, i) => createOffer(taker, id, 2 + i)));
    expect(offers.map((o) => o.status)).toEqual(takers.map(() => 200));
    expect(offers.filter((o) => o.body.payload.setupPsbt !== null)).toHaveLength(4);

    // All pass the spent check at once; the node then answers testmempoolaccept late to all but
    // the first, as a busy node would, so the others ask it after the winner's broadcast: a
    // conflict, a refused replacement (a package's child among them), or, paying more, a
    // replacement it would take and a claim already lost.
    const rpc = node.node.rpc;
    const call = rpc.call.bind(rpc);
    let asked = 0;
    rpc.call = async <T>(method: string, params: unknown[] = []): Promise<T> => {
      if (method === 'testmempoolaccept' && asked++ > 0) {
        await new Promise((resolve) => setTimeout(resolve, NODE_DELAY_MS));
      }
      return call<T>(method, params);
    };
    const answers = await Promise.all(
      takers.map((taker, i) => submit(taker, id, offers[i]?.body.payload)),
    ).finally(() => {
      rpc.call = call;
    });
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(answers),
    ).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.error).toBe(`Listing ${id} is no longer available`);
    }
    const winner = answers.find((a) => a.status === 200)?.body.payload.txId as string;
    expect(await inMempool(node, winner)).toBe(true);
    expect(await listing(id)).toMatchObject({ status: 'broadcast', transaction_id: winner });

    // Buyers who come later (the funding block mined the winner) are refused at the offer.
    const late = await buyers([2, 0]);
    const lateOffers = await Promise.all(late.map((taker) => createOffer(taker, id, 50)));
    for (const offer of lateOffers) {
      expect(offer.status).toBe(409);
      expect(offer.body.error).toBe(`Listing ${id} is no longer available`);
    }
    await mineAndSync(node, t);
  });

  it('leaves a platform fee below dust out, and the node accepts the purchase', async () => {
    const maker = await newTrader(t);
    const item = await inscribeTo(node, t, maker.ordinals.address);
    // 1% of 10,000 sats is 100 sats, below the 330-sat dust limit of the platform's taproot output.
    const [id = ''] = await listViaApi(t, maker, [{ outpoint: item.outpoint, price: 10_000n }]);
    expect((await listing(id)).maker_fee).toBe('100');
    const [taker] = await buyers([2]);
    if (!taker) throw new Error('no buyer');
    const offer = await createOffer(taker, id, 2);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    expect(offer.body.payload.quote.platformFee).toBe('0');
    const bought = await submit(taker, id, offer.body.payload);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const txid = bought.body.payload.txId as string;
    expect(await inMempool(node, txid)).toBe(true);
    expect(await paidTo(node, txid, maker.payment.address)).toBe(10_000n - 100n + POSTAGE);
    expect(await paidTo(node, txid, platform.address)).toBe(0n);
    await mineAndSync(node, t);
    expect((await node.node.rpc.getRawTransactionVerbose(txid)).confirmations).toBe(1);
  });

  it('charges a fee at the dust limit and above, paid to the platform', async () => {
    const maker = await newTrader(t);
    const item = await inscribeTo(node, t, maker.ordinals.address);
    // 1% of 33,000 sats: 330 sats, exactly the taproot dust limit, is an output the node relays.
    const [id = ''] = await listViaApi(t, maker, [{ outpoint: item.outpoint, price: 33_000n }]);
    const [taker] = await buyers([2]);
    if (!taker) throw new Error('no buyer');
    const offer = await createOffer(taker, id, 2);
    expect(offer.body.payload.quote.platformFee).toBe('330');
    const bought = await submit(taker, id, offer.body.payload);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const txid = bought.body.payload.txId as string;
    expect(await paidTo(node, txid, maker.payment.address)).toBe(33_000n - 330n + POSTAGE);
    expect(await paidTo(node, txid, platform.address)).toBe(330n);
    await mineAndSync(node, t);
    expect((await node.node.rpc.getRawTransactionVerbose(txid)).confirmations).toBe(1);
  });
});
