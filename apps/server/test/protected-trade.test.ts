import {
  bytesToHex,
  parsePsbt,
  scriptOfAddress,
  SELLER_SIGHASH,
  signBip322Simple,
} from '@om/bitcoin';
import {
  BuiltPsbtPayloadSchema,
  CreateListingPayloadSchema,
  CreateOfferPayloadSchema,
  MultisigUtxosPayloadSchema,
  MultisigWalletSchema,
  type MultisigWallet,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { SCRIPT_FAILURE, snipeAttempt } from './helpers/snipe.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inMempool,
  inscribeTo,
  mineAndSync,
  newTrader,
  newWallet,
  paidTo,
  refreshMempool,
  sign,
  signAsAsked,
  type Trader,
  type Wallet,
} from './helpers/trading.ts';

// ADR 009 "Snipe protection" and "Padding and withdrawals" through the API on Bitcoin Core 30: a
// seller moves an inscription into their maker wallet, lists it protected (0x83 by the wallet's
// user key), a buyer buys it with the platform's co-signature, and a sniper who copies the
// seller's witness out of the mempool is refused by Bitcoin Core. Buyers with a multisig wallet
// pad from it; sellers withdraw inscriptions back out of the maker wallet.

const PRICE = 50_000n;
const FEE_BPS = 100;
const MAKER_FEE = 500n;
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

describe.each(databaseKinds())('snipe-protected trading on %s', (kind) => {
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

  /** A seller (signed in with the payment address, as the web does) with an inscription. */
  async function seller() {
    const trader = await newTrader(t, { signInWith: 'payment' });
    const item = await inscribeTo(node, t, trader.ordinals.address);
    await node.faucet.fund(trader.payment.address, 100_000n);
    await mineAndSync(node, t);
    return { trader, item };
  }

  /** A buyer funded with `paddings` 600-sat coins and one big coin, confirmed. */
  async function buyer(paddings: number): Promise<Trader> {
    const trader = await newTrader(t);
    for (let i = 0; i < paddings; i++) await node.faucet.fund(trader.payment.address, 600n);
    await node.faucet.fund(trader.payment.address, 500_000n);
    await mineAndSync(node, t);
    return trader;
  }

  async function walletOf(user: Wallet, route: 'get-wallet' | 'get-maker-wallet') {
    const res = await api(t, 'POST', `/api/multisig/${route}`, {
      userPublicKey: user.publicKey,
      userAddress: user.address,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return MultisigWalletSchema.parse(res.body.payload);
  }

  function depositBody(trader: Trader, inscriptionIds: string[]) {
    return {
      inscriptionIds,
      ordinalAddress: trader.ordinals.address,
      ordinalPublicKey: trader.ordinals.publicKey,
      paymentAddress: trader.payment.address,
      paymentPublicKey: trader.payment.publicKey,
      feeRate: FEE_RATE,
    };
  }

  /** Moves the inscription into the seller's maker wallet through the API and mines it. */
  async function deposit(trader: Trader, inscriptionId: string) {
    const res = await api(
      t,
      'POST',
      '/api/multisig/deposit-inscriptions',
      depositBody(trader, [inscriptionId]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const built = BuiltPsbtPayloadSchema.parse(res.body.payload);
    const signedPsbt = signAsAsked(built.psbt, built.inputsToSign, [
      trader.ordinals,
      trader.payment,
    ]);
    const done = await api(t, 'POST', '/api/multisig/deposit-inscriptions/confirm', {
      signedPsbt,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payload.txId).toBe(built.txid);
    await mineAndSync(node, t);
    return { built, outpoint: `${built.txid}:0` };
  }

  function listingBody(trader: Trader, maker: MultisigWallet, outpoint: string) {
    return {
      makerPaymentAddress: trader.payment.address,
      makerPaymentPublicKey: trader.payment.publicKey,
      makerOrdinalAddress: maker.address,
      makerOrdinalPublicKey: trader.ordinals.publicKey,
      utxos: [{ utxo: outpoint, price: PRICE.toString() }],
    };
  }

  /** Lists the maker-wallet output protected: create, sign with the payment key (0x83), confirm. */
  async function listProtected(trader: Trader, maker: MultisigWallet, outpoint: string) {
    const created = await api(
      t,
      'POST',
      '/api/listings/protected/create',
      listingBody(trader, maker, outpoint),
      trader.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const payload = CreateListingPayloadSchema.parse(created.body.payload);
    expect(payload.inputsToSign).toEqual([
      { index: 0, address: trader.payment.address, sighash: SELLER_SIGHASH },
    ]);
    expect(bytesToHex(parsePsbt(payload.psbt).getInput(0).witnessScript ?? new Uint8Array())).toBe(
      maker.witnessScript,
    );
    const confirmed = await api(
      t,
      'PUT',
      '/api/listings/protected/confirm',
      { listingIds: payload.listingIds, signedPSBT: sign(payload.psbt, trader.payment, [0]) },
      trader.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return payload.listingIds[0] as string;
  }

  /** A seller whose inscription is listed protected from their maker wallet. */
  async function protectedListing() {
    const { trader, item } = await seller();
    const { outpoint } = await deposit(trader, item.id);
    const maker = await walletOf(trader.payment, 'get-maker-wallet');
    const listingId = await listProtected(trader, maker, outpoint);
    return { trader, item, maker, outpoint, listingId };
  }

  async function createOffer(taker: Trader, ids: string[]) {
    return api(
      t,
      'POST',
      '/api/listings/protected/createOffer',
      {
        ids,
        takerPaymentAddress: taker.payment.address,
        takerPaymentPublicKey: taker.payment.publicKey,
        takerOrdinalAddress: taker.ordinals.address,
        feeRate: FEE_RATE,
      },
      taker.token,
    );
  }

  async function submit(
    taker: Trader,
    ids: string[],
    payload: { psbt: string; inputsToSign: { index: number }[] },
  ) {
    return api(
      t,
      'PUT',
      '/api/listings/protected/submitOffer',
      {
        ids,
        signedPSBTBase64: sign(
          payload.psbt,
          taker.payment,
          payload.inputsToSign.map((i) => i.index),
        ),
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

  async function trades(orderId: string) {
    return t.db.kysely
      .selectFrom('trade_history')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
  }

  async function ownerOf(inscriptionId: string): Promise<{ address: string; satpoint: string }> {
    const res = await api(t, 'GET', `/api/shared/inscriptions/details/${inscriptionId}`);
    return res.body.payload;
  }

  async function cardinalOf(address: string) {
    const res = await api(t, 'GET', `/api/shared/address/${address}/utxos`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.payload.cardinal as { txid: string; vout: number; value: string }[]).map(
      (c) => ({ txid: c.txid, vout: c.vout, value: BigInt(c.value) }),
    );
  }

  it('deposits, lists protected, relists, sells with the platform co-signature; a sniper is refused', async () => {
    const {
      trader: maker,
      item,
      maker: makerWallet,
      outpoint,
      listingId,
    } = await protectedListing();
    expect(await ownerOf(item.id)).toMatchObject({
      address: makerWallet.address,
      satpoint: `${outpoint}:0`,
    });
    expect(await listing(listingId)).toMatchObject({
      status: 'active',
      is_snipe_protected: true,
      witness_script: makerWallet.witnessScript,
      maker_ordinal_address: makerWallet.address,
      maker_payment_address: maker.payment.address,
    });
    const book = await api(t, 'GET', `/api/inscriptions/${item.id}/orderbook`);
    expect(book.body.payload.listing).toMatchObject({ listingId, isSnipeProtected: true });

    // A protected listing moves on chain only through the maker wallet: no delisting PSBT.
    const delist = await api(
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
    expect(delist.status).toBe(400);
    expect(delist.body.error).toMatch(/^listingId: a snipe-protected listing/);

    // Relisting signs again with the payment key, and keeps the protection.
    const relist = {
      makerPaymentAddress: maker.payment.address,
      makerPaymentPublicKey: maker.payment.publicKey,
      makerOrdinalPublicKey: maker.ordinals.publicKey,
      price: '60000',
      listingId,
    };
    const prepared = await api(t, 'POST', '/api/listings/protected/relist', relist, maker.token);
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    expect(prepared.body.payload.inputsToSign).toEqual([
      { index: 0, address: maker.payment.address, sighash: SELLER_SIGHASH },
    ]);
    const relisted = await api(
      t,
      'POST',
      '/api/listings/protected/relist',
      { ...relist, signedPsbt: sign(prepared.body.payload.psbt, maker.payment, [0]) },
      maker.token,
    );
    expect(relisted.status, JSON.stringify(relisted.body)).toBe(200);
    expect(await listing(listingId)).toMatchObject({
      price: '60000',
      maker_fee: '600',
      is_snipe_protected: true,
    });

    // A sniper with coins of their own (confirmed with the buyer's).
    const sniper = newWallet('p2wpkh');
    await node.faucet.fund(sniper.address, 600n);
    await node.faucet.fund(sniper.address, 600n);
    await node.faucet.fund(sniper.address, 500_000n);
    const taker = await buyer(3);
    const offer = await createOffer(taker, [listingId]);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const payload = CreateOfferPayloadSchema.parse(offer.body.payload);
    // The seller's input (2) carries the witness script and no signature; the buyer signs the rest.
    const sellerInput = parsePsbt(payload.psbt).getInput(2);
    expect(bytesToHex(sellerInput.witnessScript ?? new Uint8Array())).toBe(
      makerWallet.witnessScript,
    );
    expect(sellerInput.partialSig ?? sellerInput.finalScriptWitness).toBeUndefined();
    expect(payload.inputsToSign.map((i) => i.index)).not.toContain(2);

    const submitted = await submit(taker, [listingId], payload);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const { txId } = submitted.body.payload as { txId: string };
    expect(await inMempool(node, txId)).toBe(true);
    expect(await trades(listingId)).toMatchObject([
      { trade_status: 'mempool', transaction_id: txId, is_snipe_protected: true },
    ]);
    await refreshMempool(node, t);

    // The sniper reads the seller's witness [sigP, sigU, script] from the mempool and builds their
    // own purchase around it at ten times the fee rate, without the platform's fee.
    const { witness, withWitness: withCopy } = await snipeAttempt(node, {
      txId,
      sellerIndex: 2,
      outpoint,
      value: POSTAGE,
      makerWallet,
      sniper,
      coins: await cardinalOf(sniper.address),
      feeRate: FEE_RATE,
    });
    expect(witness).toHaveLength(3);
    expect(bytesToHex(witness[2] ?? new Uint8Array())).toBe(makerWallet.witnessScript);
    // The platform's ALL signature commits to the buyer's purchase: here it fails (NULLFAIL).
    const copied = withCopy(witness);
    const [copyResult] = await node.node.rpc.testMempoolAccept([copied]);
    expect(copyResult?.allowed).toBe(false);
    expect(copyResult?.['reject-reason']).toMatch(SCRIPT_FAILURE);
    expect(copyResult?.['reject-reason']).toMatch(/Signature must be zero for failed CHECK/);
    await expect(node.node.rpc.sendRawTransaction(copied)).rejects.toThrow(SCRIPT_FAILURE);
    // Without it, only the user-only path is left, which the final sequence closes (CSV).
    const [withoutPlatform = new Uint8Array(), sigU = new Uint8Array(), script = new Uint8Array()] =
      witness;
    expect(withoutPlatform.length).toBeGreaterThan(0);
    const alone = withCopy([new Uint8Array(), sigU, script]);
    const [aloneResult] = await node.node.rpc.testMempoolAccept([alone]);
    expect(aloneResult?.['reject-reason']).toMatch(SCRIPT_FAILURE);
    expect(aloneResult?.['reject-reason']).toMatch(/Locktime requirement not satisfied/);
    await expect(node.node.rpc.sendRawTransaction(alone)).rejects.toThrow(SCRIPT_FAILURE);
    expect(await inMempool(node, txId)).toBe(true);

    await mineAndSync(node, t);
    await eventually(async () => {
      expect(await trades(listingId)).toMatchObject([
        { trade_status: 'confirmed', finalized: true, is_snipe_protected: true },
      ]);
    });
    expect(await ownerOf(item.id)).toMatchObject({
      address: taker.ordinals.address,
      satpoint: `${txId}:1:0`,
    });
    expect(await paidTo(node, txId, maker.payment.address)).toBe(60_000n - 600n + POSTAGE);
    expect(await paidTo(node, txId, platform.address)).toBe(600n);
    const history = await api(t, 'GET', `/api/trade-history?orderIds=${listingId}`);
    expect(history.body.payload.activity).toMatchObject([{ isSnipeProtected: true }]);
  });

  it('pads a purchase from the buyer’s multisig wallet; the new paddings go back to it', async () => {
    const { listingId, trader: seller } = await protectedListing();
    const taker = await buyer(0);
    const multisig = await walletOf(taker.payment, 'get-wallet');
    await node.faucet.fund(multisig.address, 100_000n);
    await mineAndSync(node, t);
    const setup = await api(t, 'POST', '/api/multisig/setup-padding', {
      multiSigAddress: multisig.address,
      userPublicKey: taker.payment.publicKey,
      witnessScript: multisig.witnessScript,
      numberOfOutputs: 3,
      feeRate: FEE_RATE,
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const built = BuiltPsbtPayloadSchema.parse(setup.body.payload);
    const padded = await api(t, 'POST', '/api/multisig/confirm-padding', {
      multiSigAddress: multisig.address,
      numberOfOutputs: 3,
      signedPsbt: signAsAsked(built.psbt, built.inputsToSign, [taker.payment]),
    });
    expect(padded.status, JSON.stringify(padded.body)).toBe(200);
    await mineAndSync(node, t);

    const offer = await createOffer(taker, [listingId]);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const payload = CreateOfferPayloadSchema.parse(offer.body.payload);
    expect(payload.setupPsbt).toBeNull();
    const psbt = parsePsbt(payload.psbt);
    const multisigScript = bytesToHex(scriptOfAddress(multisig.address, 'regtest'));
    for (const i of [0, 1]) {
      const input = psbt.getInput(i);
      expect(bytesToHex(input.txid ?? new Uint8Array())).toBe(built.txid);
      expect(bytesToHex(input.witnessUtxo?.script ?? new Uint8Array())).toBe(multisigScript);
      expect(bytesToHex(input.witnessScript ?? new Uint8Array())).toBe(multisig.witnessScript);
    }
    // The buyer's payment key signs the multisig paddings too; the seller's input is not theirs.
    expect(payload.inputsToSign.map((i) => i.index)).toEqual(expect.arrayContaining([0, 1]));
    expect(payload.inputsToSign.every((i) => i.address === taker.payment.address)).toBe(true);
    expect(payload.inputsToSign.map((i) => i.index)).not.toContain(2);

    const submitted = await submit(taker, [listingId], payload);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const { txId } = submitted.body.payload as { txId: string };
    await mineAndSync(node, t);
    const mined = await node.node.rpc.getRawTransactionVerbose(txId);
    expect(mined.vin.slice(0, 2).map((i) => i.txid)).toEqual([built.txid, built.txid]);
    // Output 0 (the two paddings) and the two new 1,000-sat paddings are the multisig's.
    const toMultisig = mined.vout.filter((o) => o.scriptPubKey.address === multisig.address);
    expect(toMultisig.map((o) => o.n)).toEqual([0, 4, 5]);
    expect(await paidTo(node, txId, multisig.address)).toBe(2_000n + 2_000n);
    expect(await paidTo(node, txId, seller.payment.address)).toBe(PRICE - MAKER_FEE + POSTAGE);
    const after = MultisigUtxosPayloadSchema.parse(
      (await api(t, 'GET', `/api/multisig/utxos/${multisig.id}`)).body.payload,
    );
    expect(after.paddingCount).toBe(4);
  });

  it('an off-chain cancel is final, and the inscription withdraws back to the seller', async () => {
    const { trader: maker, item, maker: makerWallet, listingId } = await protectedListing();
    const taker = await buyer(2);
    const offer = await createOffer(taker, [listingId]);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const canceled = await api(
      t,
      'DELETE',
      '/api/listings/protected/delistOffchain',
      {
        listingId,
        signedMessage: signBip322Simple(
          `cancel ${listingId}`,
          maker.payment.key,
          maker.payment.address,
          'regtest',
        ),
      },
      maker.token,
    );
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const late = await submit(
      taker,
      [listingId],
      CreateOfferPayloadSchema.parse(offer.body.payload),
    );
    expect(late.status).toBe(409);
    expect(await trades(listingId)).toHaveLength(0);

    const body = {
      transfer: [{ inscriptionId: item.id, address: maker.ordinals.address }],
      makerPaymentAddress: maker.payment.address,
      makerPaymentPublicKey: maker.payment.publicKey,
      feeRate: FEE_RATE,
    };
    const res = await api(t, 'POST', '/api/multisig/withdrawal-inscriptions', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.transfers).toEqual([
      { inscriptionId: item.id, prevOwnerWallet: makerWallet.address },
    ]);
    const built = BuiltPsbtPayloadSchema.parse(res.body.payload);
    expect(built.inputsToSign.every((i) => i.address === maker.payment.address)).toBe(true);
    const unsigned = await api(t, 'POST', '/api/multisig/withdrawal/confirm', {
      userPublicKey: maker.payment.publicKey,
      userSignedPsbtBase64: built.psbt,
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error).toMatch(/^userSignedPsbtBase64 leaves an input unsigned/);
    const done = await api(t, 'POST', '/api/multisig/withdrawal/confirm', {
      userPublicKey: maker.payment.publicKey,
      userSignedPsbtBase64: signAsAsked(built.psbt, built.inputsToSign, [maker.payment]),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payload.txId).toBe(built.txid);
    await mineAndSync(node, t);
    expect(await ownerOf(item.id)).toMatchObject({
      address: maker.ordinals.address,
      satpoint: `${built.txid}:0:0`,
    });
  });

  it('refuses bad input on every new route with the field named, never a 500', async () => {
    const { trader, item } = await seller();
    const other = await seller();
    const unknownId = `${'ab'.repeat(32)}i0`;
    const ask = async (url: string, body: object, status = 400) => {
      const res = await api(t, 'POST', url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(
        status,
      );
      return res.body.error as string;
    };

    // deposit-inscriptions
    const depositUrl = '/api/multisig/deposit-inscriptions';
    const good = depositBody(trader, [item.id]);
    expect(await ask(depositUrl, { ...good, inscriptionIds: [unknownId] })).toMatch(
      /^inscriptionIds\.0: inscription .* is not known/,
    );
    expect(await ask(depositUrl, { ...good, inscriptionIds: [other.item.id] })).toMatch(
      /^inscriptionIds\.0: inscription .* is not at ordinalAddress/,
    );
    expect(await ask(depositUrl, { ...good, inscriptionIds: ['nope'] })).toBe(
      'inscriptionIds.0: Invalid inscription ID format.',
    );
    expect(await ask(depositUrl, { ...good, paymentPublicKey: trader.ordinals.publicKey })).toBe(
      'paymentPublicKey must be a 33-byte compressed public key in hex',
    );
    expect(await ask(depositUrl, { ...good, paymentAddress: other.trader.payment.address })).toBe(
      'paymentPublicKey: does not belong to paymentAddress',
    );
    expect(await ask(depositUrl, { ...good, ordinalAddress: other.trader.ordinals.address })).toBe(
      'ordinalPublicKey: does not belong to ordinalAddress',
    );
    expect(
      await ask(depositUrl, {
        ...good,
        ordinalAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      }),
    ).toBe('ordinalAddress: not a valid regtest address');
    expect(await ask(depositUrl, { ...good, feeRate: 0 })).toBe(
      'feeRate must be at least 1 sat/vB',
    );
    expect(await ask(depositUrl, { ...good, inscriptionIds: [] })).toBe(
      'inscriptionIds must not be empty',
    );
    const poor = await newTrader(t, { signInWith: 'payment' });
    const poorItem = await inscribeTo(node, t, poor.ordinals.address);
    expect(await ask(depositUrl, depositBody(poor, [poorItem.id]))).toMatch(
      /^paymentAddress does not have enough funds/,
    );

    // deposit-inscriptions/confirm
    const confirm = '/api/multisig/deposit-inscriptions/confirm';
    const prepared = await api(t, 'POST', depositUrl, good);
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const built = BuiltPsbtPayloadSchema.parse(prepared.body.payload);
    expect(await ask(confirm, { signedPsbt: built.psbt })).toMatch(
      /^signedPsbt leaves an input unsigned/,
    );
    // Signed by the payment wallet only: the inscription input is still unsigned.
    const half = sign(
      built.psbt,
      trader.payment,
      built.inputsToSign.filter((i) => i.address === trader.payment.address).map((i) => i.index),
    );
    expect(await ask(confirm, { signedPsbt: half })).toMatch(
      /^signedPsbt leaves an input unsigned: Input 0/,
    );
    expect(await ask(confirm, { signedPsbt: 'bm90IGEgcHNidA==' })).toMatch(/^signedPsbt/);
    expect(await ask(confirm, { signedPsbt: '***' })).toBe('signedPsbt must be a base64 PSBT');
    expect(await ask(confirm, {})).toBe('signedPsbt is required');

    // withdrawal-inscriptions
    const withdraw = '/api/multisig/withdrawal-inscriptions';
    const transfer = (inscriptionId: string, address = trader.ordinals.address) => ({
      transfer: [{ inscriptionId, address }],
      makerPaymentAddress: trader.payment.address,
      makerPaymentPublicKey: trader.payment.publicKey,
      feeRate: FEE_RATE,
    });
    const stranger = newWallet('p2wpkh');
    expect(
      await ask(
        withdraw,
        {
          ...transfer(item.id),
          makerPaymentAddress: stranger.address,
          makerPaymentPublicKey: stranger.publicKey,
        },
        404,
      ),
    ).toMatch(/^No maker wallet for makerPaymentPublicKey/);
    await walletOf(trader.payment, 'get-maker-wallet');
    expect(await ask(withdraw, transfer(item.id))).toMatch(
      /^transfer\.0\.inscriptionId: inscription .* is not in the maker wallet/,
    );
    expect(await ask(withdraw, transfer(unknownId))).toMatch(
      /^transfer\.0\.inscriptionId: inscription .* is not known/,
    );
    expect(await ask(withdraw, transfer(item.id, 'not-an-address'))).toBe(
      'transfer.0.address: not a valid regtest address',
    );
    expect(
      await ask(withdraw, {
        ...transfer(item.id),
        makerPaymentPublicKey: trader.ordinals.publicKey,
      }),
    ).toBe('makerPaymentPublicKey must be a 33-byte compressed public key in hex');
    expect(
      await ask(withdraw, { ...transfer(item.id), makerPaymentAddress: stranger.address }),
    ).toBe('makerPaymentPublicKey: does not belong to makerPaymentAddress');
    expect(
      await ask(withdraw, {
        ...transfer(item.id),
        transfer: [
          { inscriptionId: item.id, address: trader.ordinals.address },
          { inscriptionId: item.id, address: trader.ordinals.address },
        ],
      }),
    ).toBe('transfer must not repeat an inscription');

    // Protected listings: the inscription in the maker wallet, listed under another address, or
    // with another key; a listing PSBT left unsigned.
    const { outpoint } = await deposit(trader, item.id);
    const maker = await walletOf(trader.payment, 'get-maker-wallet');
    const create = async (body: object) => {
      const res = await api(t, 'POST', '/api/listings/protected/create', body, trader.token);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error as string;
    };
    expect(
      await create({
        ...listingBody(trader, maker, outpoint),
        makerOrdinalAddress: trader.ordinals.address,
      }),
    ).toBe(
      `makerOrdinalAddress: ${outpoint} is in the maker wallet; list it with makerOrdinalAddress ${maker.address}`,
    );
    expect(
      await create({
        ...listingBody(trader, maker, outpoint),
        makerPaymentPublicKey: other.trader.payment.publicKey,
      }),
    ).toBe('makerPaymentPublicKey: not the user key of the maker wallet at makerOrdinalAddress');
    const multisig = await walletOf(trader.payment, 'get-wallet');
    expect(
      await create({
        ...listingBody(trader, maker, outpoint),
        makerOrdinalAddress: multisig.address,
      }),
    ).toMatch(/^makerOrdinalAddress: the multisig wallet lists nothing/);
    const created = await api(
      t,
      'POST',
      '/api/listings/protected/create',
      listingBody(trader, maker, outpoint),
      trader.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const unsignedListing = await api(
      t,
      'PUT',
      '/api/listings/protected/confirm',
      { listingIds: created.body.payload.listingIds, signedPSBT: created.body.payload.psbt },
      trader.token,
    );
    expect(unsignedListing.status).toBe(400);
    expect(unsignedListing.body.error).toBe('signedPSBT input 0 is not signed');
    // Relisting a protected listing takes the maker wallet's user key, not another payment key.
    const listingId = created.body.payload.listingIds[0] as string;
    const confirmed = await api(
      t,
      'PUT',
      '/api/listings/protected/confirm',
      { listingIds: [listingId], signedPSBT: sign(created.body.payload.psbt, trader.payment, [0]) },
      trader.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const relist = await api(
      t,
      'POST',
      '/api/listings/protected/relist',
      {
        makerPaymentAddress: other.trader.payment.address,
        makerPaymentPublicKey: other.trader.payment.publicKey,
        makerOrdinalPublicKey: trader.ordinals.publicKey,
        price: '1000',
        listingId,
      },
      trader.token,
    );
    expect(relist.status).toBe(400);
    expect(relist.body.error).toBe(
      'makerPaymentPublicKey: not the user key of the maker wallet holding this listing',
    );
  });
});
