import type { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { parsePsbt } from './codec.ts';
import { buildChainedPurchase } from './padding-setup.ts';
import { checkPurchasePsbt, type PurchaseCheckRequest } from './purchase-check.ts';
import { buildPurchasePsbt } from './purchase.ts';
import {
  NETWORK,
  PLATFORM_ADDRESS,
  scriptOf,
  signedListing,
  testBuyer,
  testWallet,
} from './test-fixtures.ts';

const seller = testWallet('purchase check seller', 'p2tr');
const payment = testWallet('purchase check buyer', 'p2wpkh');
const thief = testWallet('purchase check thief', 'p2tr');
const buyer = testBuyer(payment);
const listing = signedListing(seller, 0x51, { price: 50_000n });
const params = {
  listings: [listing],
  buyer,
  platformFee: { address: PLATFORM_ADDRESS, value: 500n },
  feeRate: 5,
  network: NETWORK,
};
const psbt = bytesToBase64(buildPurchasePsbt(params).psbt);
const inscriptionId = `${'ab'.repeat(32)}i0`;

const request: PurchaseCheckRequest = {
  network: NETWORK,
  buyer: { paymentAddress: buyer.paymentAddress, ordinalAddress: buyer.ordinalAddress },
  items: [
    {
      inscriptionId,
      outpoint: { txid: listing.sellerInput.txid, vout: listing.sellerInput.vout },
      inscriptionOffset: 0n,
      price: 50_000n,
    },
  ],
  maxFeeRate: 6,
  quote: {
    price: 50_000n,
    platformFee: 500n,
    takerOrdinalAddress: buyer.ordinalAddress,
    items: [{ inscriptionId, outputIndex: 1 }],
  },
};

/** The purchase with its PSBT edited as a compromised server could. */
function tampered(edit: (tx: Transaction) => void, base = psbt): string {
  const tx = parsePsbt(base);
  edit(tx);
  return bytesToBase64(tx.toPSBT());
}

const codes = (check: { problems: { code: string }[] }) => check.problems.map((p) => p.code);

describe('checkPurchasePsbt', () => {
  it('finds nothing wrong with the purchase asked for, and takes the quoted fee output', () => {
    const check = checkPurchasePsbt(psbt, null, request);
    expect(check.problems).toEqual([]);
    expect(check.platformFee).toMatchObject({ amount: 500n, address: PLATFORM_ADDRESS });
    expect(check.summary.items[0]?.destination).toMatchObject({ vout: 1, offset: 0n });
    expect(check.setupFee).toBe(0n);
  });

  it('checks a chained padding setup: clean, then paying a stranger', () => {
    const { setup, purchase } = buildChainedPurchase({
      ...params,
      buyer: { ...buyer, paddingUtxos: [] },
    });
    const setupPsbt = bytesToBase64(setup.psbt);
    const chained = checkPurchasePsbt(bytesToBase64(purchase.psbt), setupPsbt, request);
    expect(chained.problems).toEqual([]);
    expect(chained.setupFee).toBe(setup.fee);
    const stolen = tampered((tx) => tx.updateOutput(0, { script: thief.script }), setupPsbt);
    expect(checkPurchasePsbt(bytesToBase64(purchase.psbt), stolen, request).problems).toEqual([
      { code: 'setup-pays-stranger', index: 0 },
    ]);
    expect(codes(checkPurchasePsbt(bytesToBase64(purchase.psbt), 'bm9wZQ==', request))).toEqual([
      'setup-unreadable',
    ]);
  });

  it('refuses an inscription sent to a stranger', () => {
    const stolen = tampered((tx) => tx.updateOutput(1, { script: thief.script }));
    expect(checkPurchasePsbt(stolen, null, request).problems).toContainEqual({
      code: 'inscription-not-to-buyer',
      index: checkPurchasePsbt(psbt, null, request).summary.items[0]?.inputIndex,
      address: thief.address,
    });
  });

  it('refuses a buyer input signed with a sighash others could redirect', () => {
    const unsafe = tampered((tx) => tx.updateInput(0, { sighashType: 0x02 }));
    expect(checkPurchasePsbt(unsafe, null, request).problems).toEqual([
      { code: 'unsafe-sighash', indices: [0] },
    ]);
  });

  it('refuses a fee rate above the highest accepted', () => {
    const check = checkPurchasePsbt(psbt, null, { ...request, maxFeeRate: 4 });
    expect(check.problems).toEqual([{ code: 'fee-rate-too-high', feeRate: check.summary.feeRate }]);
  });

  it('refuses a fee output that is not the quoted fee, or not at the platform address', () => {
    const index = checkPurchasePsbt(psbt, null, request).platformFee?.index;
    const unquoted = { ...request, quote: { ...request.quote, platformFee: 400n } };
    expect(checkPurchasePsbt(psbt, null, unquoted).problems).toEqual([
      { code: 'unknown-output', index },
    ]);
    const pinned = { ...request, platformFeeAddress: thief.address };
    expect(checkPurchasePsbt(psbt, null, pinned).problems).toEqual([
      { code: 'unknown-output', index },
    ]);
  });

  it('refuses a price below what the sellers get, and a quote of another price', () => {
    const cheaper = { ...request, items: [{ ...request.items[0]!, price: 40_000n }] };
    expect(codes(checkPurchasePsbt(psbt, null, cheaper))).toEqual([
      'sellers-overpaid',
      'price-changed',
    ]);
  });

  it('refuses a quote for another taker, or naming another output', () => {
    const quote = {
      ...request.quote,
      takerOrdinalAddress: thief.address,
      items: [{ inscriptionId, outputIndex: 2 }],
    };
    expect(checkPurchasePsbt(psbt, null, { ...request, quote }).problems).toEqual([
      { code: 'other-taker' },
      { code: 'output-not-quoted', inscriptionId, quoted: 2, vout: 1 },
    ]);
  });

  it('refuses a listing without an output, and a PSBT not spending the listing', () => {
    const [item] = request.items;
    const missing = { ...request, items: [{ ...item!, outpoint: undefined }] };
    expect(codes(checkPurchasePsbt(psbt, null, missing))).toContain('listing-without-outpoint');
    const elsewhere = {
      ...request,
      items: [{ ...item!, outpoint: { txid: 'ee'.repeat(32), vout: 0 } }],
    };
    expect(codes(checkPurchasePsbt(psbt, null, elsewhere))).toContain('item-not-in-psbt');
  });

  it('refuses an input of a stranger', () => {
    const foreign = tampered((tx) =>
      tx.updateInput(0, { witnessUtxo: { script: scriptOf(thief.address), amount: 600n } }),
    );
    expect(codes(checkPurchasePsbt(foreign, null, request))).toContain('unknown-input');
  });
});
