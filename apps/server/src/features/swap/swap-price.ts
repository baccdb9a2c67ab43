import {
  swapTxSize,
  TradeError,
  type BitcoinNetwork,
  type Utxo,
  type WalletUtxo,
} from '@om/bitcoin';
import {
  CurveError,
  quoteExactIn,
  quoteExactOut,
  type CurveFees,
  type CurveQuote,
  type Reserves,
} from '@om/core';
import type { SwapPair } from './swap-amounts.ts';
import { floorToDecimals } from './swap-amounts.ts';
import type { PoolKeys } from './swap-pool.ts';
import {
  poolTransfer,
  transferCost,
  type PoolTransfer,
  type SwapInscription,
} from './swap-inscription.ts';
import type { LadderRung } from './swap-ladder.queries.ts';
import { POSTAGE } from '../inscription-service/inscribe-price.ts';
import { refuse } from './swap-refusal.ts';

// A swap priced against the pool's reserves and laid out as its transactions, from the same terms
// for get_swap_psbt_txsize and get_swap_psbt (ADR 017). Everything here is computed; the service
// reads the chain and the database around it.

export type PriceContext = {
  pair: SwapPair;
  pool: PoolKeys;
  decimals: number;
  reserves: Reserves;
  /** The pool's available index balance less the buys in flight the index has not seen. */
  tokensFree: bigint;
  fees: CurveFees;
  /** The pool's confirmed cardinal coins no live order holds. */
  poolCoins: readonly WalletUtxo[];
  /** The ladder's rungs ready and free (no live order holds them). */
  ladder: readonly LadderRung[];
  platformFeeAddress: string | undefined;
  feeRate: number;
  maxFeeRate: number;
  network: BitcoinNetwork;
};

export type SellRequest = {
  inscription: SwapInscription & { amount: bigint };
  userPaymentAddress: string;
};

export type BuyRequest = {
  /** Sats in (exact send) or token units out (exact receive). */
  exact: { side: 'send'; sats: bigint } | { side: 'receive'; units: bigint };
  paymentAddress: string;
  ordinalsAddress: string;
  userCoins: readonly WalletUtxo[];
};

export type Priced = {
  quote: CurveQuote;
  /** What the user gives (sats or token units) and gets (token units, or sats after the network fee). */
  send: bigint;
  receive: bigint;
  /** Every fee the user pays the miners: the swap's, and on a buy the pool's commit and reveal. */
  networkFee: bigint;
  /** The platform's BTC output (0 when dust left it out). */
  platformFee: bigint;
  /** The swap transaction's vsize, which the user signs. */
  vsize: number;
  inscription: SwapInscription;
  userInputs: Utxo[];
  /** The pool coins the order spends: the sale's funding, or the buy's commit coins. */
  poolInputs: Utxo[];
  /** The terms to build the swap PSBT from (the same the size came from). */
  terms:
    | ({ direction: 'sell' } & Parameters<typeof swapTxSize>[0])
    | ({ direction: 'buy' } & Parameters<typeof swapTxSize>[0]);
  /** A buy's commit and reveal, when it is not off the ladder. */
  prelude: PoolTransfer | undefined;
  /** A buy off the ladder: the rung it takes. */
  rung: LadderRung | undefined;
  /** The pool's reserves after it (after − before = the order's deltas). */
  btcDelta: bigint;
  tokenDelta: bigint;
};

export function curve<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (!(err instanceof CurveError)) throw err;
    if (err.code === 'non-positive') throw refuse('badRequest', err.message);
    throw refuse('insufficientLiquidity', err.message);
  }
}

export function sized<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (!(err instanceof TradeError)) throw err;
    if (err.code === 'insufficient-funds') throw refuse('insufficientFunds', err.message);
    throw refuse('badRequest', err.message);
  }
}

export const platformOutput = (
  ctx: Pick<PriceContext, 'platformFeeAddress' | 'pool'>,
  value: bigint,
) => ({
  // Without a fee address there is no fee (curveFees then has platformPpm 0).
  address: ctx.platformFeeAddress ?? ctx.pool.address,
  value: ctx.platformFeeAddress ? value : 0n,
});

/** Tokens → BTC: the whole transfer inscription in, BTC out less the swap's fee, paid by the pool. */
export function priceSell(ctx: PriceContext, request: SellRequest): Priced {
  const { inscription } = request;
  const quote = curve(() => quoteExactIn('sell', ctx.reserves, inscription.amount, ctx.fees));
  const common = {
    direction: 'sell' as const,
    inscription,
    userPaymentAddress: request.userPaymentAddress,
    pool: { address: ctx.pool.address, utxos: ctx.poolCoins },
    platformFee: platformOutput(ctx, quote.platformFee),
    feeRate: ctx.feeRate,
    maxFeeRate: ctx.maxFeeRate,
    network: ctx.network,
  };
  // The fee depends on the pool coins the payment needs and the payment on the fee: settle on a
  // fee at least the transaction's, the pool keeping any difference.
  let fee = 0n;
  for (let round = 0; round < 4; round++) {
    const receive = quote.received - fee;
    if (receive <= 0n) throw refuse('badRequest', 'The sale would not pay its network fee');
    const terms = { ...common, receive };
    const size = sized(() => swapTxSize(terms));
    if (size.fee <= fee) {
      return {
        quote,
        send: inscription.amount,
        receive,
        networkFee: fee,
        platformFee: size.platformFee,
        vsize: size.vsize,
        inscription,
        userInputs: size.userInputs,
        poolInputs: size.poolInputs,
        terms,
        prelude: undefined,
        rung: undefined,
        btcDelta: -(receive + size.platformFee + size.fee),
        tokenDelta: inscription.amount,
      };
    }
    fee = size.fee;
  }
  throw refuse('insufficientLiquidity', "The pool's coins cannot settle this sale now");
}

/** BTC → tokens: the pool inscribes a transfer of exactly the amount, the user pays for it. */
export function priceBuy(ctx: PriceContext, request: BuyRequest): Priced {
  const units =
    request.exact.side === 'receive'
      ? request.exact.units
      : floorToDecimals(
          curve(() =>
            quoteExactIn('buy', ctx.reserves, (request.exact as { sats: bigint }).sats, ctx.fees),
          ).amountOut,
          ctx.decimals,
        );
  if (units <= 0n)
    throw refuse('badRequest', 'send_amount buys less than the token’s smallest unit');
  // The least BTC that buys exactly `units`: what a transfer inscription can carry.
  const quote = curve(() => quoteExactOut('buy', ctx.reserves, units, ctx.fees));
  const leg = buyTransfer(ctx, units);
  const toPool = quote.amountIn - quote.platformFee;
  const pay = toPool + leg.cost;
  const terms = {
    direction: 'buy' as const,
    inscription: leg.inscription,
    poolAddress: ctx.pool.address,
    user: {
      paymentAddress: request.paymentAddress,
      ordinalsAddress: request.ordinalsAddress,
      utxos: request.userCoins,
    },
    pay,
    platformFee: platformOutput(ctx, quote.platformFee),
    feeRate: ctx.feeRate,
    maxFeeRate: ctx.maxFeeRate,
    network: ctx.network,
  };
  const size = sized(() => swapTxSize(terms));
  return {
    quote,
    send: toPool + size.platformFee,
    receive: units,
    // The inscription's postage comes back to the user with it: the rest of its cost is fees.
    networkFee: size.fee + leg.cost - leg.inscription.value,
    platformFee: size.platformFee,
    vsize: size.vsize,
    inscription: leg.inscription,
    userInputs: size.userInputs,
    poolInputs: leg.poolInputs,
    terms,
    prelude: leg.prelude,
    rung: leg.rung,
    btcDelta: leg.prelude ? toPool : pay,
    tokenDelta: -units,
  };
}

export type BuyTransfer = {
  inscription: SwapInscription;
  /** What the buyer pays the pool for it: commit and reveal fees, and its postage back. */
  cost: bigint;
  /** The pool coins the order holds: the rung's output, or the commit's coins. */
  poolInputs: Utxo[];
  prelude: PoolTransfer | undefined;
  rung: LadderRung | undefined;
};

/**
 * The pool's transfer inscription of exactly `units` for a buy (or a route's second leg): a ready
 * rung of its ladder, one transaction, else one it inscribes to order, unsigned until
 * send_swap_psbt signs it. The buyer pays what inscribing to order costs either way (a rung is
 * made again from that), so the price is the same and the ladder cannot be drained at the pool's
 * cost; it only saves the wait on two more transactions.
 */
export function buyTransfer(ctx: PriceContext, units: bigint): BuyTransfer {
  const rung = ctx.ladder.find((r) => r.amount === units);
  if (rung) {
    const restock = transferCost(
      ctx.pool,
      ctx.pair.tick,
      units,
      ctx.decimals,
      ctx.feeRate,
      ctx.network,
    );
    const coin = { txid: rung.txid, vout: rung.vout, value: rung.value, script: ctx.pool.script };
    return {
      inscription: { ...coin, id: rung.inscriptionId, inscriptionOffset: 0n },
      // The rung's postage leaves with it: the buyer pays it back with the restock's fees. Every
      // sat paid lands in the pool's cardinal coins (the rung's output never counted there).
      cost: restock - POSTAGE + rung.value,
      poolInputs: [coin],
      prelude: undefined,
      rung,
    };
  }
  if (units > ctx.tokensFree) {
    throw refuse(
      'insufficientLiquidity',
      "The pool's tokens are promised to swaps the index has not seen yet: try again after the next block",
    );
  }
  const prelude = poolTransfer(
    ctx.pool,
    ctx.pair.tick,
    units,
    ctx.decimals,
    ctx.poolCoins,
    ctx.feeRate,
    ctx.network,
    { sign: false },
  );
  return {
    inscription: prelude.inscription,
    cost: prelude.cost,
    poolInputs: prelude.coins,
    prelude,
    rung: undefined,
  };
}
