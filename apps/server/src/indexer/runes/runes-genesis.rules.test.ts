import { formatSpacedRune, U128_MAX } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { mintableAmount } from './runes-etching.rules.ts';
import { genesisRuneEntry } from './runes-genesis.rules.ts';

// ord's genesis_rune test (ordinals/ord, src/runes.rs).
describe('genesisRuneEntry', () => {
  it('is UNCOMMON•GOODS on mainnet only', () => {
    const entry = genesisRuneEntry('mainnet')!;
    expect(formatSpacedRune(entry.spacedRune)).toBe('UNCOMMON•GOODS');
    expect(entry).toMatchObject({ id: '1:0', number: 0, turbo: true, symbol: '⧉' });
    expect(entry.terms).toEqual({
      amount: 1n,
      cap: U128_MAX,
      height: [840_000n, 1_050_000n],
      offset: [undefined, undefined],
    });
    for (const network of ['testnet', 'signet', 'regtest'] as const) {
      expect(genesisRuneEntry(network)).toBeUndefined();
    }
  });

  it('mints 1 from the first rune height until the next halving', () => {
    const entry = genesisRuneEntry('mainnet')!;
    expect(mintableAmount(entry, 0n, 839_999)).toBeUndefined();
    expect(mintableAmount(entry, 0n, 840_000)).toBe(1n);
    expect(mintableAmount(entry, 10n ** 30n, 1_049_999)).toBe(1n);
    expect(mintableAmount(entry, 0n, 1_050_000)).toBeUndefined();
  });
});
