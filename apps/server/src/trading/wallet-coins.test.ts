import type { WalletUtxo } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { splitPadding } from './wallet-coins.ts';

const coin = (value: bigint, vout: number): WalletUtxo => ({
  txid: 'ab'.repeat(32),
  vout,
  value,
  script: new Uint8Array(),
  inscribed: false,
});

describe('splitPadding', () => {
  const coins = [coin(100_000n, 0), coin(1_200n, 1), coin(600n, 2), coin(500n, 3), coin(600n, 4)];

  it('takes the smallest coins of 546 to 2,000 sats as padding, pays with the rest', () => {
    const split = splitPadding(coins, 2);
    expect(split?.paddings.map((c) => c.vout)).toEqual([2, 4]);
    expect(split?.payments.map((c) => c.vout)).toEqual([0, 1, 3]);
  });

  it('answers undefined without enough candidates (the buyer gets a chained setup)', () => {
    expect(splitPadding(coins, 4)).toBeUndefined();
  });
});
