import { randomUUID } from 'node:crypto';
import { buildRouteSwapPsbt, bytesToBase64, TradeError, type BuiltSwap } from '@om/bitcoin';
import {
  minimumReceived,
  SWAP_ORDER_TTL_SECONDS,
  type SwapPsbt,
  type SwapPsbtBodySchema,
  type SwapTxSize,
  type SwapTxSizeBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { brc20TickByteLength } from '@om/core';
import { btcText, tokenText, tokenUnitsOf } from './swap-amounts.ts';
import {
  checksumOf,
  CoinsTaken,
  percentText,
  priceContext,
  userKeys,
  userSide,
} from './swap-order-parts.ts';
import {
  insertOrderHolding,
  lockPool,
  openQuotes,
  promisedOutpoints,
  replaceQuotesOf,
  type NewSwapOrder,
} from './swap-orders.queries.ts';
import { poolState, readPoolChain, type PoolChain, type PoolState } from './swap-pool-state.ts';
import { preludeCoins } from './swap-inscription.ts';
import { priceRoute, type PricedRoute } from './swap-route-price.ts';
import { refuse } from './swap-refusal.ts';

// Tick ↔ tick (ADR 017): get_swap_psbt_txsize and get_swap_psbt for a pair of two ticks, routed
// through BTC in one transaction. The order the user holds is the first leg (the sale into the
// first pool); the second leg (the buy out of the second pool) names it in route_id. Both pools
// are locked, in tick order, while the route is priced and its coins promised.

type SizeBody = z.output<typeof SwapTxSizeBodySchema>;
type PsbtBody = z.output<typeof SwapPsbtBodySchema>;

export type Route = { from: string; to: string };

/** The two ticks of a tick ↔ tick pair; undefined for any pair with BTC on a side. */
export function routeOf(body: {
  send_coin_type: string;
  send_tick: string;
  receive_coin_type: string;
  receive_tick: string;
}): Route | undefined {
  if (body.send_coin_type === 'btc' || body.receive_coin_type === 'btc') return undefined;
  const from = body.send_tick.toLowerCase();
  const to = body.receive_tick.toLowerCase();
  const name = `${from}/${to}`;
  if (from === to) throw refuse('pairNotFound', `There is no pool for ${name}`);
  for (const tick of [from, to]) {
    const bytes = brc20TickByteLength(tick);
    if (bytes !== 4 && bytes !== 5) throw refuse('pairNotFound', `There is no pool for ${name}`);
  }
  return { from, to };
}

const sellPair = (route: Route) => ({ direction: 'sell' as const, tick: route.from });
const buyPair = (route: Route) => ({ direction: 'buy' as const, tick: route.to });

type Chains = { a: PoolChain; b: PoolChain };

async function readChains(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  route: Route,
): Promise<Chains> {
  const [a, b] = await Promise.all([
    readPoolChain(deps, route.from),
    readPoolChain(deps, route.to),
  ]);
  return { a, b };
}

async function inscriptionOf(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: SizeBody,
  route: Route,
  chains: Chains,
) {
  if (body.exact_side !== 'send') {
    throw refuse(
      'badRequest',
      "exact_side: a tick-to-tick swap sells its transfer inscription's whole amount",
    );
  }
  const user = await userSide(deps, body, sellPair(route), chains.a, undefined);
  return user.inscription!;
}

function priced(
  deps: Pick<AppDeps, 'env'>,
  body: SizeBody,
  route: Route,
  states: { a: PoolState; b: PoolState },
  promised: { a: ReadonlySet<string>; b: ReadonlySet<string> },
  inscription: Awaited<ReturnType<typeof inscriptionOf>>,
): PricedRoute {
  return priceRoute(
    priceContext(deps, body, sellPair(route), states.a, promised.a),
    priceContext(deps, body, buyPair(route), states.b, promised.b),
    { inscription, ordinalsAddress: body.ordinals_address ?? body.address },
  );
}

export async function routeTxSize(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: SizeBody,
  route: Route,
): Promise<SwapTxSize> {
  const chains = await readChains(deps, route);
  const inscription = await inscriptionOf(deps, body, route, chains);
  const db = deps.db.kysely;
  const [a, b, promisedA, promisedB] = await Promise.all([
    poolState(db, chains.a),
    poolState(db, chains.b),
    promisedOutpoints(db, chains.a.keys.address),
    promisedOutpoints(db, chains.b.keys.address),
  ]);
  const route_ = priced(deps, body, route, { a, b }, { a: promisedA, b: promisedB }, inscription);
  const answer = {
    tx_size: route_.vsize,
    ins_contain_sats: inscription.value.toString(),
    vins: [],
    usr_cnt: 1,
    network_fee: btcText(route_.networkFee),
    send_amount: tokenText(route_.send, a.decimals),
    receive_amount: tokenText(route_.receive, b.decimals),
    min_receive: tokenText(minimumReceived(route_.receive, body.slipper), b.decimals),
    price_impact: percentText(route_.priceImpactBps),
  };
  return { ...answer, checksum: checksumOf(deps, { ...body, vins: [] }) };
}

export async function getRoutePsbt(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: PsbtBody,
  client: string,
  route: Route,
): Promise<SwapPsbt> {
  const { env, db } = deps;
  const chains = await readChains(deps, route);
  const inscription = await inscriptionOf(deps, body, route, chains);
  const keys = userKeys(deps, body, sellPair(route));
  const id = randomUUID();
  const legId = randomUUID();
  const expiresAt = new Date(Date.now() + SWAP_ORDER_TTL_SECONDS * 1000);

  const written = await db.kysely
    .transaction()
    .execute(async (trx) => {
      // Both pools, in one order for every route: two routes never wait on each other's lock.
      for (const tick of [route.from, route.to].sort()) await lockPool(trx, tick);
      const open = await openQuotes(trx, body.address, client);
      if (open.address >= env.MAX_OPEN_RESERVATIONS_PER_WALLET) {
        throw refuse(
          'badRequest',
          `address: ${open.address} swaps are waiting for a signature already`,
        );
      }
      if (open.client >= env.MAX_OPEN_RESERVATIONS_PER_CLIENT) {
        throw refuse('badRequest', 'Too many swaps are waiting for a signature from this client');
      }
      await replaceQuotesOf(trx, inscription.id);
      const [a, b, promisedA, promisedB] = await Promise.all([
        poolState(trx, chains.a),
        poolState(trx, chains.b),
        promisedOutpoints(trx, chains.a.keys.address),
        promisedOutpoints(trx, chains.b.keys.address),
      ]);
      const route_ = priced(
        deps,
        body,
        route,
        { a, b },
        { a: promisedA, b: promisedB },
        inscription,
      );
      const quoted = tokenUnitsOf(body.receive_amount, b.decimals, 'receive_amount');
      const least = minimumReceived(quoted, body.slipper);
      if (route_.receive < least) {
        throw refuse(
          'slippageExceeded',
          `The price moved beyond your slippage of ${body.slipper}%: you would receive ${tokenText(route_.receive, b.decimals)}, at least ${tokenText(least, b.decimals)} was asked`,
        );
      }
      const built = build(route_, keys.user, a, b);
      const minReceive = minimumReceived(route_.receive, body.slipper);
      const common = {
        paymentAddress: body.address,
        ordinalsAddress: body.ordinals_address ?? body.address,
        client,
        slippage: body.slipper,
        feeRate: body.fee_rate,
        psbt: bytesToBase64(built.psbt),
        layout: built.layout,
        txid: built.txid,
        expiresAt,
      };
      const first: NewSwapOrder = {
        ...common,
        id,
        tick: route.from,
        direction: 'sell',
        sendAmount: route_.send,
        receiveAmount: route_.btcBetween,
        minReceive: 0n,
        platformFee: route_.sell.platformFee,
        lpFee: route_.sell.quote.lpFee,
        networkFee: route_.networkFee,
        reserveBtc: a.reserves.btc,
        reserveToken: a.reserves.token,
        btcDelta: route_.sell.btcDelta,
        tokenDelta: route_.sell.tokenDelta,
        inscriptionId: inscription.id,
      };
      const prelude = route_.buy.prelude;
      const second: NewSwapOrder = {
        ...common,
        id: legId,
        routeId: id,
        tick: route.to,
        direction: 'buy',
        sendAmount: route_.btcBetween,
        receiveAmount: route_.receive,
        minReceive,
        platformFee: route_.buy.platformFee,
        lpFee: route_.buy.quote.lpFee,
        networkFee: 0n,
        reserveBtc: b.reserves.btc,
        reserveToken: b.reserves.token,
        btcDelta: route_.buy.btcDelta,
        tokenDelta: route_.buy.tokenDelta,
        inscriptionId: route_.buy.inscription.id,
        preludeTxids: prelude ? [prelude.commit.txid, prelude.reveal.txid] : [],
        preludeCoins: prelude ? preludeCoins(prelude) : null,
      };
      const outpoints = (coins: { txid: string; vout: number }[]) =>
        coins.map((c) => `${c.txid}:${c.vout}`);
      const held =
        (await insertOrderHolding(trx, first, {
          address: chains.a.keys.address,
          outpoints: outpoints(route_.sell.poolInputs),
        })) &&
        (await insertOrderHolding(trx, second, {
          address: chains.b.keys.address,
          outpoints: outpoints(route_.buy.poolInputs),
        }));
      if (!held) throw new CoinsTaken();
      return { route_, built, minReceive, a, b };
    })
    .catch((err: unknown) => {
      if (err instanceof CoinsTaken) {
        throw refuse(
          'insufficientLiquidity',
          "The pools' coins are held by other swaps: try again",
        );
      }
      throw err;
    });

  const { route_, built, minReceive, a, b } = written;
  return {
    order_id: id,
    psbt: bytesToBase64(built.psbt),
    check_sign_only: true,
    inputs_to_sign: [{ index: 0, address: body.ordinals_address ?? body.address }],
    expires_at: expiresAt.toISOString(),
    send_amount: tokenText(route_.send, a.decimals),
    receive_amount: tokenText(route_.receive, b.decimals),
    min_receive: tokenText(minReceive, b.decimals),
    platform_fee: btcText(route_.platformFee),
    lp_fee: tokenText(route_.sell.quote.lpFee, a.decimals),
    network_fee: btcText(route_.networkFee),
    transfer: route_.buy.rung ? 'ladder' : 'inscribed',
  };
}

function build(route: PricedRoute, user: Uint8Array, a: PoolState, b: PoolState): BuiltSwap {
  try {
    return buildRouteSwapPsbt({
      ...route.terms,
      keys: { user, poolA: a.keys.publicKey, poolB: b.keys.publicKey },
    });
  } catch (err) {
    if (err instanceof TradeError) throw refuse('badRequest', err.message);
    throw err;
  }
}
