import { randomUUID } from 'node:crypto';
import {
  buildBuySwapPsbt,
  buildSellSwapPsbt,
  bytesToBase64,
  TradeError,
  type BuiltSwap,
} from '@om/bitcoin';
import { minimumReceived, SWAP_ORDER_TTL_SECONDS, type SwapPsbt, type SwapTxSize } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { btcText, pairOf, satsOf, tokenText, tokenUnitsOf, type SwapPair } from './swap-amounts.ts';
import { preludeCoins } from './swap-inscription.ts';
import {
  insertOrderHolding,
  lockPool,
  openQuotes,
  promisedOutpoints,
  replaceQuotesOf,
} from './swap-orders.queries.ts';
import { poolState, readPoolChain, type PoolState } from './swap-pool-state.ts';
import { priceBuy, priceSell, type Priced } from './swap-price.ts';
import { refuse } from './swap-refusal.ts';
import { getRoutePsbt, routeOf, routeTxSize } from './swap-route.service.ts';
import {
  checksumOf,
  CoinsTaken,
  percentText,
  priceContext,
  userKeys,
  userSide,
  type PsbtBody,
  type SizeBody,
  type UserKeys,
  type UserSide,
} from './swap-order-parts.ts';

// POST /brc20swap/get_swap_psbt_txsize and /get_swap_psbt (ADR 017). The first prices the swap
// and chooses its coins; the second prices it again under the pool's lock (the reserves moved, or
// not), refuses it outside the user's slippage, and writes the order with the pool coins it holds.

export async function swapTxSize(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: SizeBody,
): Promise<SwapTxSize> {
  const route = routeOf(body);
  if (route) return routeTxSize(deps, body, route);
  const pair = pairOf(body);
  const chain = await readPoolChain(deps, pair.tick);
  const user = await userSide(deps, body, pair, chain, undefined);
  const state = await poolState(deps.db.kysely, chain);
  const promised = await promisedOutpoints(deps.db.kysely, chain.keys.address);
  const priced = price(deps, body, pair, state, promised, user);
  const minReceive = minimumOf(body, pair, priced.receive);
  const vins = pair.direction === 'buy' ? priced.userInputs : [];
  const answer = {
    tx_size: priced.vsize,
    ins_contain_sats: pair.direction === 'sell' ? priced.inscription.value.toString() : '0',
    vins: vins.map((c) => ({ txid: c.txid, vout: c.vout, value: c.value.toString() })),
    usr_cnt: priced.userInputs.length,
    network_fee: btcText(priced.networkFee),
    send_amount: sendText(pair, state.decimals, priced.send),
    receive_amount: receiveText(pair, state.decimals, priced.receive),
    min_receive: receiveText(pair, state.decimals, minReceive),
    price_impact: percentText(priced.quote.priceImpactBps),
  };
  return {
    ...answer,
    checksum: checksumOf(deps, { ...body, vins: answer.vins }),
  };
}

export async function getSwapPsbt(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: PsbtBody,
  client: string,
): Promise<SwapPsbt> {
  const { env, db } = deps;
  if (body.checksum !== checksumOf(deps, body)) {
    throw refuse(
      'checksumMismatch',
      'checksum: the request is not the one get_swap_psbt_txsize answered; ask it again',
    );
  }
  const route = routeOf(body);
  if (route) return getRoutePsbt(deps, body, client, route);
  const pair = pairOf(body);
  const chain = await readPoolChain(deps, pair.tick);
  const keys = userKeys(deps, body, pair);
  const user = await userSide(deps, body, pair, chain, body.vins);
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + SWAP_ORDER_TTL_SECONDS * 1000);

  const written = await db.kysely
    .transaction()
    .execute(async (trx) => {
      await lockPool(trx, pair.tick);
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
      // A new quote for the same transfer inscription replaces the last one.
      if (user.inscription) await replaceQuotesOf(trx, user.inscription.id);
      const state = await poolState(trx, chain);
      const promised = await promisedOutpoints(trx, chain.keys.address);
      const priced = price(deps, body, pair, state, promised, user);
      checkSlippage(body, pair, state, priced);
      const built = buildSwap(priced, keys, state.keys.publicKey);
      const minReceive = minimumOf(body, pair, priced.receive);
      const inserted = await insertOrderHolding(
        trx,
        {
          id,
          tick: pair.tick,
          direction: pair.direction,
          paymentAddress: body.address,
          ordinalsAddress: body.ordinals_address ?? body.address,
          client,
          sendAmount: priced.send,
          receiveAmount: priced.receive,
          minReceive,
          slippage: body.slipper,
          feeRate: body.fee_rate,
          platformFee: priced.platformFee,
          lpFee: priced.quote.lpFee,
          networkFee: priced.networkFee,
          reserveBtc: state.reserves.btc,
          reserveToken: state.reserves.token,
          btcDelta: priced.btcDelta,
          tokenDelta: priced.tokenDelta,
          inscriptionId: priced.inscription.id,
          psbt: bytesToBase64(built.psbt),
          layout: built.layout,
          // Signed at send_swap_psbt from preludeCoins (the txids are known already).
          preludeTxids: priced.prelude
            ? [priced.prelude.commit.txid, priced.prelude.reveal.txid]
            : [],
          preludeCoins: priced.prelude ? preludeCoins(priced.prelude) : null,
          txid: built.txid,
          expiresAt,
        },
        {
          address: chain.keys.address,
          outpoints: priced.poolInputs.map((c) => `${c.txid}:${c.vout}`),
        },
      );
      if (!inserted) throw new CoinsTaken();
      return { priced, built, minReceive, decimals: state.decimals };
    })
    .catch((err: unknown) => {
      if (err instanceof CoinsTaken) {
        throw refuse(
          'insufficientLiquidity',
          "The pool's coins are held by other swaps: try again",
        );
      }
      throw err;
    });

  const { priced, built, minReceive, decimals } = written;
  const signer = pair.direction === 'sell' ? (body.ordinals_address ?? body.address) : body.address;
  return {
    order_id: id,
    psbt: bytesToBase64(built.psbt),
    check_sign_only: true,
    inputs_to_sign: built.layout.userInputs.map((index) => ({ index, address: signer })),
    expires_at: expiresAt.toISOString(),
    send_amount: sendText(pair, decimals, priced.send),
    receive_amount: receiveText(pair, decimals, priced.receive),
    min_receive: receiveText(pair, decimals, minReceive),
    platform_fee: btcText(priced.platformFee),
    lp_fee:
      pair.direction === 'buy'
        ? btcText(priced.quote.lpFee)
        : tokenText(priced.quote.lpFee, decimals),
    network_fee: btcText(priced.networkFee),
    ...(pair.direction === 'buy'
      ? { transfer: priced.rung ? ('ladder' as const) : ('inscribed' as const) }
      : {}),
  };
}

function price(
  deps: Pick<AppDeps, 'env'>,
  body: SizeBody,
  pair: SwapPair,
  state: PoolState,
  promised: ReadonlySet<string>,
  user: UserSide,
): Priced {
  const ctx = priceContext(deps, body, pair, state, promised);
  if (pair.direction === 'sell') {
    return priceSell(ctx, { inscription: user.inscription!, userPaymentAddress: body.address });
  }
  return priceBuy(ctx, {
    exact:
      body.exact_side === 'send'
        ? { side: 'send', sats: satsOf(body.send_amount, 'send_amount') }
        : {
            side: 'receive',
            units: tokenUnitsOf(body.receive_amount, state.decimals, 'receive_amount'),
          },
    paymentAddress: body.address,
    ordinalsAddress: body.ordinals_address ?? body.address,
    userCoins: user.coins,
  });
}

/** The quote the user saw, less their slippage: the least the order may give them. */
function minimumOf(body: SizeBody, pair: SwapPair, receive: bigint): bigint {
  return body.exact_side === 'receive' ? receive : minimumReceived(receive, body.slipper);
}

/** The price now against the quote the user accepted (the body's amounts) and their slippage. */
function checkSlippage(body: SizeBody, pair: SwapPair, state: PoolState, priced: Priced): void {
  const decimals = state.decimals;
  if (body.exact_side === 'send') {
    const quoted =
      pair.direction === 'buy'
        ? tokenUnitsOf(body.receive_amount, decimals, 'receive_amount')
        : satsOf(body.receive_amount, 'receive_amount');
    const least = minimumReceived(quoted, body.slipper);
    if (priced.receive < least) {
      throw refuse(
        'slippageExceeded',
        `The price moved beyond your slippage of ${body.slipper}%: you would receive ${receiveText(pair, decimals, priced.receive)}, at least ${receiveText(pair, decimals, least)} was asked`,
      );
    }
    return;
  }
  // Exact receive (buys only): the user pays at most the quote plus their slippage.
  const quoted = satsOf(body.send_amount, 'send_amount');
  const most = quoted + (quoted - minimumReceived(quoted, body.slipper));
  if (priced.send > most) {
    throw refuse(
      'slippageExceeded',
      `The price moved beyond your slippage of ${body.slipper}%: it would cost ${btcText(priced.send)} BTC, at most ${btcText(most)} was asked`,
    );
  }
}

function buildSwap(priced: Priced, keys: UserKeys, pool: Uint8Array): BuiltSwap {
  const swapKeys = { keys: { user: keys.user, pool } };
  try {
    return priced.terms.direction === 'sell'
      ? buildSellSwapPsbt({ ...priced.terms, ...swapKeys })
      : buildBuySwapPsbt({ ...priced.terms, ...swapKeys });
  } catch (err) {
    if (err instanceof TradeError) throw refuse('badRequest', err.message);
    throw err;
  }
}

const sendText = (pair: SwapPair, decimals: number, units: bigint) =>
  pair.direction === 'buy' ? btcText(units) : tokenText(units, decimals);
const receiveText = (pair: SwapPair, decimals: number, units: bigint) =>
  pair.direction === 'buy' ? tokenText(units, decimals) : btcText(units);
