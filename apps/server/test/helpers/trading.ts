import {
  addressToScript,
  buildPaymentPsbt,
  bytesToBase64,
  bytesToHex,
  equalBytes,
  compressedPublicKey,
  hexToBytes,
  p2trAddress,
  p2wpkhAddress,
  parsePsbt,
  randomPrivateKey,
  signBip322Simple,
  signPsbtWithKey,
  xOnlyPublicKey,
} from '@om/bitcoin';
import { CreateListingPayloadSchema } from '@om/core';
import { expect, vi } from 'vitest';
import { btcToSats } from '../../src/chain/rpc.ts';
import { refreshMempoolSpends } from '../../src/indexer/mempool-spends.ts';
import type { TestNode } from './regtest.ts';
import { inscribe } from './regtest-inscribe.ts';
import type { TestApp } from './test-app.ts';

// Wallets, sign-in and API calls for the trading tests: a user is a key with an address, signed
// in with BIP-322 as the web app does, calling the API in-process.

export type Wallet = {
  type: 'p2tr' | 'p2wpkh';
  key: Uint8Array;
  /** Hex as wallets report it: x-only for taproot, compressed for P2WPKH. */
  publicKey: string;
  address: string;
  script: Uint8Array;
};

export function newWallet(type: 'p2tr' | 'p2wpkh'): Wallet {
  const key = randomPrivateKey();
  const compressed = compressedPublicKey(key);
  const address =
    type === 'p2tr' ? p2trAddress(compressed, 'regtest') : p2wpkhAddress(compressed, 'regtest');
  const publicKey = bytesToHex(type === 'p2tr' ? xOnlyPublicKey(key) : compressed);
  return {
    type,
    key,
    publicKey,
    address,
    script: addressToScript(address, 'regtest') as Uint8Array,
  };
}

/** A seller or buyer: an ordinals (taproot) wallet, a payment wallet, and a sign-in token. */
export type Trader = { ordinals: Wallet; payment: Wallet; token: string };

export async function api(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token?: string,
) {
  const res = await t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  // The envelope { success, payload | error, errors }, as untyped as a client's JSON.
  return { status: res.statusCode, body: res.json() };
}

/** Signs in with a BIP-322 signature of the challenge; answers the bearer token. */
export async function signIn(t: TestApp, w: Wallet): Promise<string> {
  const challenge = await api(t, 'POST', '/api/auth/challenge', { address: w.address });
  const message = challenge.body.payload.message as string;
  const signature = signBip322Simple(message, w.key, w.address, 'regtest');
  const verify = await api(t, 'POST', '/api/auth/verify', {
    address: w.address,
    publicKey: w.publicKey,
    signature,
  });
  expect(verify.status).toBe(200);
  return verify.body.payload.token as string;
}

/**
 * A trader signed in with their ordinals address (taproot unless told), or with their payment
 * address as the web app does (`signInWith: 'payment'`).
 */
export async function newTrader(
  t: TestApp,
  types: {
    ordinals?: Wallet['type'];
    payment?: Wallet['type'];
    signInWith?: 'ordinals' | 'payment';
  } = {},
): Promise<Trader> {
  const ordinals = newWallet(types.ordinals ?? 'p2tr');
  const payment = newWallet(types.payment ?? 'p2wpkh');
  const token = await signIn(t, types.signInWith === 'payment' ? payment : ordinals);
  return { ordinals, payment, token };
}

/** Mines a block and indexes it (the tracker runs on the block event). */
export async function mineAndSync(node: TestNode, t: TestApp, blocks = 1): Promise<void> {
  await node.faucet.mine(blocks);
  await t.sync();
}

/** What the follower does between blocks: mirror the mempool's spends and announce new txs. */
export async function refreshMempool(node: TestNode, t: TestApp): Promise<void> {
  const txids = await refreshMempoolSpends(t.db, node.node.rpc);
  if (txids.length > 0) t.events.emit('mempool', { txids });
}

/** Inscribes text to the address and confirms it; answers the inscription and its outpoint. */
export async function inscribeTo(
  node: TestNode,
  t: TestApp,
  address: string,
): Promise<{ id: string; outpoint: string }> {
  const reveal = await inscribe(node, address, [
    { contentType: 'text/plain', body: `item ${Math.random()}` },
  ]);
  await mineAndSync(node, t);
  return { id: reveal.ids[0] as string, outpoint: `${reveal.txid}:${reveal.vout}` };
}

/** Signs the given inputs with the wallet's key (the PSBT's declared sighash, as wallets do). */
export function sign(psbt: string, w: Wallet, inputs: readonly number[]): string {
  return bytesToBase64(signPsbtWithKey(psbt, w.key, { inputs }));
}

/** Signs each input with the wallet of the address the server named for it (inputsToSign). */
export function signAsAsked(
  psbt: string,
  inputsToSign: readonly { index: number; address: string }[],
  wallets: readonly Wallet[],
): string {
  let signed = psbt;
  for (const w of wallets) {
    const indices = inputsToSign.filter((i) => i.address === w.address).map((i) => i.index);
    if (indices.length > 0) signed = sign(signed, w, indices);
  }
  return signed;
}

/** Lists inscriptions on the seller's UTXOs through the API: create, sign (0x83), confirm. */
export async function listViaApi(
  t: TestApp,
  seller: Trader,
  items: readonly { outpoint: string; price: bigint }[],
): Promise<string[]> {
  const created = await api(
    t,
    'POST',
    '/api/listings/protected/create',
    {
      makerPaymentAddress: seller.payment.address,
      makerPaymentPublicKey: seller.payment.publicKey,
      makerOrdinalAddress: seller.ordinals.address,
      makerOrdinalPublicKey: seller.ordinals.publicKey,
      utxos: items.map((i) => ({ utxo: i.outpoint, price: i.price.toString() })),
    },
    seller.token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { psbt, listingIds, inputsToSign } = CreateListingPayloadSchema.parse(created.body.payload);
  const signedPSBT = sign(
    psbt,
    seller.ordinals,
    inputsToSign.map((i) => i.index),
  );
  const confirmed = await api(
    t,
    'PUT',
    '/api/listings/protected/confirm',
    { listingIds, signedPSBT },
    seller.token,
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return listingIds as string[];
}

/**
 * Buys listings through the API as the web app does: createOffer (fee rate 2), the payment wallet
 * signs every input it is asked to, submitOffer. Answers submitOffer's answer (its txId on 200).
 */
export async function buyViaApi(t: TestApp, buyer: Trader, ids: readonly string[]) {
  const offer = await api(
    t,
    'POST',
    '/api/listings/protected/createOffer',
    {
      ids,
      takerPaymentAddress: buyer.payment.address,
      takerPaymentPublicKey: buyer.payment.publicKey,
      takerOrdinalAddress: buyer.ordinals.address,
      feeRate: 2,
      satScan: false,
    },
    buyer.token,
  );
  expect(offer.status, JSON.stringify(offer.body)).toBe(200);
  const { psbt, inputsToSign } = offer.body.payload as {
    psbt: string;
    inputsToSign: { index: number }[];
  };
  return api(
    t,
    'PUT',
    '/api/listings/protected/submitOffer',
    {
      ids,
      signedPSBTBase64: sign(
        psbt,
        buyer.payment,
        inputsToSign.map((i) => i.index),
      ),
      takerPaymentAddress: buyer.payment.address,
      takerOrdinalAddress: buyer.ordinals.address,
    },
    buyer.token,
  );
}

/** The value paid to an address by a transaction, from the node. */
export async function paidTo(node: TestNode, txid: string, address: string): Promise<bigint> {
  const tx = await node.node.rpc.getRawTransactionVerbose(txid);
  return tx.vout
    .filter((o) => o.scriptPubKey.address === address)
    .reduce((sum, o) => sum + btcToSats(o.value), 0n);
}

export async function inMempool(node: TestNode, txid: string): Promise<boolean> {
  return (await node.node.rpc.getRawMempool()).includes(txid);
}

/** Retries an assertion until it holds (the tracker runs after events, asynchronously). */
export async function eventually(check: () => Promise<void>): Promise<void> {
  await vi.waitFor(check, { timeout: 10_000, interval: 50 });
}

/**
 * The payer spends its coins of a payment PSBT it was given (`psbt`, base64: the inputs at its
 * address, a swap's pool inputs left alone) elsewhere, at `feeRate` (above the payment's: full
 * RBF takes it out of the mempool); answers the new txid.
 */
export async function doubleSpendPayment(
  node: TestNode,
  payer: Wallet,
  psbt: string,
  feeRate = 50,
): Promise<string> {
  const spent = parsePsbt(psbt);
  const utxos = Array.from({ length: spent.inputsLength }, (_, i) => {
    const input = spent.getInput(i);
    return {
      txid: bytesToHex(input.txid ?? new Uint8Array()),
      vout: input.index ?? 0,
      value: input.witnessUtxo?.amount ?? 0n,
      script: input.witnessUtxo?.script ?? new Uint8Array(),
      inscribed: false,
    };
  }).filter((utxo) => equalBytes(utxo.script, payer.script));
  const replacement = buildPaymentPsbt({
    payment: { address: payer.address, publicKey: hexToBytes(payer.publicKey), utxos },
    to: newWallet('p2wpkh').script,
    amount: 10_000n,
    feeRate,
    network: 'regtest',
  });
  const indices = replacement.layout.inputs.map((_, i) => i);
  const signed = parsePsbt(sign(bytesToBase64(replacement.psbt), payer, indices));
  signed.finalize();
  return node.node.rpc.call<string>('sendrawtransaction', [signed.hex]);
}
