import {
  BRC20_SCALE,
  SATS_PER_BTC,
  SWAP_MAX_SLIPPAGE_PERCENT,
  SWAP_ORDER_TTL_SECONDS,
  type SwapPoolsInfo,
  type SwapPoolsInfoBodySchema,
  type SwapPoolSummary,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { pkscriptOf } from '../../indexer/brc20/brc20-follower.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { isValidAddress } from '@om/bitcoin';
import {
  btcText,
  curveFees,
  pairOf,
  ppmText,
  ratioText,
  tokenText,
  type SwapPair,
} from './swap-amounts.ts';
import { poolTokenBalance, poolTicks } from './swap-orders.queries.ts';
import { routeOf, type Route } from './swap-route.service.ts';
import { quotePoolState, type PoolState } from './swap-pool-state.ts';
import { quoteRead } from './swap-quote-cache.ts';
import { refuse } from './swap-refusal.ts';

// POST /brc20swap/swap_pools_info (polled every 7 s by the page) and GET /brc20swap/pools.

type InfoBody = z.output<typeof SwapPoolsInfoBodySchema>;

export async function swapPoolsInfo(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: InfoBody,
): Promise<SwapPoolsInfo> {
  const route = routeOf(body);
  if (route) return routePoolsInfo(deps, body, route);
  const pair = pairOf(body);
  const pool = await quotePoolState(deps, pair.tick);
  const { btc, token } = pool.reserves;
  const btcSide = {
    volume: btcText(btc),
    per: ratioText(btc * BRC20_SCALE, token * SATS_PER_BTC, 8),
  };
  const tokenSide = {
    volume: tokenText(token, pool.decimals),
    per: ratioText(token * SATS_PER_BTC, btc * BRC20_SCALE, pool.decimals),
  };
  const [send, receive] = pair.direction === 'buy' ? [btcSide, tokenSide] : [tokenSide, btcSide];
  const fees = curveFees(deps.env);
  const balances = await balancesOf(deps, body.address, pair, pool);
  return {
    tick1: pair.direction === 'buy' ? 'btc' : pair.tick,
    tick2: pair.direction === 'buy' ? pair.tick : 'btc',
    tick1_volume: send.volume,
    tick2_volume: receive.volume,
    // How much tick1 one tick2 is worth at the spot price, and the other way round.
    tick1_per_tick2: send.per,
    tick2_per_tick1: receive.per,
    platform_service_fee_percent: ppmText(fees.platformPpm),
    liquider_service_fee_percent: ppmText(fees.lpPpm),
    platform_service_fee_sell_percent: ppmText(fees.platformPpm),
    liquider_service_sell_percent: ppmText(fees.lpPpm),
    route: pair.direction === 'buy' ? ['btc', pair.tick] : [pair.tick, 'btc'],
    ladder: ladderOf(pool),
    max_slipper: String(SWAP_MAX_SLIPPAGE_PERCENT),
    order_ttl_seconds: SWAP_ORDER_TTL_SECONDS,
    send_balance: balances?.[pair.direction === 'buy' ? 'btc' : 'token'] ?? null,
    receive_balance: balances?.[pair.direction === 'buy' ? 'token' : 'btc'] ?? null,
  };
}

/**
 * Tick ↔ tick through BTC: the two pools' token reserves as the route's ends, the spot price
 * through BTC, and each pool's reserves (`legs`) for the page's own quote. The fees are each
 * leg's: the sale's into the first pool, the buy's out of the second.
 */
async function routePoolsInfo(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: InfoBody,
  route: Route,
): Promise<SwapPoolsInfo> {
  const [a, b] = await Promise.all([
    quotePoolState(deps, route.from),
    quotePoolState(deps, route.to),
  ]);
  const fees = curveFees(deps.env);
  // Tokens of `to` per token of `from` at both spot prices: (btcA / tokA) / (btcB / tokB).
  const toPerFrom = ratioText(
    a.reserves.btc * b.reserves.token,
    a.reserves.token * b.reserves.btc,
    b.decimals,
  );
  const fromPerTo = ratioText(
    b.reserves.btc * a.reserves.token,
    b.reserves.token * a.reserves.btc,
    a.decimals,
  );
  const [fromBalance, toBalance] = await Promise.all([
    balancesOf(deps, body.address, { direction: 'sell', tick: route.from }, a),
    balancesOf(deps, body.address, { direction: 'buy', tick: route.to }, b),
  ]);
  const leg = (pool: PoolState) => ({
    tick: pool.keys.tick,
    decimals: pool.decimals,
    btc_volume: btcText(pool.reserves.btc),
    tick_volume: tokenText(pool.reserves.token, pool.decimals),
  });
  return {
    tick1: route.from,
    tick2: route.to,
    tick1_volume: tokenText(a.reserves.token, a.decimals),
    tick2_volume: tokenText(b.reserves.token, b.decimals),
    tick1_per_tick2: fromPerTo,
    tick2_per_tick1: toPerFrom,
    platform_service_fee_percent: ppmText(fees.platformPpm),
    liquider_service_fee_percent: ppmText(fees.lpPpm),
    platform_service_fee_sell_percent: ppmText(fees.platformPpm),
    liquider_service_sell_percent: ppmText(fees.lpPpm),
    route: [route.from, 'btc', route.to],
    legs: [leg(a), leg(b)],
    ladder: ladderOf(b),
    max_slipper: String(SWAP_MAX_SLIPPAGE_PERCENT),
    order_ttl_seconds: SWAP_ORDER_TTL_SECONDS,
    send_balance: fromBalance?.token ?? null,
    receive_balance: toBalance?.token ?? null,
  };
}

/** The user's BTC (cardinal coins) and tokens (overall balance); none for '0' (DotSwap's nobody). */
async function balancesOf(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  address: string,
  pair: SwapPair,
  pool: PoolState,
): Promise<{ btc: string; token: string } | undefined> {
  const network = deps.env.BITCOIN_NETWORK;
  if (address === '0') return undefined;
  if (!isValidAddress(address, network)) {
    throw refuse('badRequest', `address: not a ${network} address`);
  }
  // Shared by this address's quotes for up to a second, dropped at any block or mempool change.
  const { sats, tokens } = await quoteRead(deps, `balances ${pair.tick} ${address}`, async () => {
    const [coins, balance] = await Promise.all([
      cardinalCoins(deps.chain.source, address, network),
      poolTokenBalance(deps.db.kysely, pkscriptOf(address, network), pair.tick),
    ]);
    return { sats: coins.reduce((sum, c) => sum + c.value, 0n), tokens: balance.overall };
  });
  return { btc: btcText(sats), token: tokenText(tokens, pool.decimals) };
}

/** The amounts the pool's ladder has ready, with how many rungs of each (a live quote may hold one). */
function ladderOf(pool: PoolState): { amount: string; ready: number }[] {
  const ready = new Map<bigint, number>();
  for (const rung of pool.ladder) ready.set(rung.amount, (ready.get(rung.amount) ?? 0) + 1);
  return [...ready.keys()]
    .sort((a, b) => (a < b ? -1 : 1))
    .map((amount) => ({
      amount: tokenText(amount, pool.decimals),
      ready: ready.get(amount) ?? 0,
    }));
}

/** Every pool with its reserves and spot price. */
export async function swapPools(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
): Promise<SwapPoolSummary[]> {
  const ticks = await poolTicks(deps.db);
  return Promise.all(
    ticks.map(async (tick) => {
      const pool = await quotePoolState(deps, tick);
      const { btc, token } = pool.reserves;
      return {
        tick,
        decimals: pool.decimals,
        btc_volume: btcText(btc),
        tick_volume: tokenText(token, pool.decimals),
        price_btc: ratioText(btc * BRC20_SCALE, token * SATS_PER_BTC, 8),
        pool_address: pool.keys.address,
      };
    }),
  );
}
