import { describe, expect, it } from 'vitest';
import { refusalOf } from './broadcast.ts';

// Bitcoin Core's testmempoolaccept answers, as its RPC shapes them (rpc/mempool.cpp).
describe('refusalOf', () => {
  it('answers nothing when every transaction is allowed', () => {
    expect(refusalOf([{ txid: 'a', allowed: true }])).toBeUndefined();
  });

  it("names a refused package's failing member's reason, not the package error", () => {
    const verdicts = [
      // The parent: validation stopped at the child, so no verdict of its own.
      { txid: 'setup', 'package-error': 'transaction failed' },
      {
        txid: 'purchase',
        allowed: false,
        'package-error': 'transaction failed',
        'reject-reason': 'insufficient fee',
      },
    ];
    expect(refusalOf(verdicts)).toBe('insufficient fee');
  });

  it("falls back on the package's error, then on a plain refusal", () => {
    expect(refusalOf([{ txid: 'a', 'package-error': 'package-mempool-limits' }])).toBe(
      'package-mempool-limits',
    );
    expect(refusalOf([{ txid: 'a', allowed: false }])).toBe('refused by the node');
  });

  it('names a single refused transaction', () => {
    expect(refusalOf([{ txid: 'a', allowed: false, 'reject-reason': 'missing-inputs' }])).toBe(
      'missing-inputs',
    );
  });
});
