/**
 * The swap's constant-product curve (ADR 017), in bigint base units: sats for BTC and
 * 10^18ths for a BRC-20 token (BRC20_SCALE). Shared by the server, which prices and re-checks
 * orders, and the page, which shows the same numbers before anything is signed.
 *
 * Fees are parts per million. The liquidity providers' part is taken from what goes into the
 * curve and stays in the pool (k grows); the platform's part is always bitcoin, an output of its
 * own: taken from the BTC paid in on a buy, from the BTC paid out on a sell. Every rounding is
 * in the pool's favour: amounts out round down, amounts in round up.
 */

export const PPM = 1_000_000n;

export type SwapSide = 'buy' | 'sell';

export type CurveFees = {
  /** The liquidity providers' part (DotSwap: 16,000 = 1.6 %). */
  lpPpm: bigint;
  /** The platform's part (DotSwap: 4,000 = 0.4 %). */
  platformPpm: bigint;
};

export type Reserves = {
  /** The pool's bitcoin, sats. */
  btc: bigint;
  /** The pool's tokens, 10^18ths. */
  token: bigint;
};

export type CurveQuote = {
  side: SwapSide;
  /** What the user gives: sats on a buy, token units on a sell. */
  amountIn: bigint;
  /** What the curve pays out before the platform's part: token units on a buy, sats on a sell. */
  amountOut: bigint;
  /** In the unit of `amountIn`. */
  lpFee: bigint;
  /** Sats, always. */
  platformFee: bigint;
  /** What the user receives: amountOut on a buy, amountOut − platformFee on a sell. */
  received: bigint;
  /** The pool after the swap. */
  after: Reserves;
  /** How much worse than the spot price, in hundredths of a percent (rounded up). */
  priceImpactBps: bigint;
};

export class CurveError extends Error {
  constructor(
    readonly code: 'empty-pool' | 'non-positive' | 'beyond-reserves' | 'fee-too-high',
    message: string,
  ) {
    super(message);
    this.name = 'CurveError';
  }
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

function checkInputs(reserves: Reserves, amount: bigint, fees: CurveFees): void {
  if (reserves.btc <= 0n || reserves.token <= 0n) {
    throw new CurveError('empty-pool', 'The pool has no liquidity');
  }
  if (amount <= 0n) throw new CurveError('non-positive', 'The amount must be more than 0');
  if (fees.lpPpm < 0n || fees.platformPpm < 0n || fees.lpPpm + fees.platformPpm >= PPM) {
    throw new CurveError('fee-too-high', 'The fees must be under 100 %');
  }
}

/** The curve's output for `inEff` going in, rounded down. */
const curveOut = (reserveIn: bigint, reserveOut: bigint, inEff: bigint) =>
  (reserveOut * inEff) / (reserveIn + inEff);

/** Swapping exactly `amountIn` (sats on a buy, token units on a sell). */
export function quoteExactIn(
  side: SwapSide,
  reserves: Reserves,
  amountIn: bigint,
  fees: CurveFees,
): CurveQuote {
  checkInputs(reserves, amountIn, fees);
  if (side === 'buy') {
    const platformFee = (amountIn * fees.platformPpm) / PPM;
    const toPool = amountIn - platformFee;
    const lpFee = ceilDiv(toPool * fees.lpPpm, PPM);
    const inEff = toPool - lpFee;
    const amountOut = curveOut(reserves.btc, reserves.token, inEff);
    return {
      side,
      amountIn,
      amountOut,
      lpFee,
      platformFee,
      received: amountOut,
      after: { btc: reserves.btc + toPool, token: reserves.token - amountOut },
      priceImpactBps: impactBps(reserves.btc, reserves.token, inEff, amountOut),
    };
  }
  const lpFee = ceilDiv(amountIn * fees.lpPpm, PPM);
  const inEff = amountIn - lpFee;
  const amountOut = curveOut(reserves.token, reserves.btc, inEff);
  const platformFee = ceilDiv(amountOut * fees.platformPpm, PPM);
  return {
    side,
    amountIn,
    amountOut,
    lpFee,
    platformFee,
    received: amountOut - platformFee,
    after: { btc: reserves.btc - amountOut, token: reserves.token + amountIn },
    priceImpactBps: impactBps(reserves.token, reserves.btc, inEff, amountOut),
  };
}

/**
 * The least `amountIn` whose quote makes the user receive at least `received` (token units on a
 * buy, sats on a sell): the closed form, then made exact against quoteExactIn.
 */
export function quoteExactOut(
  side: SwapSide,
  reserves: Reserves,
  received: bigint,
  fees: CurveFees,
): CurveQuote {
  checkInputs(reserves, received, fees);
  const [reserveIn, reserveOut] =
    side === 'buy' ? [reserves.btc, reserves.token] : [reserves.token, reserves.btc];
  // On a sell the platform's part comes out of the curve's output: gross it up first.
  const out = side === 'buy' ? received : ceilDiv(received * PPM, PPM - fees.platformPpm);
  if (out >= reserveOut) {
    throw new CurveError('beyond-reserves', 'The pool does not hold that much');
  }
  const inEff = ceilDiv(reserveIn * out, reserveOut - out);
  const keep = side === 'buy' ? (PPM - fees.platformPpm) * (PPM - fees.lpPpm) : PPM - fees.lpPpm;
  const scale = side === 'buy' ? PPM * PPM : PPM;
  let hi = ceilDiv(inEff * scale, keep);
  // Integer rounding may leave the closed form a unit or two short...
  let quote = quoteExactIn(side, reserves, hi, fees);
  for (let i = 0; quote.received < received; i++) {
    if (i === 8) throw new CurveError('beyond-reserves', 'The pool cannot pay that amount');
    hi += 1n;
    quote = quoteExactIn(side, reserves, hi, fees);
  }
  // ...or above the least amount (many token units make one sat): bisect down to it. What the
  // user receives never falls as the amount in grows, so the search is exact.
  let lo = 0n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    const tried = quoteExactIn(side, reserves, mid, fees);
    if (tried.received >= received) {
      hi = mid;
      quote = tried;
    } else {
      lo = mid;
    }
  }
  return quote;
}

/** The least the user accepts at `slippagePercent` (a string such as "0.5", ≤ 3 decimals). */
export function minimumReceived(received: bigint, slippagePercent: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(slippagePercent);
  if (!match) throw new CurveError('non-positive', 'The slippage must be a percentage');
  const thousandths = BigInt(match[1] ?? '0') * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
  // received × (1 − s), s in thousandths of a percent: 100,000 = 100 %.
  return (received * (100_000n - thousandths)) / 100_000n;
}

/** 1 − execution price / spot price, in hundredths of a percent, rounded up. */
function impactBps(reserveIn: bigint, reserveOut: bigint, inEff: bigint, out: bigint): bigint {
  // Spot: inEff × reserveOut / reserveIn; impact = 1 − out × reserveIn / (inEff × reserveOut).
  const spot = inEff * reserveOut;
  if (spot === 0n) return 0n;
  return ceilDiv((spot - out * reserveIn) * 10_000n, spot);
}
