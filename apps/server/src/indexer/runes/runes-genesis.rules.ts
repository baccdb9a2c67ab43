import type { BitcoinNetwork } from '@om/bitcoin';
import type { RuneEntry } from './runes.types.ts';

/**
 * UNCOMMON•GOODS, the rune ord's mainnet index holds before any block (ordinals/ord, src/index.rs,
 * Index::open): id 1:0, number 0, open to anyone at 1 per mint from the first rune height to the
 * next halving. The store writes it once when it creates a mainnet runes index, and starts
 * nextNumber at 1 there; other networks start empty.
 */
export function genesisRuneEntry(network: BitcoinNetwork): RuneEntry | undefined {
  if (network !== 'mainnet') return undefined;
  return {
    id: '1:0',
    etching: '0'.repeat(64),
    spacedRune: { rune: 2055900680524219742n, spacers: 128 },
    number: 0,
    divisibility: 0,
    symbol: '\u{29C9}',
    premine: 0n,
    terms: {
      amount: 1n,
      cap: (1n << 128n) - 1n,
      height: [840_000n, 1_050_000n],
      offset: [undefined, undefined],
    },
    turbo: true,
    mints: 0n,
    burned: 0n,
    block: 1,
    timestamp: 0,
  };
}
