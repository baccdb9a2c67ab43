import { describe, expect, it } from 'vitest';
import { networkRules, subsidy } from './network-rules.ts';

describe('networkRules', () => {
  // ord src/chain.rs first_inscription_height() and jubilee_height()
  it.each([
    ['mainnet', 767_430, 824_544, 210_000],
    ['testnet', 2_413_343, 2_544_192, 210_000],
    ['signet', 112_402, 175_392, 210_000],
    ['regtest', 0, 110, 150],
  ] as const)('%s', (network, firstInscriptionHeight, jubileeHeight, halvingInterval) => {
    expect(networkRules(network)).toEqual({
      firstInscriptionHeight,
      jubileeHeight,
      halvingInterval,
    });
  });
});

describe('subsidy', () => {
  // ord crates/ordinals/src/height.rs and epoch.rs tests, plus regtest's 150-block halving
  it.each([
    [0, 210_000, 5_000_000_000n],
    [209_999, 210_000, 5_000_000_000n],
    [210_000, 210_000, 2_500_000_000n],
    [210_001, 210_000, 2_500_000_000n],
    [32 * 210_000, 210_000, 1n],
    [33 * 210_000, 210_000, 0n],
    [149, 150, 5_000_000_000n],
    [150, 150, 2_500_000_000n],
    [64 * 150, 150, 0n],
  ])('height %i, halving every %i → %s sats', (height, interval, expected) => {
    expect(subsidy(height, interval)).toBe(expected);
  });
});
