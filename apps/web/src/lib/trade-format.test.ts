// @vitest-environment node
import { INVALID_BTC_AMOUNT, PRICE_BELOW_MINIMUM } from '@om/core';
import { describe, expect, it } from 'vitest';
import {
  btcText,
  feeRateText,
  parseOutpoint,
  parseSatpoint,
  PRICE_REQUIRED,
  priceInputError,
  priceInputToSats,
  satsText,
  satsToPriceInput,
} from './trade-format.ts';

const TXID = 'Ab'.repeat(32);

describe('price input', () => {
  it.each([
    ['', PRICE_REQUIRED],
    ['  ', PRICE_REQUIRED],
    ['abc', INVALID_BTC_AMOUNT],
    ['0.000000001', INVALID_BTC_AMOUNT],
    ['-0.001', PRICE_BELOW_MINIMUM],
    ['0', PRICE_BELOW_MINIMUM],
    ['0.00000999', PRICE_BELOW_MINIMUM],
    ['0.00001', undefined],
    ['1.23456789', undefined],
  ])('%j → %s', (input, error) => {
    expect(priceInputError(input)).toBe(error);
  });

  it('turns a valid price into sats without floating point', () => {
    expect(priceInputToSats('0.00001')).toBe(1_000n);
    expect(priceInputToSats('0.1')).toBe(10_000_000n);
    expect(priceInputToSats('21000000')).toBe(2_100_000_000_000_000n);
    expect(() => priceInputToSats('0.000001')).toThrow(PRICE_BELOW_MINIMUM);
  });

  it('shows sats back in the field without trailing zeros', () => {
    expect(satsToPriceInput(50_000n)).toBe('0.0005');
    expect(satsToPriceInput(100_000_000n)).toBe('1');
    expect(satsToPriceInput(123_456_789n)).toBe('1.23456789');
  });
});

describe('amounts', () => {
  it('in BTC to 8 decimals, in sats grouped, fee rates short', () => {
    expect(btcText(50_000n)).toBe('0.00050000 BTC');
    expect(satsText(1_234_567n)).toBe('1,234,567 sats');
    expect(feeRateText(6)).toBe('6 sat/vB');
    expect(feeRateText(2.345)).toBe('2.35 sat/vB');
  });
});

describe('outpoints and satpoints', () => {
  it('reads txid:vout and txid:vout:offset, lower-casing the txid', () => {
    expect(parseOutpoint(`${TXID}:1`)).toEqual({ txid: TXID.toLowerCase(), vout: 1 });
    expect(parseOutpoint(`${TXID}`)).toBeUndefined();
    expect(parseSatpoint(`${TXID}:2:330`)).toEqual({
      outpoint: `${TXID.toLowerCase()}:2`,
      offset: 330n,
    });
    expect(parseSatpoint(`${TXID}:2`)).toBeUndefined();
  });
});
