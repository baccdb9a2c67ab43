import { describe, expect, it } from 'vitest';
import {
  CurveError,
  minimumReceived,
  PPM,
  quoteExactIn,
  quoteExactOut,
  type CurveFees,
  type Reserves,
  type SwapSide,
} from './swap-curve.ts';

const NO_FEES: CurveFees = { lpPpm: 0n, platformPpm: 0n };
const DOTSWAP: CurveFees = { lpPpm: 16_000n, platformPpm: 4_000n };
const TOKEN = 10n ** 18n;

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (next: () => number, lo: bigint, hi: bigint) =>
  lo + (BigInt(Math.floor(next() * 2 ** 52)) * (hi - lo)) / 2n ** 52n;

describe('the constant-product curve (issue 15)', () => {
  it('pays x·Δ/(X+Δ) rounded down, by hand', () => {
    const pool = { btc: 1000n, token: 1000n };
    expect(quoteExactIn('buy', pool, 100n, NO_FEES)).toMatchObject({
      amountOut: 90n, // 1000·100/1100 = 90.9
      received: 90n,
      after: { btc: 1100n, token: 910n },
      priceImpactBps: 1000n, // spot would pay 100: 1 − 90/100
    });
    // 10 % to the liquidity providers: 90 goes into the curve, 1000·90/1090 = 82.5.
    expect(quoteExactIn('buy', pool, 100n, { lpPpm: 100_000n, platformPpm: 0n })).toMatchObject({
      lpFee: 10n,
      amountOut: 82n,
      after: { btc: 1100n, token: 918n },
    });
  });

  it('takes the platform part in bitcoin on both sides, as its own output', () => {
    const pool = { btc: 100_000_000n, token: 1_000_000n * TOKEN };
    const buy = quoteExactIn('buy', pool, 1_000_000n, DOTSWAP);
    expect(buy.platformFee).toBe(4_000n);
    expect(buy.lpFee).toBe(15_936n); // 1.6 % of the 996,000 that goes to the pool, up
    expect(buy.after.btc).toBe(pool.btc + 996_000n);
    const sell = quoteExactIn('sell', pool, 10_000n * TOKEN, DOTSWAP);
    expect(sell.platformFee).toBe((sell.amountOut * 4_000n + PPM - 1n) / PPM);
    expect(sell.received).toBe(sell.amountOut - sell.platformFee);
    expect(sell.after).toEqual({
      btc: pool.btc - sell.amountOut,
      token: pool.token + 10_000n * TOKEN,
    });
  });

  it('never lets the pool lose: k only grows, on random pools and amounts both ways', () => {
    const next = random(14);
    for (let i = 0; i < 2_000; i++) {
      const pool: Reserves = {
        btc: between(next, 10_000n, 10n ** 10n),
        token: between(next, TOKEN, 10n ** 9n * TOKEN),
      };
      const side: SwapSide = next() < 0.5 ? 'buy' : 'sell';
      const amount = side === 'buy' ? between(next, 1n, pool.btc) : between(next, 1n, pool.token);
      const quote = quoteExactIn(side, pool, amount, DOTSWAP);
      expect(quote.after.btc * quote.after.token).toBeGreaterThanOrEqual(pool.btc * pool.token);
      expect(quote.received).toBeGreaterThanOrEqual(0n);
    }
  });

  it('finds the least amount in for an amount received, both ways', () => {
    const next = random(15);
    for (let i = 0; i < 500; i++) {
      const pool: Reserves = {
        btc: between(next, 100_000n, 10n ** 10n),
        token: between(next, 1000n * TOKEN, 10n ** 9n * TOKEN),
      };
      const side: SwapSide = next() < 0.5 ? 'buy' : 'sell';
      const target =
        side === 'buy' ? between(next, 1n, pool.token / 2n) : between(next, 1_000n, pool.btc / 2n);
      const quote = quoteExactOut(side, pool, target, DOTSWAP);
      expect(quote.received).toBeGreaterThanOrEqual(target);
      if (quote.amountIn > 1n) {
        const less = quoteExactIn(side, pool, quote.amountIn - 1n, DOTSWAP);
        expect(less.received).toBeLessThan(target);
      }
    }
  });

  it('computes the minimum received from a percentage', () => {
    expect(minimumReceived(1000n, '0.5')).toBe(995n);
    expect(minimumReceived(1000n, '12')).toBe(880n);
    expect(minimumReceived(1000n, '0')).toBe(1000n);
    expect(minimumReceived(999n, '0.125')).toBe(997n); // 997.75 down
    expect(() => minimumReceived(1000n, '-1')).toThrow(CurveError);
  });

  it('refuses an empty pool, nothing to swap, and more than the pool holds', () => {
    const pool = { btc: 1000n, token: 1000n };
    expect(() => quoteExactIn('buy', { btc: 0n, token: 1n }, 1n, NO_FEES)).toThrow(
      'The pool has no liquidity',
    );
    expect(() => quoteExactIn('buy', pool, 0n, NO_FEES)).toThrow('The amount must be more than 0');
    expect(() => quoteExactOut('buy', pool, 1000n, NO_FEES)).toThrow(
      'The pool does not hold that much',
    );
    expect(() => quoteExactIn('buy', pool, 1n, { lpPpm: PPM, platformPpm: 0n })).toThrow(
      'The fees must be under 100 %',
    );
  });
});
