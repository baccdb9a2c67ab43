import type { Terms } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { mintableAmount } from './runes-etching.rules.ts';
import { runeEntry } from './runes-test-chain.ts';

// ord's RuneEntry::mintable tests (ordinals/ord, src/index/entry.rs): undefined is ord's MintError.
function entry(block: number, fields: Partial<Terms> | undefined) {
  const terms = fields && {
    height: [undefined, undefined],
    offset: [undefined, undefined],
    ...fields,
  };
  return runeEntry({ block, tx: 1 }, 'etching', { terms: terms as Terms | undefined });
}

describe('mintableAmount', () => {
  it('mintable default', () => {
    expect(mintableAmount(entry(0, undefined), 0n, 0)).toBeUndefined();
  });

  it('mintable cap', () => {
    expect(mintableAmount(entry(0, { cap: 1n, amount: 1000n }), 0n, 0)).toBe(1000n);
    expect(mintableAmount(entry(0, { cap: 1n, amount: 1000n }), 1n, 0)).toBeUndefined();
    expect(mintableAmount(entry(0, { amount: 1000n }), 0n, 0)).toBeUndefined();
  });

  it('mintable offset start', () => {
    const e = entry(1, { cap: 1n, amount: 1000n, offset: [1n, undefined] });
    expect(mintableAmount(e, 0n, 1)).toBeUndefined();
    expect(mintableAmount(e, 0n, 2)).toBe(1000n);
  });

  it('mintable offset end', () => {
    const e = entry(1, { cap: 1n, amount: 1000n, offset: [undefined, 1n] });
    expect(mintableAmount(e, 0n, 1)).toBe(1000n);
    expect(mintableAmount(e, 0n, 2)).toBeUndefined();
  });

  it('mintable height start', () => {
    const e = entry(0, { cap: 1n, amount: 1000n, height: [1n, undefined] });
    expect(mintableAmount(e, 0n, 0)).toBeUndefined();
    expect(mintableAmount(e, 0n, 1)).toBe(1000n);
  });

  it('mintable height end', () => {
    const e = entry(0, { cap: 1n, amount: 1000n, height: [undefined, 1n] });
    expect(mintableAmount(e, 0n, 0)).toBe(1000n);
    expect(mintableAmount(e, 0n, 1)).toBeUndefined();
  });

  it('mintable multiple terms', () => {
    const base: Partial<Terms> = { cap: 1n, amount: 1000n, height: [10n, 20n], offset: [0n, 10n] };
    expect(mintableAmount(entry(10, base), 0n, 10)).toBe(1000n);
    expect(mintableAmount(entry(10, { ...base, cap: undefined }), 0n, 10)).toBeUndefined();
    expect(mintableAmount(entry(10, { ...base, height: [11n, 20n] }), 0n, 10)).toBeUndefined();
    expect(mintableAmount(entry(10, { ...base, height: [10n, 10n] }), 0n, 10)).toBeUndefined();
    expect(mintableAmount(entry(10, { ...base, offset: [1n, 10n] }), 0n, 10)).toBeUndefined();
    expect(mintableAmount(entry(10, { ...base, offset: [0n, 0n] }), 0n, 10)).toBeUndefined();
    expect(mintableAmount(entry(10, base), 1n, 10)).toBeUndefined();
  });
});
