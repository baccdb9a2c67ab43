import { bytesToBase64, bytesToHex, parsePsbt, signBip322Simple } from '@om/bitcoin';
import { CreateOfferPayloadSchema, SubmitOfferPayloadSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackTrades } from '../src/features/listings/trade-tracker.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { send } from './helpers/regtest-inscribe.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inMempool,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  newWallet,
  paidTo,
  refreshMempool,
  sign,
  type Trader,
} from './helpers/trading.ts';

// ADR 007 "Trade" and "Safety" as users live it, through the API on Bitcoin Core 30: sellers list
// (SIGHASH_SINGLE|ANYONECANPAY), buyers take offers and sign, the server merges and broadcasts, a
// block is mined, the indexer sees the inscription move, and the tracker settles the trade.

const PRICE = 50_000n;
const FEE_BPS = 100;
const POSTAGE = 10_000n;
const FEE_RATE = 2;
const platform = newWallet('p2tr');

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('trading on %s', (kind) => {
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

  /** A seller with a confirmed inscription at their ordinals address and fee money. */
  async function seller(ordinals: 'p2tr' | 'p2wpkh' = 'p2tr') {
    const trader = await newTrader(t, { ordinals });
    const item = await inscribeTo(node, t, trader.ordinals.address);
    return { trader, item };
  }

  /** A buyer funded with `paddings` 600-sat coins and one big coin, confirmed. */
  async function buyer(paddings: number, payment: 'p2tr' | 'p2wpkh' = 'p2wpkh'): Promise<Trader> {
    const trader = await newTrader(t, { payment });
    for (let i = 0; i < paddings; i++) await node.faucet.fund(trader.payment.address, 600n);
    await node.faucet.fund(trader.payment.address, 500_000n);
    await mineAndSync(node, t);
    return trader;
  }

  async function createOffer(taker: Trader, ids: string[], legacy = false) {
    const prefix = legacy ? '/api/listings/legacy' : '/api/listings/protected';
    return api(
      t,
      'POST',
      `${prefix}/createOffer`,
      {
        ids,
        takerPaymentAddress: taker.payment.address,
        takerPaymentPublicKey: taker.payment.publicKey,
        takerOrdinalAddress: taker.ordinals.address,
        feeRate: FEE_RATE,
        satScan: false,
      },
      legacy ? undefined : taker.token,
    );
  }

  /** createOffer, sign every input the answer names, submitOffer. */
  async function buy(taker: Trader, ids: string[], legacy = false) {
    const offer = await createOffer(taker, ids, legacy);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    return submitSigned(taker, ids, offer.body.payload, legacy);
  }

  async function submitSigned(
    taker: Trader,
    ids: string[],
    payload: {
      psbt: string;
      inputsToSign: { index: number }[];
      setupPsbt: string | null;
      setupInputsToSign: { index: number }[];
    },
    legacy = false,
  ) {
    const indices = (list: { index: number }[]) => list.map((i) => i.index);
    const prefix = legacy ? '/api/listings/legacy' : '/api/listings/protected';
    return api(
      t,
      'PUT',
      `${prefix}/submitOffer`,
      {
        ids,
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
      legacy ? undefined : taker.token,
    );
  }

  /** The outpoints a PSBT spends. */
  function inputsOf(psbt: string): string[] {
    const tx = parsePsbt(psbt);
    return Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i)).map(
      (input) => `${bytesToHex(input.txid ?? new Uint8Array())}:${input.index}`,
    );
  }

  async function listing(id: string) {
    return t.db.kysely
      .selectFrom('orderbook')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function trades(orderId: string) {
    return t.db.kysely
      .selectFrom('trade_history')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
  }

  /**
   * What was sent to an address, oldest first (product.md#spec-gaps: the tracker notifies both
   * sides).
   */
  async function notes(address: string) {
    return t.db.kysely
      .selectFrom('notifications')
      .select(['type', 'title', 'body', 'retracted', 'payload'])
      .where('address', '=', address)
      .orderBy('timestamp')
      .execute();
  }

  async function ownerOf(inscriptionId: string): Promise<{ address: string; satpoint: string }> {
    const res = await api(t, 'GET', `/api/shared/inscriptions/details/${inscriptionId}`);
    return res.body.payload;
  }

  it('a P2TR seller lists, a buyer with padding buys, the block settles it', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    expect(await listing(listingId)).toMatchObject({ status: 'active', maker_fee: '500' });
    const taker = await buyer(3);

    const offer = await createOffer(taker, [listingId]);
    expect(offer.status).toBe(200);
    expect(() => CreateOfferPayloadSchema.parse(offer.body.payload)).not.toThrow();
    expect(offer.body.payload.setupPsbt).toBeNull();
    expect(offer.body.payload.quote).toMatchObject({ price: '50000', platformFee: '500' });
    // The seller's signature stays on the server: the buyer's PSBT has none.
    const sellerInput = parsePsbt(offer.body.payload.psbt).getInput(2);
    expect(
      sellerInput.tapKeySig ?? sellerInput.finalScriptWitness ?? sellerInput.partialSig,
    ).toBeUndefined();

    const submitted = await submitSigned(taker, [listingId], offer.body.payload);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(() => SubmitOfferPayloadSchema.parse(submitted.body.payload)).not.toThrow();
    const { txId } = submitted.body.payload;
    expect(await inMempool(node, txId)).toBe(true);
    expect(await listing(listingId)).toMatchObject({ status: 'broadcast', transaction_id: txId });
    expect(await trades(listingId)).toMatchObject([
      {
        trade_status: 'mempool',
        transaction_id: txId,
        maker_address: maker.ordinals.address,
        taker_address: taker.ordinals.address,
        thumbnail_url: `/content/${item.id}`,
      },
    ]);

    await mineAndSync(node, t);
    await eventually(async () => {
      expect(await trades(listingId)).toMatchObject([
        { trade_status: 'confirmed', finalized: true },
      ]);
    });
    expect(await ownerOf(item.id)).toMatchObject({
      address: taker.ordinals.address,
      satpoint: `${txId}:1:0`,
    });
    expect(await paidTo(node, txId, maker.payment.address)).toBe(PRICE - 500n + POSTAGE);
    expect(await paidTo(node, txId, platform.address)).toBe(500n);
    // Both sides hear of it once, however many tracker passes run.
    await trackTrades(t.deps);
    await trackTrades(t.deps);
    const [block] = await trades(listingId);
    const sold = {
      type: 'listing_sold',
      title: 'Your inscription sold',
      body: `Inscription ${item.id.slice(0, 8)}… sold for 0.00050000 BTC, confirmed in block ${block?.block_height}.`,
      retracted: false,
      payload: {
        inscriptionId: item.id,
        priceSats: '50000',
        txid: txId,
        link: `/inscriptions/${item.id}`,
      },
    };
    for (const address of [maker.ordinals.address, maker.payment.address]) {
      expect(await notes(address)).toEqual([sold]);
    }
    expect(await notes(taker.ordinals.address)).toEqual([
      {
        ...sold,
        type: 'purchase_confirmed',
        title: 'Your purchase is confirmed',
        body: `Inscription ${item.id.slice(0, 8)}… is yours for 0.00050000 BTC, confirmed in block ${block?.block_height}.`,
      },
    ]);
    // The quote's total left the payment wallet, but for the two new paddings it keeps.
    const coins = await api(t, 'GET', `/api/shared/address/${taker.payment.address}/utxos`);
    const left = (coins.body.payload.cardinal as { value: string }[]).reduce(
      (sum, c) => sum + BigInt(c.value),
      0n,
    );
    expect(3n * 600n + 500_000n - left).toBe(BigInt(offer.body.payload.quote.total) - 1_200n);
  });

  it('a P2WPKH seller sells to a buyer without padding through a chained setup', async () => {
    const { trader: maker, item } = await seller('p2wpkh');
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    const taker = await buyer(0);

    const offer = await createOffer(taker, [listingId], true);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    expect(offer.body.payload.setupPsbt).toEqual(expect.any(String));
    const submitted = await submitSigned(taker, [listingId], offer.body.payload, true);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const { txId, setupTxId } = submitted.body.payload;
    expect(await inMempool(node, setupTxId)).toBe(true);
    expect(await inMempool(node, txId)).toBe(true);

    await mineAndSync(node, t);
    await eventually(async () => {
      expect(await trades(listingId)).toMatchObject([{ trade_status: 'confirmed' }]);
    });
    expect(await ownerOf(item.id)).toMatchObject({ address: taker.ordinals.address });
    expect(await paidTo(node, txId, maker.payment.address)).toBe(PRICE - 500n + POSTAGE);
  });

  it('lists two inscriptions in one signature and sells both in one transaction', async () => {
    const maker = await newTrader(t);
    const first = await inscribeTo(node, t, maker.ordinals.address);
    const second = await inscribeTo(node, t, maker.ordinals.address);
    const ids = await listViaApi(t, maker, [
      { outpoint: first.outpoint, price: PRICE },
      { outpoint: second.outpoint, price: PRICE },
    ]);
    const taker = await buyer(3);

    const submitted = await buy(taker, ids);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const { txId } = submitted.body.payload;
    await mineAndSync(node, t);
    expect(await ownerOf(first.id)).toMatchObject({ satpoint: `${txId}:1:0` });
    expect(await ownerOf(second.id)).toMatchObject({ satpoint: `${txId}:2:0` });
    expect(await paidTo(node, txId, maker.payment.address)).toBe(2n * (PRICE - 500n + POSTAGE));
    expect(await paidTo(node, txId, platform.address)).toBe(1_000n);
    await eventually(async () => {
      for (const id of ids) {
        expect(await trades(id)).toMatchObject([{ trade_status: 'confirmed', finalized: true }]);
      }
    });
  });

  it('lets exactly one of two racing buyers have a listing', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    const takers = [await buyer(2), await buyer(2)];
    const offers = await Promise.all(takers.map((taker) => createOffer(taker, [listingId])));
    expect(offers.map((o) => o.status)).toEqual([200, 200]);

    const answers = await Promise.all(
      takers.map((taker, i) => submitSigned(taker, [listingId], offers[i]?.body.payload)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200);
    const loser = answers.find((a) => a.status === 409);
    expect(loser?.body.error).toBe(`Listing ${listingId} is no longer available`);
    expect(await inMempool(node, winner?.body.payload.txId)).toBe(true);
    expect(await trades(listingId)).toHaveLength(1);
    expect(await listing(listingId)).toMatchObject({
      status: 'broadcast',
      transaction_id: winner?.body.payload.txId,
    });
    await mineAndSync(node, t);
  });

  it('refuses an offer on coins a purchase of the same buyer spent since: the first is never replaced', async () => {
    const first = await seller();
    const second = await seller();
    const [firstId = ''] = await listViaApi(t, first.trader, [
      { outpoint: first.item.outpoint, price: PRICE },
    ]);
    const [secondId = ''] = await listViaApi(t, second.trader, [
      { outpoint: second.item.outpoint, price: PRICE },
    ]);
    const taker = await buyer(2);
    // Both offers are built before either is submitted: on the same coins. The second pays a
    // higher fee rate, so the node would take it as a replacement of the first (full RBF).
    const early = await createOffer(taker, [firstId]);
    const late = await api(
      t,
      'POST',
      '/api/listings/protected/createOffer',
      {
        ids: [secondId],
        takerPaymentAddress: taker.payment.address,
        takerPaymentPublicKey: taker.payment.publicKey,
        takerOrdinalAddress: taker.ordinals.address,
        feeRate: FEE_RATE * 5,
        satScan: false,
      },
      taker.token,
    );
    expect([early.status, late.status]).toEqual([200, 200]);
    const bought = await submitSigned(taker, [firstId], early.body.payload);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const firstInputs = new Set(
      inputsOf(early.body.payload.psbt).filter((o) => o !== first.item.outpoint),
    );

    const refused = await submitSigned(taker, [secondId], late.body.payload);
    expect(refused.status).toBe(409);
    const spent =
      /^signedPSBTBase64: ([0-9a-f]{64}:\d+) is already spent; create the offer again$/.exec(
        refused.body.error,
      );
    expect(spent, refused.body.error).not.toBeNull();
    expect(firstInputs.has(spent?.[1] ?? '')).toBe(true);
    expect(await inMempool(node, bought.body.payload.txId)).toBe(true);
    expect(await listing(firstId)).toMatchObject({ status: 'broadcast' });
    expect(await listing(secondId)).toMatchObject({ status: 'active', transaction_id: null });
    // An offer built now sees the first purchase's spends and goes through.
    const again = await buy(taker, [secondId]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await inMempool(node, bought.body.payload.txId)).toBe(true);
    await mineAndSync(node, t);
  });

  it('refuses a PSBT whose outputs differ from the ones built', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    const taker = await buyer(2);
    const offer = await createOffer(taker, [listingId]);
    const signed = parsePsbt(sign(offer.body.payload.psbt, taker.payment, [0, 1]));
    // The buyer's ordinals output (1) sent elsewhere.
    signed.updateOutput(1, { script: newWallet('p2tr').script }, true);
    const tampered = await api(
      t,
      'PUT',
      '/api/listings/protected/submitOffer',
      {
        ids: [listingId],
        signedPSBTBase64: bytesToBase64(signed.toPSBT()),
        takerPaymentAddress: taker.payment.address,
        takerOrdinalAddress: taker.ordinals.address,
      },
      taker.token,
    );
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toMatch(/^signedPSBTBase64/);
    expect(await listing(listingId)).toMatchObject({ status: 'active' });
  });

  it('delists on chain: the inscription goes back to the maker, the listing closes', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    await node.faucet.fund(maker.payment.address, 50_000n);
    await mineAndSync(node, t);

    const prepared = await api(
      t,
      'DELETE',
      '/api/listings/protected/delist/prepare',
      {
        makerPaymentAddress: maker.payment.address,
        makerPaymentPublicKey: maker.payment.publicKey,
        listingId,
        feeRate: FEE_RATE,
      },
      maker.token,
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const { psbt, inputsToSign } = prepared.body.payload;
    const byAddress = (address: string) =>
      inputsToSign
        .filter((i: { address: string }) => i.address === address)
        .map((i: { index: number }) => i.index);
    const signedByOrdinals = sign(psbt, maker.ordinals, byAddress(maker.ordinals.address));
    const signedPSBT = sign(signedByOrdinals, maker.payment, byAddress(maker.payment.address));
    const confirmed = await api(
      t,
      'PUT',
      '/api/listings/protected/delist/confirm',
      {
        listingId,
        signedPSBT,
        makerPaymentAddress: maker.payment.address,
      },
      maker.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const { txId } = confirmed.body.payload;
    expect(await listing(listingId)).toMatchObject({ status: 'canceled' });

    await mineAndSync(node, t);
    expect(await ownerOf(item.id)).toMatchObject({
      address: maker.ordinals.address,
      satpoint: `${txId}:0:0`,
    });
    const taker = await buyer(2);
    expect((await createOffer(taker, [listingId])).status).toBe(409);
  });

  it('delists off chain with a signed cancel message', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    // Signed by someone else's wallet: not the maker's.
    const stranger = newWallet('p2tr');
    const forged = await api(
      t,
      'DELETE',
      '/api/listings/protected/delistOffchain',
      {
        listingId,
        signedMessage: signBip322Simple(
          `cancel ${listingId}`,
          stranger.key,
          stranger.address,
          'regtest',
        ),
      },
      maker.token,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/^signedMessage/);

    const canceled = await api(
      t,
      'DELETE',
      '/api/listings/protected/delistOffchain',
      {
        listingId,
        signedMessage: signBip322Simple(
          `cancel ${listingId}`,
          maker.ordinals.key,
          maker.ordinals.address,
          'regtest',
        ),
      },
      maker.token,
    );
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await listing(listingId)).toMatchObject({ status: 'canceled' });
    const taker = await buyer(2);
    const offer = await createOffer(taker, [listingId]);
    expect(offer.status).toBe(409);
    expect(offer.body.error).toBe(`Listing ${listingId} is no longer available`);
  });

  it('relists at a new price; the buyer pays the new one', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    const before = await listing(listingId);
    const body = {
      makerPaymentAddress: maker.payment.address,
      makerPaymentPublicKey: maker.payment.publicKey,
      makerOrdinalPublicKey: maker.ordinals.publicKey,
      price: '80000',
      listingId,
    };
    const prepared = await api(t, 'POST', '/api/listings/protected/relist', body, maker.token);
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    expect(prepared.body.payload).toMatchObject({ listingId, confirmed: false });
    expect(await listing(listingId)).toMatchObject({ price: '50000' });

    const signedPsbt = sign(prepared.body.payload.psbt, maker.ordinals, [0]);
    const relisted = await api(
      t,
      'POST',
      '/api/listings/protected/relist',
      { ...body, signedPsbt },
      maker.token,
    );
    expect(relisted.status, JSON.stringify(relisted.body)).toBe(200);
    expect(relisted.body.payload.confirmed).toBe(true);
    const after = await listing(listingId);
    expect(after).toMatchObject({ status: 'active', price: '80000', maker_fee: '800' });
    expect(after.signed_psbt).not.toBe(before.signed_psbt);

    const submitted = await buy(await buyer(2), [listingId]);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(await paidTo(node, submitted.body.payload.txId, maker.payment.address)).toBe(
      80_000n - 800n + POSTAGE,
    );
    await mineAndSync(node, t);
  });

  it('closes a listing at once when its owner moves the inscription (mempool)', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    const [txid = '', vout = '0'] = item.outpoint.split(':');
    await send(
      node,
      maker.ordinals,
      { txid, vout: Number(vout), value: POSTAGE },
      newWallet('p2tr').address,
    );
    await refreshMempool(node, t);
    await eventually(async () => {
      expect(await listing(listingId)).toMatchObject({
        status: 'canceled',
        closed_at: expect.any(Date),
      });
    });
    await mineAndSync(node, t);
  });

  it('marks a purchase sniped when the listed output is spent by a higher-fee replacement', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    const taker = await buyer(2);
    const submitted = await buy(taker, [listingId]);
    expect(submitted.status).toBe(200);
    await refreshMempool(node, t);

    // The seller double-spends the listed output paying 5,000 sats: full RBF (Core 28+) replaces
    // the purchase, which paid about 1,000.
    const [txid = '', vout = '0'] = item.outpoint.split(':');
    const sniper = await send(
      node,
      maker.ordinals,
      { txid, vout: Number(vout), value: POSTAGE },
      maker.ordinals.address,
      5_000n,
    );
    expect(await inMempool(node, submitted.body.payload.txId)).toBe(false);
    const entry = await node.node.rpc.call<{ vsize: number }>('getmempoolentry', [sniper]);
    await refreshMempool(node, t);
    await eventually(async () => {
      expect(await trades(listingId)).toMatchObject([
        { trade_status: 'sniped', finalized: false, sniper_transaction_id: sniper },
      ]);
    });
    const [trade] = await trades(listingId);
    expect(Number(trade?.sniper_fee_rate)).toBeCloseTo(5_000 / entry.vsize, 2);
    expect(await listing(listingId)).toMatchObject({ closed_at: expect.any(Date) });

    await mineAndSync(node, t);
    await eventually(async () => {
      expect(await trades(listingId)).toMatchObject([{ trade_status: 'sniped', finalized: true }]);
    });
    // The buyer hears it once the sniper is mined (a mempool snipe may still turn); the seller,
    // whose own transaction it was, hears of no sale.
    await trackTrades(t.deps);
    expect(await notes(taker.ordinals.address)).toMatchObject([
      {
        type: 'purchase_sniped',
        title: 'Your purchase was sniped',
        body: `Another transaction took Inscription ${item.id.slice(0, 8)}… first and is confirmed; yours cannot confirm, so none of your coins were spent.`,
        payload: { sniperTxid: sniper },
      },
    ]);
    expect(await notes(maker.payment.address)).toEqual([]);
  });

  it('puts a confirmed trade back in the mempool when a reorg removes its block', async () => {
    const { trader: maker, item } = await seller();
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    const submitted = await buy(await buyer(2), [listingId]);
    expect(submitted.status).toBe(200);
    await mineAndSync(node, t);
    await eventually(async () => {
      expect(await trades(listingId)).toMatchObject([{ trade_status: 'confirmed' }]);
    });
    await eventually(async () => {
      expect(await notes(maker.payment.address)).toMatchObject([{ retracted: false }]);
    });

    // An empty block replaces the one with the purchase, which goes back to the mempool.
    await node.node.rpc.invalidateBlock(await node.node.rpc.getBestBlockHash());
    await node.node.rpc.call('generateblock', [platform.address, []]);
    await t.sync();
    await eventually(async () => {
      expect(await trades(listingId)).toMatchObject([
        { trade_status: 'mempool', finalized: false, block_height: null },
      ]);
    });
    // The sale it announced is undone: the notification stays, retracted and unread again.
    expect(await notes(maker.payment.address)).toMatchObject([
      { type: 'listing_sold', retracted: true },
    ]);
    await mineAndSync(node, t);
    await eventually(async () => {
      expect(await trades(listingId)).toMatchObject([
        { trade_status: 'confirmed', finalized: true },
      ]);
    });
    // Mined again: the same notification holds again, not a second one.
    await trackTrades(t.deps);
    expect(await notes(maker.payment.address)).toMatchObject([
      { type: 'listing_sold', retracted: false },
    ]);
  });

  it('charges no platform fee in a zero-fee collection, and less with a discount', async () => {
    const [zeroFee, discounted] = await Promise.all(
      [
        { slug: `zero-${kind}`, is_zero_fee: true },
        { slug: `discounted-${kind}`, is_zero_fee: false },
      ].map((c) =>
        t.db.kysely
          .insertInto('collections')
          .values({ ...c, name: c.slug, is_tradable: true, extra_metadata: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    const maker = await newTrader(t);
    const items = [
      await inscribeTo(node, t, maker.ordinals.address),
      await inscribeTo(node, t, maker.ordinals.address),
      await inscribeTo(node, t, maker.ordinals.address),
    ];
    await t.db.kysely
      .insertInto('inscriptions')
      .values([
        { inscription_id: items[0]!.id, collection_id: zeroFee!.id },
        { inscription_id: items[1]!.id, collection_id: discounted!.id },
      ])
      .execute();
    await t.db.kysely
      .insertInto('fee_discounts')
      .values([
        {
          type: 'fixed',
          discount: 400,
          parameter: `collection:discounted-${kind}`,
          reason: 'launch',
        },
        {
          type: 'percentage',
          discount: 50,
          parameter: maker.ordinals.address,
          reason: 'loyal seller',
        },
      ])
      .execute();

    const ids = await listViaApi(
      t,
      maker,
      items.map((i) => ({ outpoint: i.outpoint, price: PRICE })),
    );
    const fees = await Promise.all(ids.map(async (id) => (await listing(id)).maker_fee));
    // 1% of 50,000 is 500: none in the zero-fee collection, the best discount off the others.
    expect(fees).toEqual(['0', '100', '250']);

    const zeroFeeOffer = await createOffer(await buyer(2), [ids[0]!]);
    expect(zeroFeeOffer.body.payload.quote.platformFee).toBe('0');
    const taker = await buyer(2);
    const submitted = await submitSigned(
      taker,
      [ids[0]!],
      (await createOffer(taker, [ids[0]!])).body.payload,
    );
    expect(submitted.status).toBe(200);
    expect(await paidTo(node, submitted.body.payload.txId, platform.address)).toBe(0n);
    expect(await paidTo(node, submitted.body.payload.txId, maker.payment.address)).toBe(
      PRICE + POSTAGE,
    );

    const both = await buy(await buyer(3), [ids[1]!, ids[2]!]);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(await paidTo(node, both.body.payload.txId, platform.address)).toBe(350n);
    await mineAndSync(node, t);
  });
});
