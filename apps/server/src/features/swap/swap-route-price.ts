import { routeSwapTxSize, type RouteSwapTerms, type Utxo } from '@om/bitcoin';
import { quoteExactIn, quoteExactOut, type CurveQuote } from '@om/core';
import { floorToDecimals } from './swap-amounts.ts';
import type { PoolTransfer, SwapInscription } from './swap-inscription.ts';
import type { LadderRung } from './swap-ladder.queries.ts';
import { buyTransfer, curve, platformOutput, sized, type PriceContext } from './swap-price.ts';
import { refuse } from './swap-refusal.ts';

// Tick ↔ tick through BTC in one transaction (ADR 017): the user's transfer inscription of the
// first tick is sold into its pool (A) on A's curve; the BTC it gives, less the network fee and
// what the second pool's transfer inscription costs, buys the second tick on B's curve; pool A
// pays pool B, the platform both legs' parts, and the fee. Pool A never pays more than its curve
// gives for the tokens; pool B never gives more than its curve sells for the BTC it gets.

export type RouteRequest = {
  inscription: SwapInscription & { amount: bigint };
  ordinalsAddress: string;
};

type RouteLeg = {
  quote: CurveQuote;
  /** What this leg moves its pool's reserves by (after − before). */
  btcDelta: bigint;
  tokenDelta: bigint;
  /** The pool coins this leg's order holds. */
  poolInputs: Utxo[];
  /** The platform's part of this leg, in sats. */
  platformFee: bigint;
};

export type PricedRoute = {
  /** Tokens of the first tick in, tokens of the second out. */
  send: bigint;
  receive: bigint;
  /** The BTC the first leg gives the second (its platform part included). */
  btcBetween: bigint;
  /** The swap's fee and the second pool's commit and reveal fees. */
  networkFee: bigint;
  /** The platform's output (0 when dust left it out). */
  platformFee: bigint;
  vsize: number;
  priceImpactBps: bigint;
  sell: RouteLeg & { inscription: SwapInscription };
  buy: RouteLeg & {
    inscription: SwapInscription;
    prelude: PoolTransfer | undefined;
    rung: LadderRung | undefined;
  };
  terms: RouteSwapTerms;
};

/** `a` is the first pool's context (pair sell), `b` the second's (pair buy). */
export function priceRoute(a: PriceContext, b: PriceContext, request: RouteRequest): PricedRoute {
  const { inscription } = request;
  const sale = curve(() => quoteExactIn('sell', a.reserves, inscription.amount, a.fees));
  // What the second leg's inscription and the transaction cost is not known before the amount
  // they carry: settle on estimates at least what they come to (pool A keeps any difference).
  let fee = 0n;
  let cost = 0n;
  for (let round = 0; round < 5; round++) {
    const btcIn = sale.received - fee - cost;
    if (btcIn <= 0n) throw refuse('badRequest', 'The swap would not pay its network fees');
    const units = floorToDecimals(
      curve(() => quoteExactIn('buy', b.reserves, btcIn, b.fees)).amountOut,
      b.decimals,
    );
    if (units <= 0n)
      throw refuse('badRequest', 'The swap buys less than the token’s smallest unit');
    const bought = curve(() => quoteExactOut('buy', b.reserves, units, b.fees));
    const leg = buyTransfer(b, units);
    // Pool B gets everything of btcIn but its platform part (the rounding of `units` included),
    // plus what its transfer inscription costs.
    const payB = btcIn - bought.platformFee + leg.cost;
    const terms: RouteSwapTerms = {
      inscription,
      poolInscription: leg.inscription,
      userOrdinalsAddress: request.ordinalsAddress,
      poolA: { address: a.pool.address, utxos: a.poolCoins },
      poolBAddress: b.pool.address,
      payB,
      platformFee: platformOutput(a, sale.platformFee + bought.platformFee),
      feeRate: a.feeRate,
      maxFeeRate: a.maxFeeRate,
      network: a.network,
    };
    const size = sized(() => routeSwapTxSize(terms));
    if (size.fee <= fee && leg.cost <= cost) {
      const aPays = payB + size.platformFee + size.fee;
      return {
        send: inscription.amount,
        receive: units,
        btcBetween: btcIn,
        networkFee: size.fee + leg.cost - leg.inscription.value,
        platformFee: size.platformFee,
        vsize: size.vsize,
        priceImpactBps: sale.priceImpactBps + bought.priceImpactBps,
        sell: {
          quote: sale,
          btcDelta: -aPays,
          tokenDelta: inscription.amount,
          poolInputs: size.poolInputs.slice(1),
          platformFee: sale.platformFee,
          inscription,
        },
        buy: {
          quote: bought,
          // The prelude's commit spends its cost out of pool B's cardinal coins.
          btcDelta: leg.prelude ? payB - leg.prelude.cost : payB,
          tokenDelta: -units,
          poolInputs: leg.poolInputs,
          platformFee: bought.platformFee,
          inscription: leg.inscription,
          prelude: leg.prelude,
          rung: leg.rung,
        },
        terms,
      };
    }
    fee = size.fee > fee ? size.fee : fee;
    cost = leg.cost > cost ? leg.cost : cost;
  }
  throw refuse('insufficientLiquidity', "The pools' coins cannot settle this swap now");
}
