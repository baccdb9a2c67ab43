import { describe, expect, it } from 'vitest';
import { isReviewer } from './reviewers.ts';

// ADR 019: REVIEWER_ADDRESSES names the reviewers; unset, everyone on regtest and nobody elsewhere.

describe('isReviewer', () => {
  it.each([
    [undefined, 'regtest', 'bcrt1qanyone', true],
    [undefined, 'mainnet', 'bc1qanyone', false],
    ['bc1qa, bc1qb', 'mainnet', 'bc1qb', true],
    ['bc1qa,bc1qb', 'mainnet', 'bc1qc', false],
    ['bcrt1qa', 'regtest', 'bcrt1qanyone', false],
    [' , ', 'regtest', '', false],
  ] as const)('%s on %s: %s → %s', (listed, network, address, expected) => {
    expect(isReviewer({ REVIEWER_ADDRESSES: listed, BITCOIN_NETWORK: network }, address)).toBe(
      expected,
    );
  });
});
