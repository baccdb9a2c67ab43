import { describe, expect, it } from 'vitest';
import { formatRuneAmount, runeAmountText } from './rune-amount.ts';

describe('formatRuneAmount', () => {
  it.each([
    ['0', 0, '0'],
    ['0', 2, '0'],
    ['10005', 1, '1,000.5'],
    ['1000000', 0, '1,000,000'],
    ['5', 3, '0.005'],
    ['120', 2, '1.2'],
    [
      '340282366920938463463374607431768211455',
      0,
      '340,282,366,920,938,463,463,374,607,431,768,211,455',
    ],
    ['340282366920938463463374607431768211455', 38, '3.40282366920938463463374607431768211455'],
    ['007', 0, '7'],
  ])('%s at divisibility %i is %s', (amount, divisibility, text) => {
    expect(formatRuneAmount(amount, divisibility)).toBe(text);
  });

  it('shows what is not a base-unit amount as it came', () => {
    expect(formatRuneAmount('1.5', 2)).toBe('1.5');
  });
});

describe('runeAmountText', () => {
  it('puts the symbol first, or the name after when there is none', () => {
    expect(runeAmountText('2500', { divisibility: 2, symbol: '¤', name: 'A•B' })).toBe('¤ 25');
    expect(runeAmountText('2500', { divisibility: 0, symbol: null, name: 'A•B' })).toBe(
      '2,500 A•B',
    );
  });
});
