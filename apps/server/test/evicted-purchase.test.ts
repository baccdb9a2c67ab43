import { buildPaymentPsbt, finalizeSignedPsbt, signPsbtWithKey } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeClaims } from '../src/claims/claimed-transactions.worker.ts';
import { btcToSats } from '../src/chain/rpc.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  buyViaApi,
  inMempool,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  newWallet,
  refreshMempool,
  sign,
  type Trader,
} from './helpers/trading.ts';

// product.md#trust-findings finding 2: a buyer replaces their own broadcast purchase (full RBF,
// Bitcoin Core 30's default) by spending its payment input again at a higher fee. The purchase is
// gone with the listed output unspent, and the seller's 0x83 signature went out with it: the trade
// is canceled, the listing 'exposed' (off sale through the API, never silently reopened), and the
// seller can delist on chain, which ends it.

const PRICE = 50_000n;
const platform = newWallet('p2tr');

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('an evicted purchase on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      PLATFORM_FEE_ADDRESS: platform.address,
      PLATFORM_FEE_BPS: '100',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A confirmed coin of `sats` at the trader's payment address; answers its outpoint. */
  async function coinOf(trader: Trader, sats: bigint) {
    const txid = await node.faucet.fund(trader.payment.address, sats);
    const tx = await node.node.rpc.getRawTransactionVerbose(txid);
    const vout = tx.vout.findIndex((o) => o.scriptPubKey.address === trader.payment.address);
    return { txid, vout, value: btcToSats(tx.vout[vout]?.value ?? 0) };
  }

  async function listing(id: string) {
    return t.db.kysely
      .selectFrom('orderbook')
      .select(['status', 'transaction_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('a buyer who double-spends their purchase cancels the trade; the exposed listing is off sale until the seller delists on chain', async () => {
    const maker = await newTrader(t);
    const item = await inscribeTo(node, t, maker.ordinals.address);
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    await node.faucet.fund(maker.payment.address, 50_000n);
    const buyer = await newTrader(t);
    for (let i = 0; i < 3; i++) await node.faucet.fund(buyer.payment.address, 600n);
    const big = await coinOf(buyer, 500_000n);
    await mineAndSync(node, t);

    const submitted = await buyViaApi(t, buyer, [listingId]);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const txId = submitted.body.payload.txId as string;
    expect(await inMempool(node, txId)).toBe(true);

    // The buyer spends their payment coin again, to themselves, at ten times the fee rate.
    const replacement = buildPaymentPsbt({
      payment: {
        address: buyer.payment.address,
        publicKey: Buffer.from(buyer.payment.publicKey, 'hex'),
        utxos: [{ ...big, script: buyer.payment.script, inscribed: false }],
      },
      to: buyer.payment.script,
      amount: 400_000n,
      feeRate: 20,
      network: 'regtest',
    });
    const final = finalizeSignedPsbt(signPsbtWithKey(replacement.psbt, buyer.payment.key), {
      psbt: replacement.psbt,
      layout: replacement.layout,
      maxFeeRate: replacement.maxFeeRate,
    });
    await node.node.rpc.sendRawTransaction(final.hex);
    expect(await inMempool(node, txId)).toBe(false);
    await refreshMempool(node, t);
    await resumeClaims(t.deps);

    expect(await listing(listingId)).toEqual({ status: 'exposed', transaction_id: null });
    const trades = await t.db.kysely
      .selectFrom('trade_history')
      .select('trade_status')
      .where('order_id', '=', listingId)
      .execute();
    expect(trades).toEqual([{ trade_status: 'canceled' }]);

    // Not for sale through our API any more, nor relisted or canceled off chain.
    const again = await api(
      t,
      'POST',
      '/api/listings/protected/createOffer',
      {
        ids: [listingId],
        takerPaymentAddress: buyer.payment.address,
        takerPaymentPublicKey: buyer.payment.publicKey,
        takerOrdinalAddress: buyer.ordinals.address,
        feeRate: 2,
        satScan: false,
      },
      buyer.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`Listing ${listingId} is no longer available`);

    // The seller delists on chain: the inscription moves back to them, the old signature is dead.
    await mineAndSync(node, t);
    const prepared = await api(
      t,
      'DELETE',
      '/api/listings/protected/delist/prepare',
      {
        listingId,
        makerPaymentAddress: maker.payment.address,
        makerPaymentPublicKey: maker.payment.publicKey,
        feeRate: 2,
      },
      maker.token,
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const delistPsbt = prepared.body.payload.psbt as string;
    const toSign = prepared.body.payload.inputsToSign as { index: number; address: string }[];
    let signed = delistPsbt;
    for (const w of [maker.ordinals, maker.payment]) {
      const mine = toSign.filter((i) => i.address === w.address).map((i) => i.index);
      if (mine.length > 0) signed = sign(signed, w, mine);
    }
    const confirmed = await api(
      t,
      'PUT',
      '/api/listings/protected/delist/confirm',
      { listingId, makerPaymentAddress: maker.payment.address, signedPSBT: signed },
      maker.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await inMempool(node, confirmed.body.payload.txId as string)).toBe(true);
    expect((await listing(listingId)).status).toBe('canceled');
  });
});
