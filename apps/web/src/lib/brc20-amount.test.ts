// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatTokenAmount,
  formatWireAmount,
  parseTokenAmount,
  tokenAmountError,
  tokenAmountText,
} from './brc20-amount.ts';

const E18 = 10n ** 18n;

describe('token amounts (core OPI numbers, scaled by 10^18)', () => {
  it('parses within the decimals and refuses more digits', () => {
    expect(parseTokenAmount('1000', 18)).toBe(1000n * E18);
    expect(parseTokenAmount('0.5', 1)).toBe(E18 / 2n);
    expect(parseTokenAmount('0.55', 1)).toBeUndefined();
    expect(parseTokenAmount('1e3', 18)).toBeUndefined();
    expect(parseTokenAmount('+1', 18)).toBeUndefined();
  });

  it('prints the wire form and the grouped form', () => {
    expect(tokenAmountText(15n * (E18 / 10n), 1)).toBe('1.5');
    expect(tokenAmountText(2000n * E18, 18)).toBe('2000');
    expect(tokenAmountText(2000n * E18, 0)).toBe('2000');
    expect(formatTokenAmount(21_000_000n * E18, 0)).toBe('21,000,000');
    expect(formatWireAmount('21000000.000000000000000000', 18)).toBe('21,000,000');
    expect(formatWireAmount('1234.500', 3)).toBe('1,234.5');
    expect(formatWireAmount('1.5', 0)).toBe('1.5');
  });

  it('says why an amount is refused', () => {
    expect(
      tokenAmountError('1001', { decimals: 0, max: 1000n * E18, maxLabel: 'the limit per mint' }),
    ).toBe('At most 1,000 (the limit per mint).');
    expect(tokenAmountError('1.5', { decimals: 0 })).toBe(
      'This token has no decimals: enter a whole amount.',
    );
    expect(tokenAmountError('1.555', { decimals: 2 })).toBe(
      'This token has 2 decimals: enter at most 2 digits after the point.',
    );
    expect(tokenAmountError('0', { decimals: 2 })).toBe('Enter an amount above 0.');
    expect(tokenAmountError('1e3', { decimals: 2 })).toBe(
      'Enter a whole or decimal amount, such as 1000.',
    );
    expect(tokenAmountError('99999999999999999999', { decimals: 0 })).toBe(
      'That amount is above what BRC-20 allows.',
    );
    expect(tokenAmountError('1000', { decimals: 0, max: 1000n * E18 })).toBeUndefined();
  });
});
