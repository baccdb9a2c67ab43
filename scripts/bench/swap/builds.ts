import {
  buildBuySwapPsbt,
  buildSellSwapPsbt,
  compressedPublicKey,
  scriptOfAddress,
} from '@om/bitcoin';
import { BRC20_SCALE, SwapTxSizeSchema } from '@om/core';
import { sql } from 'kysely';
import type { AppDeps } from '../../../apps/server/src/app-deps.ts';
import { platformFeeAddress } from '../../../apps/server/src/trading/platform-fee.ts';
import { cardinalCoins } from '../../../apps/server/src/trading/wallet-coins.ts';
import { curveFees } from '../../../apps/server/src/features/swap/swap-amounts.ts';
import {
  signPoolTransfer,
  userTransfer,
} from '../../../apps/server/src/features/swap/swap-inscription.ts';
import { releaseSwapHold } from '../../../apps/server/src/features/swap/swap-orders.queries.ts';
import { readPoolState } from '../../../apps/server/src/features/swap/swap-pool-state.ts';
import {
  priceBuy,
  priceSell,
  type PriceContext,
} from '../../../apps/server/src/features/swap/swap-price.ts';
import { percentile } from '../bench-report.ts';
import { TICK, type Seller, type User } from './pool-setup.ts';
import { post, psbtBody, sizeBody, type SwapAsk } from './swap-client.ts';
import { clientAddress } from '../client-address.ts';

// get_swap_psbt's cost two ways: over HTTP (the whole request: checksum, the pool's chain view,
// its lock, pricing, the unsigned commit and reveal of a buy, the PSBT, the order and its coins
// written), and in-process, the pure part only (the curve, the pool's commit/reveal, the PSBT);
// and the signing of a buy's commit and reveal that send_swap_psbt does.

export type Timing = { runs: number; medianMs: number; p95Ms: number };
const timing = (samples: number[]): Timing => ({
  runs: samples.length,
  medianMs: percentile(samples, 50),
  p95Ms: percentile(samples, 95),
});

export type HttpBuildFigures = { buy: Timing; sell: Timing };

/**
 * `runs` get_swap_psbt calls of one buy and of one sale, one at a time, on one txsize answer; each
 * order is deleted and its pool coins freed before the next, so every call prices the same pool.
 */
export async function measureHttpBuilds(
  deps: AppDeps,
  origin: string,
  users: { buyer: User; seller: Seller },
  runs: number,
): Promise<HttpBuildFigures> {
  // Each call from a client address of its own (10.3.x.y for buys, 10.4.x.y for sales): one
  // client's 200 calls in a minute would meet the default write limit, which is not measured here.
  const one = async (ask: SwapAsk, net: number) => {
    const body = sizeBody(TICK, ask, '12');
    const size = await post(origin, '/get_swap_psbt_txsize', body);
    if (size.body.code !== 0) throw new Error(`txsize: ${size.body.msg}`);
    const request = psbtBody(body, ask.user, SwapTxSizeSchema.parse(size.body.data));
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const built = await post(origin, '/get_swap_psbt', request, clientAddress(net, i));
      if (built.body.code !== 0) throw new Error(`get_swap_psbt: ${built.body.msg}`);
      samples.push(built.ms);
      const id = (built.body.data as { order_id: string }).order_id;
      // Deleted, not expired: the same request builds the same transactions, and an order's
      // txid is unique (see the report: get_swap_psbt answers 500 on a repeat after expiry).
      await sql`delete from swap_orders where id = ${id}`.execute(deps.db.kysely);
      await releaseSwapHold(deps.db.kysely, id);
    }
    return timing(samples);
  };
  return {
    buy: await one({ direction: 'buy', user: users.buyer, btc: '0.0005' }, 3),
    sell: await one({ direction: 'sell', user: users.seller }, 4),
  };
}

type Phases = { price: Timing; build: Timing; total: Timing };
export type PureBuildFigures = {
  buy: Phases;
  /** A buy of exactly a ladder amount: the pool's ready transfer, one transaction, no inscribing. */
  ladderBuy: Phases;
  /** send_swap_psbt's signing of a buy's pool transfer (commit and reveal), built unsigned. */
  buySign: Timing;
  sell: Phases;
};

/**
 * The pure part of get_swap_psbt, in this process on data read once: priceBuy (the curve, the
 * pool's transfer inscription by poolTransfer: its commit and reveal signed, the swap's size) then
 * buildBuySwapPsbt; priceSell then buildSellSwapPsbt.
 */
export async function measurePureBuilds(
  deps: AppDeps,
  users: { buyer: User; seller: Seller },
  runs: number,
): Promise<PureBuildFigures> {
  const { env } = deps;
  const network = env.BITCOIN_NETWORK;
  const state = await readPoolState(deps, TICK);
  const feeAddress = platformFeeAddress(env);
  const fees = curveFees(env);
  const ctx = (direction: 'buy' | 'sell'): PriceContext => ({
    pair: { direction, tick: TICK },
    pool: state.keys,
    decimals: state.decimals,
    reserves: state.reserves,
    tokensFree: state.available - state.inFlight.bought,
    fees: feeAddress ? fees : { ...fees, platformPpm: 0n },
    poolCoins: state.spendable,
    ladder: [],
    platformFeeAddress: feeAddress,
    feeRate: 2,
    maxFeeRate: env.MAX_FEE_RATE,
    network,
  });
  const { buyer, seller } = users;
  const userCoins = await cardinalCoins(deps.chain.source, buyer.paymentAddress, network);
  const inscription = await userTransfer(
    deps,
    seller.transfer,
    TICK,
    seller.address,
    scriptOfAddress(seller.address, network),
  );
  const keys = (user: User) => ({
    keys: { user: compressedPublicKey(user.privateKey), pool: state.keys.publicKey },
  });

  const measure = <T>(price: () => T, build: (priced: T) => unknown) => {
    const samples = { price: [] as number[], build: [] as number[], total: [] as number[] };
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const priced = price();
      const t1 = performance.now();
      build(priced);
      const t2 = performance.now();
      samples.price.push(t1 - t0);
      samples.build.push(t2 - t1);
      samples.total.push(t2 - t0);
    }
    return {
      price: timing(samples.price),
      build: timing(samples.build),
      total: timing(samples.total),
    };
  };
  const buyCtx = ctx('buy');
  const sellCtx = ctx('sell');
  // A rung as the ladder keeps it (the pool's reveal output, 546 sats at offset 0): pricing and
  // building read only its outpoint and value, so the pure timing needs no mined rung.
  const rung = {
    inscriptionId: `${'ab'.repeat(32)}i0`,
    amount: 1000n * BRC20_SCALE,
    txid: 'ab'.repeat(32),
    vout: 0,
    value: 546n,
  };
  const ladderCtx = { ...buyCtx, ladder: [rung] };
  const buildBuy = (priced: ReturnType<typeof priceBuy>) => {
    if (priced.terms.direction !== 'buy') throw new Error('not a buy');
    return buildBuySwapPsbt({ ...priced.terms, ...keys(buyer) });
  };
  const priced = priceBuy(buyCtx, {
    exact: { side: 'send', sats: 50_000n },
    paymentAddress: buyer.paymentAddress,
    ordinalsAddress: buyer.address,
    userCoins,
  });
  const prelude = priced.prelude!;
  const signs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    signPoolTransfer(state.keys, TICK, priced.receive, state.decimals, prelude.coins, 2, network);
    signs.push(performance.now() - t0);
  }
  return {
    buySign: timing(signs),
    buy: measure(
      () =>
        priceBuy(buyCtx, {
          exact: { side: 'send', sats: 50_000n },
          paymentAddress: buyer.paymentAddress,
          ordinalsAddress: buyer.address,
          userCoins,
        }),
      buildBuy,
    ),
    ladderBuy: measure(
      () =>
        priceBuy(ladderCtx, {
          exact: { side: 'receive', units: rung.amount },
          paymentAddress: buyer.paymentAddress,
          ordinalsAddress: buyer.address,
          userCoins,
        }),
      (priced: ReturnType<typeof priceBuy>) => {
        if (!priced.rung) throw new Error('not off the ladder');
        return buildBuy(priced);
      },
    ),
    sell: measure(
      () => priceSell(sellCtx, { inscription, userPaymentAddress: seller.paymentAddress }),
      (priced: ReturnType<typeof priceSell>) => {
        if (priced.terms.direction !== 'sell') throw new Error('not a sale');
        return buildSellSwapPsbt({ ...priced.terms, ...keys(seller) });
      },
    ),
  };
}
