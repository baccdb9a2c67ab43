// @vitest-environment node
import { buildDelistPsbt, bytesToBase64, parsePsbt } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { delistProblems } from './delist.mutations.ts';
import { readFeeRate } from '../../lib/form-rules.ts';
import { defaultFeeRate } from '../../shared/fee-rate-picker.tsx';
import { sharedOutputError } from './list-dialog.tsx';
import { NETWORK, SELLER, SELLER_PAYMENT, THIEF } from '../../test/trade-test-fixtures.ts';
import { marketEventInscription } from './use-inscription-market-events.ts';

describe('fee rates', () => {
  it("start at the node's half-hour estimate, else the spec's 6 sat/vB", () => {
    const fees = { fastestFee: 9, halfHourFee: 4, hourFee: 2, economyFee: 1, minimumFee: 1 };
    expect(defaultFeeRate(fees)).toBe(4);
    expect(defaultFeeRate(undefined)).toBe(6);
  });

  it.each([
    ['12', 12],
    ['1.5', 1.5],
    ['0.5', undefined],
    ['', undefined],
    ['abc', undefined],
    ['500', 500],
    ['501', undefined],
    ['10000', undefined],
  ])('a custom rate of %j under a 500 sat/vB cap is %s', (input, rate) => {
    expect(readFeeRate(input, 500)).toBe(rate);
  });
});

describe('sharedOutputError', () => {
  it('refuses to list two inscriptions of one output apart', () => {
    const item = (label: string, outpoint: string) => ({ inscriptionId: label, label, outpoint });
    expect(sharedOutputError([item('A', 'x:0'), item('B', 'x:1')])).toBeUndefined();
    expect(sharedOutputError([item('A', 'x:0'), item('B', 'x:0')])).toBe(
      'A and B share one output; list them one at a time.',
    );
  });
});

describe('marketEventInscription', () => {
  const id = `${'ab'.repeat(32)}i0`;
  it('reads the inscription of a listing or trade event, nothing else', () => {
    const listing = {
      listingId: 'l',
      inscriptionId: id,
      status: 'active',
      price: '1',
      collectionSlug: null,
    };
    const trade = {
      orderId: 'o',
      tradeStatus: 'mempool',
      txId: null,
      inscriptionId: id,
      collectionSlug: 'x',
    };
    expect(marketEventInscription(JSON.stringify(listing))).toBe(id);
    expect(marketEventInscription(JSON.stringify(trade))).toBe(id);
    expect(marketEventInscription('{"height":1}')).toBeUndefined();
    expect(marketEventInscription('not json')).toBeUndefined();
  });
});

describe('delistProblems', () => {
  const own = [SELLER.address, SELLER_PAYMENT.address];
  function delist(to: string) {
    return buildDelistPsbt({
      inscriptionUtxo: { txid: 'cd'.repeat(32), vout: 0, value: 10_000n, script: SELLER.script },
      sellerPayment: {
        address: SELLER_PAYMENT.address,
        publicKey: SELLER_PAYMENT.publicKey,
        utxos: [
          {
            txid: 'b1'.repeat(32),
            vout: 0,
            value: 100_000n,
            script: SELLER_PAYMENT.script,
            inscribed: false,
          },
        ],
      },
      toAddress: to,
      feeRate: 6,
      network: NETWORK,
    }).psbt;
  }

  it('accepts a move back to the wallet', () => {
    expect(delistProblems(bytesToBase64(delist(SELLER.address)), own, NETWORK)).toEqual([]);
  });

  it('refuses a move elsewhere, or an input signed SINGLE', () => {
    expect(delistProblems(bytesToBase64(delist(THIEF.address)), own, NETWORK)).toEqual([
      `The delisting would pay ${THIEF.address}, not your wallet.`,
    ]);
    const tx = parsePsbt(delist(SELLER.address));
    tx.updateInput(1, { sighashType: 0x83 });
    expect(delistProblems(bytesToBase64(tx.toPSBT()), own, NETWORK)).toEqual([
      'The delisting asks to sign input 1 with a sighash that lets others change what it pays.',
    ]);
  });
});
