import {
  base64ToBytes,
  checkSignedSwap,
  finalizeSwap,
  signPoolInputs,
  TradeError,
} from '@om/bitcoin';
import {
  quoteExactIn,
  quoteExactOut,
  type SendSwapPsbt,
  type SendSwapPsbtBodySchema,
  type SwapOrder as SwapOrderWire,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { broadcastInOrder, isTxRejection, testMempoolAccept } from '../../trading/broadcast.ts';
import { settleJournal } from '../../trading/claimed-transactions.queries.ts';
import { btcText, curveFees, tokenText } from './swap-amounts.ts';
import {
  claimPending,
  findSwapOrder,
  lapsedBefore,
  markBroadcast,
  moveSwapOrder,
  releaseSwapHold,
  routeLegs,
  type SwapOrder,
} from './swap-orders.queries.ts';
import { coinsOfPrelude, signPoolTransfer } from './swap-inscription.ts';
import { poolKeys } from './swap-pool.ts';
import { refuse } from './swap-refusal.ts';
import { readTicker } from '../brc20/brc20.queries.ts';

// POST /brc20swap/send_swap_psbt (ADR 017, "the pool signs last"): the PSBT must be the order's
// byte for byte but for the user's signatures, the order live, and the pool no worse off than the
// curve says now; then the pool signs, the transactions are journalled with the move to 'pending'
// and only then broadcast, so a kill -9 in between leaves them to the claims worker.

type Body = z.output<typeof SendSwapPsbtBodySchema>;

export async function sendSwapPsbt(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  body: Body,
): Promise<SendSwapPsbt> {
  const { env, db, chain } = deps;
  const order = await findSwapOrder(db, body.order_id);
  if (!order) throw refuse('orderNotFound', `order_id: no swap order ${body.order_id}`);
  if (order.routeId) {
    throw refuse(
      'orderNotFound',
      `order_id: ${order.id} is the second leg of swap order ${order.routeId}: send that one`,
    );
  }
  // A tick ↔ tick swap's second leg: the buy out of the second pool, in the same transaction.
  const legs = await routeLegs(db.kysely, order.id);
  const ids = [order.id, ...legs.map((leg) => leg.id)];
  if (order.state !== 'quoted') {
    throw refuse(
      'orderNotFound',
      `order_id: swap order ${order.id} is ${order.state}, not waiting for a signature`,
    );
  }
  if (order.expiresAt.getTime() <= Date.now()) {
    for (const id of ids) {
      await moveSwapOrder(db.kysely, id, ['quoted'], 'expired');
      await releaseSwapHold(db.kysely, id);
    }
    throw refuse(
      'orderExpired',
      `order_id: swap order ${order.id} expired at ${order.expiresAt.toISOString()}: ask for a new quote`,
    );
  }
  const signed = base64ToBytes(body.psbt);
  if (!signed) throw refuse('psbtMismatch', 'psbt: not base64');
  const built = {
    psbt: base64ToBytes(order.psbt)!,
    layout: order.layout,
    maxFeeRate: env.MAX_FEE_RATE,
  };
  let final;
  try {
    const checked = checkSignedSwap(signed, built);
    const pool = poolKeys(env, order.tick);
    let both = signPoolInputs(checked, pool.privateKey, order.layout.poolInputs);
    const [leg] = legs;
    if (leg && order.layout.routeInputs) {
      both = signPoolInputs(both, poolKeys(env, leg.tick).privateKey, order.layout.routeInputs);
    }
    final = finalizeSwap(both, built);
  } catch (err) {
    if (err instanceof TradeError) throw refuse('psbtMismatch', `psbt: ${err.message}`);
    throw err;
  }
  for (const row of [order, ...legs]) await recheckPool(deps, row, ids);

  const preludes = [];
  for (const row of [...legs, order]) {
    const prelude = await signedPrelude(deps, row);
    if (!prelude) {
      await failOrders(deps, ids, "The pool's transfer inscription could not be signed as quoted");
      throw refuse(
        'broadcastRefused',
        "The pool's transfer inscription could not be signed as quoted",
      );
    }
    preludes.push(...prelude);
  }
  const transactions = [...preludes, { hex: final.hex, txid: final.txid }];
  try {
    await testMempoolAccept(
      chain,
      transactions.map((t) => t.hex),
    );
  } catch (err) {
    if (!isTxRejection(err)) throw err;
    await failOrders(deps, ids, err.message);
    throw refuse('broadcastRefused', `The node refused the swap: ${err.message}`);
  }
  const claimed = await claimPending(
    db,
    order.id,
    { kind: 'swap', ref: order.id, transactions },
    legs.map((leg) => leg.id),
  );
  if (!claimed) {
    throw refuse('orderExpired', `order_id: swap order ${order.id} expired before it was signed`);
  }
  try {
    await broadcastInOrder(
      chain,
      transactions.map((t) => t.hex),
    );
  } catch (err) {
    // The claims worker sends it again, or releases the order when its coins went elsewhere.
    deps.log.warn({ err, orderId: order.id }, 'swap: broadcast later');
    return { order_id: order.id, tx_id: final.txid, state: 'pending' };
  }
  await db.kysely.transaction().execute(async (trx) => {
    await markBroadcast(trx, order.id);
    await settleJournal(trx, 'swap', order.id, 'sent');
  });
  return { order_id: order.id, tx_id: final.txid, state: 'pending' };
}

/**
 * The pool pays no more than the curve gives at the order's place now: its reserves snapshot,
 * less what orders priced before it that lapsed since had moved (only those can move its place;
 * orders priced after it are priced after it). A move in the user's favour is refused.
 */
async function recheckPool(
  deps: Pick<AppDeps, 'db' | 'env'>,
  order: SwapOrder,
  failing: readonly string[],
): Promise<void> {
  const lapsed = await lapsedBefore(deps.db.kysely, order.tick, order.seq, order.createdAt);
  const side = order.direction;
  const reserves = {
    btc: order.reserveBtc - lapsed.btc,
    token: order.reserveToken - lapsed.token,
  };
  const fees = curveFees(deps.env);
  let holds: boolean;
  try {
    holds =
      side === 'sell'
        ? // The sale's payout (the user's BTC, the platform's part, the fee the pool pays) is at
          // most what the curve gives now for the tokens.
          quoteExactIn('sell', reserves, order.tokenDelta, fees).amountOut >= -order.btcDelta
        : // What the pool keeps of the buyer's BTC still buys the tokens it gives.
          (() => {
            const now = quoteExactOut('buy', reserves, -order.tokenDelta, fees);
            return now.amountIn - now.platformFee <= order.btcDelta;
          })();
  } catch {
    holds = false;
  }
  if (!holds) {
    await failOrders(deps, failing, 'The pool moved since the quote');
    throw refuse('slippageExceeded', 'The pool moved since the quote: ask for a new one');
  }
}

/**
 * A buy's pool transfer (commit and reveal), signed now: the order kept it unsigned with the
 * coins its commit spends, so the pool signs nothing before the user has (ADR 017, the pool signs
 * last). Undefined when it does not come out with the txids the swap spends (it always should).
 */
async function signedPrelude(
  deps: Pick<AppDeps, 'db' | 'env'>,
  row: SwapOrder,
): Promise<{ hex: string; txid: string }[] | undefined> {
  if (row.preludeTxids.length === 0) return [];
  // Orders written before 0026 kept theirs signed.
  if (row.preludeHexes.length > 0) {
    return row.preludeHexes.map((hex, i) => ({ hex, txid: row.preludeTxids[i] ?? '' }));
  }
  if (!row.preludeCoins) return undefined;
  const pool = poolKeys(deps.env, row.tick);
  const decimals = (await readTicker(deps.db, row.tick))?.decimals ?? 18;
  const signed = signPoolTransfer(
    pool,
    row.tick,
    -row.tokenDelta,
    decimals,
    coinsOfPrelude(row.preludeCoins, pool),
    row.feeRate,
    deps.env.BITCOIN_NETWORK,
  );
  const txs = [signed.commit, signed.reveal];
  if (txs.some((tx, i) => tx.txid !== row.preludeTxids[i])) return undefined;
  return txs.map(({ hex, txid }) => ({ hex, txid }));
}

/** The order and its route's legs fail together. */
async function failOrders(
  deps: Pick<AppDeps, 'db'>,
  ids: readonly string[],
  error: string,
): Promise<void> {
  for (const id of ids) {
    await moveSwapOrder(deps.db.kysely, id, ['quoted'], 'failed', { error });
    await releaseSwapHold(deps.db.kysely, id);
  }
}

/** GET /brc20swap/order. */
export async function getSwapOrder(deps: Pick<AppDeps, 'db'>, id: string): Promise<SwapOrderWire> {
  const order = await findSwapOrder(deps.db, id);
  if (!order) throw refuse('orderNotFound', `order_id: no swap order ${id}`);
  const [leg] = await routeLegs(deps.db.kysely, order.id);
  if (leg) return routeOrder(deps, order, leg);
  const decimals = (await readTicker(deps.db, order.tick))?.decimals ?? 18;
  const buy = order.direction === 'buy';
  const btc = (v: bigint) => btcText(v);
  const token = (v: bigint) => tokenText(v, decimals);
  const expired = order.state === 'quoted' && order.expiresAt.getTime() <= Date.now();
  return {
    order_id: order.id,
    state: expired ? 'expired' : order.state,
    direction: order.direction,
    tick: order.tick,
    send_amount: buy ? btc(order.sendAmount) : token(order.sendAmount),
    receive_amount: buy ? token(order.receiveAmount) : btc(order.receiveAmount),
    min_receive: buy ? token(order.minReceive) : btc(order.minReceive),
    platform_fee: btc(order.platformFee),
    lp_fee: buy ? btc(order.lpFee) : token(order.lpFee),
    network_fee: btc(order.networkFee),
    tx_id: order.txid,
    tx_ids: [...order.preludeTxids, order.txid],
    inscription_id: order.inscriptionId,
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt.toISOString(),
    error: order.error,
  };
}

const PROGRESS: readonly SwapOrderWire['state'][] = ['quoted', 'pending', 'confirmed', 'completed'];

/**
 * A tick ↔ tick order as one: the first leg's tokens sent, the second's received; failed or
 * expired if a leg is, else as far as the slower leg got (both share one transaction).
 */
async function routeOrder(
  deps: Pick<AppDeps, 'db'>,
  order: SwapOrder,
  leg: SwapOrder,
): Promise<SwapOrderWire> {
  const [from, to] = await Promise.all([
    readTicker(deps.db, order.tick),
    readTicker(deps.db, leg.tick),
  ]);
  const now = Date.now();
  const stateOf = (row: SwapOrder) =>
    row.state === 'quoted' && row.expiresAt.getTime() <= now ? 'expired' : row.state;
  const states = [stateOf(order), stateOf(leg)];
  const state =
    states.find((s) => s === 'failed' || s === 'expired') ??
    PROGRESS[Math.min(...states.map((s) => PROGRESS.indexOf(s)))]!;
  const token = (v: bigint, decimals = 18) => tokenText(v, decimals);
  return {
    order_id: order.id,
    state,
    direction: 'route',
    tick: order.tick,
    receive_tick: leg.tick,
    send_amount: token(order.sendAmount, from?.decimals),
    receive_amount: token(leg.receiveAmount, to?.decimals),
    min_receive: token(leg.minReceive, to?.decimals),
    platform_fee: btcText(order.platformFee + leg.platformFee),
    lp_fee: token(order.lpFee, from?.decimals),
    network_fee: btcText(order.networkFee),
    tx_id: order.txid,
    tx_ids: [...leg.preludeTxids, order.txid],
    inscription_id: leg.inscriptionId,
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt.toISOString(),
    error: order.error ?? leg.error,
  };
}
