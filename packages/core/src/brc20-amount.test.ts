import { describe, expect, it } from 'vitest';
import {
  BRC20_MAX_AMOUNT,
  BRC20_SCALE,
  brc20TickByteLength,
  formatBrc20Amount,
  parseBrc20Amount,
  parseBrc20Decimals,
} from './brc20-amount.ts';

describe('parseBrc20Amount (OPI utils.rs get_amount_value)', () => {
  it.each([
    ['1000', 18, 1000n * BRC20_SCALE],
    ['0', 18, 0n],
    ['0001', 0, BRC20_SCALE],
    ['1.5', 1, 15n * 10n ** 17n],
    ['0.000000000000000001', 18, 1n],
    ['18446744073709551615', 18, BRC20_MAX_AMOUNT],
  ])('%s with %i decimals is %s', (text, decimals, expected) => {
    expect(parseBrc20Amount(text, decimals)).toBe(expected);
  });

  it.each([
    ['', 18, 'empty'],
    ['.5', 18, 'dot first'],
    ['5.', 18, 'dot last'],
    ['1.2.3', 18, 'two dots'],
    ['+1', 18, 'sign'],
    ['-1', 18, 'negative'],
    [' 1', 18, 'space'],
    ['1e3', 18, 'exponent'],
    ['1,000', 18, 'comma'],
    ['١', 18, 'non-ASCII digit'],
    ['0.0000000000000000001', 18, '19 fractional digits'],
    ['1.10', 1, 'trailing zero beyond the ticker decimals'],
    ['1.0', 0, 'a dot with 0 decimals'],
    ['18446744073709551616', 18, 'above uint64 whole tokens'],
    ['18446744073709551615.1', 18, 'just above the maximum'],
  ])('refuses %j with %i decimals (%s)', (text, decimals) => {
    expect(parseBrc20Amount(text, decimals)).toBeNull();
  });
});

describe('parseBrc20Decimals (OPI utils.rs get_decimals_value)', () => {
  it.each([
    [undefined, 18],
    ['0', 0],
    ['8', 8],
    ['018', 18],
    ['18', 18],
  ])('%j is %i', (text, expected) => {
    expect(parseBrc20Decimals(text)).toBe(expected);
  });
  it.each(['19', '256', '', '1.0', '-1', '+8', ' 8', '8 '])('refuses %j', (text) => {
    expect(parseBrc20Decimals(text)).toBeNull();
  });
});

describe('formatBrc20Amount (OPI event.rs number_string_with_full_decimals, its test 208–232)', () => {
  it.each([
    [200000000000000000n, 18, '0.200000000000000000'],
    [21000000000000000000000000n, 8, '21000000.00000000'],
    [1234567890000000000000000n, 2, '1234567.89'],
    [12300000000000000000n, 5, '12.30000'],
    [12345678000000000000000000n, 0, '12345678'],
    [0n, 3, '0.000'],
    [0n, 0, '0'],
  ])('%s with %i decimals prints %s', (scaled, decimals, expected) => {
    expect(formatBrc20Amount(scaled, decimals)).toBe(expected);
  });

  it('truncates digits beyond the decimals rather than rounding', () => {
    expect(formatBrc20Amount(1999999999999999999n, 2)).toBe('1.99');
  });
});

describe('brc20TickByteLength', () => {
  it('counts UTF-8 bytes, as OPI does', () => {
    expect(brc20TickByteLength('ordi')).toBe(4);
    expect(brc20TickByteLength('pizza')).toBe(5);
    expect(brc20TickByteLength('😀')).toBe(4);
    expect(brc20TickByteLength('é')).toBe(2);
  });
});
