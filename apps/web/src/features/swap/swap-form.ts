import {
  BRC20_SCALE,
  CurveError,
  minimumReceived,
  parseBtcToSats,
  quoteExactIn,
  quoteExactOut,
  satsToBtc,
  SWAP_MAX_SLIPPAGE_PERCENT,
  type CurveFees,
  type SwapPoolsInfo,
  type SwapTxSize,
  type SwapTxSizeBody,
} from '@om/core';
import { parseTokenAmount, tokenAmountText } from '../../lib/brc20-amount.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

// The swap form's numbers (ADR 017): the pair from the URL, amounts in each coin's unit, and the
// same quote the server computes (core's swap-curve.ts) from the last pools poll, so the page
// shows it between polls. BTC in sats; tokens scaled by 10^18 (BRC20_SCALE), as the curve counts.

export const BTC = 'btc';
export const DEFAULT_SLIPPAGE = '0.5';

/**
 * Buy: BTC in, the token out. Sell: the token in, BTC out. Route: one token in, another out,
 * through BTC in one transaction (ADR 017), selling a transfer inscription whole like a sale.
 */
export type SwapPair = { send: string; receive: string };
export type Direction = 'buy' | 'sell' | 'route';
export type ExactSide = 'send' | 'receive';

/** The pair of `?send=btc&receive=omkt`, lower case; BTC to `fallbackTick` when absent. */
export function pairFromParams(params: URLSearchParams, fallbackTick: string): SwapPair {
  const send = params.get('send')?.trim().toLowerCase() || BTC;
  const receive =
    params.get('receive')?.trim().toLowerCase() || (send === BTC ? fallbackTick : BTC);
  return { send, receive };
}

/** The direction of a pair and the token sent or bought (a route's first); undefined for one coin. */
export function directionOf(pair: SwapPair): { direction: Direction; tick: string } | undefined {
  if (pair.send === pair.receive) return undefined;
  if (pair.send === BTC) return { direction: 'buy', tick: pair.receive };
  if (pair.receive === BTC) return { direction: 'sell', tick: pair.send };
  return { direction: 'route', tick: pair.send };
}

/** Whether the user sends a transfer inscription (a sale or a route), not BTC. */
export const sendsInscription = (direction: Direction | undefined) =>
  direction === 'sell' || direction === 'route';

export function coinLabel(coin: string): string {
  return coin === BTC ? 'BTC' : coin;
}

/** A typed amount of `coin` in base units (sats, or 10^18ths), or undefined when unreadable. */
export function parseCoinAmount(text: string, coin: string, decimals: number): bigint | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return undefined;
  return coin === BTC ? parseBtcToSats(trimmed) : parseTokenAmount(trimmed, decimals);
}

/** Base units as the wire's decimal string: '0.00150000' for BTC, '1000.5' for a token. */
export function coinAmountText(units: bigint, coin: string, decimals: number): string {
  return coin === BTC ? satsToBtc(units) : tokenAmountText(units, decimals);
}

/** Why a typed slippage is refused ('0.5' = 0.5 %, at most 12, three decimals), or undefined. */
export function slippageError(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,3})?$/.test(trimmed) || Number(trimmed) > SWAP_MAX_SLIPPAGE_PERCENT) {
    return `Slippage must be a percentage from 0 to ${SWAP_MAX_SLIPPAGE_PERCENT}, such as 0.5.`;
  }
  return undefined;
}

/** The fee fractions of the pools poll ("0.004" = 0.4 %) as the curve's parts per million. */
export function curveFees(info: SwapPoolsInfo, direction: 'buy' | 'sell'): CurveFees {
  const [platform, lp] =
    direction === 'buy'
      ? [info.platform_service_fee_percent, info.liquider_service_fee_percent]
      : [info.platform_service_fee_sell_percent, info.liquider_service_sell_percent];
  return { platformPpm: fractionToPpm(platform), lpPpm: fractionToPpm(lp) };
}

function fractionToPpm(text: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return 0n;
  // Rounded up: the page never shows a fee smaller than the server's.
  const fraction = (match[2] ?? '').padEnd(6, '0');
  const ppm = BigInt(match[1] ?? '0') * 1_000_000n + BigInt(fraction.slice(0, 6));
  return /[1-9]/.test(fraction.slice(6)) ? ppm + 1n : ppm;
}

export type LocalQuote = {
  direction: Direction;
  /** What the user gives: sats on a buy, token units on a sell. */
  send: bigint;
  /** What the user receives: token units on a buy, sats on a sell. */
  receive: bigint;
  minReceive: bigint;
  /** Sats, always. */
  platformFee: bigint;
  /** In the unit of `send`. */
  lpFee: bigint;
  /** Hundredths of a percent. */
  priceImpactBps: bigint;
};

export type QuoteRequest = {
  direction: Direction;
  info: SwapPoolsInfo;
  exactSide: ExactSide;
  /** Base units of the side typed. */
  amount: bigint;
  slippage: string;
};

/** The curve's quote on the polled reserves, or the curve's refusal in words. */
export function localQuote(request: QuoteRequest): LocalQuote | { error: string } {
  if (request.direction === 'route') return localRouteQuote(request);
  const { direction, info, exactSide, amount } = request;
  const btcVolume = direction === 'buy' ? info.tick1_volume : info.tick2_volume;
  const tokenVolume = direction === 'buy' ? info.tick2_volume : info.tick1_volume;
  const reserves = {
    btc: parseBtcToSats(btcVolume) ?? 0n,
    token: parseTokenAmount(tokenVolume, 18) ?? 0n,
  };
  try {
    const fees = curveFees(info, direction);
    const quote =
      exactSide === 'send'
        ? quoteExactIn(direction, reserves, amount, fees)
        : quoteExactOut(direction, reserves, amount, fees);
    // An exact receive asks for exactly the amount typed (the sats it costs round up, which would
    // buy a hair more): the server prices that amount, and a ladder amount matches its rung.
    const receive = exactSide === 'receive' ? amount : quote.received;
    return {
      direction,
      send: quote.amountIn,
      receive,
      minReceive: minimumReceived(receive, request.slippage),
      platformFee: quote.platformFee,
      lpFee: quote.lpFee,
      priceImpactBps: quote.priceImpactBps,
    };
  } catch (error) {
    if (error instanceof CurveError) return { error: `${error.message}.` };
    throw error;
  }
}

/**
 * A route's quote on its two pools (the poll's `legs`): the inscription's tokens sold into the
 * first, the BTC they give buying the second, rounded down to its decimals. Before the network
 * fee and the second pool's inscribing, which the size call then takes out.
 */
function localRouteQuote(request: QuoteRequest): LocalQuote | { error: string } {
  const [first, second] = request.info.legs ?? [];
  if (!first || !second) return { error: 'The pools of this pair are not known yet.' };
  const reserves = (leg: typeof first) => ({
    btc: parseBtcToSats(leg.btc_volume) ?? 0n,
    token: parseTokenAmount(leg.tick_volume, 18) ?? 0n,
  });
  try {
    const sale = quoteExactIn(
      'sell',
      reserves(first),
      request.amount,
      curveFees(request.info, 'sell'),
    );
    const buy = quoteExactIn(
      'buy',
      reserves(second),
      sale.received,
      curveFees(request.info, 'buy'),
    );
    const receive = truncateToDecimals(buy.amountOut, second.decimals);
    return {
      direction: 'route',
      send: request.amount,
      receive,
      minReceive: minimumReceived(receive, request.slippage),
      platformFee: sale.platformFee + buy.platformFee,
      lpFee: sale.lpFee,
      priceImpactBps: sale.priceImpactBps + buy.priceImpactBps,
    };
  } catch (error) {
    if (error instanceof CurveError) return { error: `${error.message}.` };
    throw error;
  }
}

/** A route's quote as the size call answers it: its tokens net of every fee. */
export function routeAfterSize(
  quote: LocalQuote,
  size: SwapTxSize,
  decimals: number,
  slippage: string,
): LocalQuote {
  const receive = parseTokenAmount(size.receive_amount, decimals) ?? quote.receive;
  return { ...quote, receive, minReceive: minimumReceived(receive, slippage) };
}

/**
 * The most the user gives when they fixed what they receive: the quote's amount in plus the
 * slippage, rounded up (the mirror of minimumReceived for an exact receive).
 */
export function maximumSent(send: bigint, slippage: string): bigint {
  const allowed = send - minimumReceived(send, slippage);
  return send + allowed;
}

/**
 * A sale's network fee, which the pool takes out of the BTC it pays (ADR 017): the size call's,
 * never more than the swap's size at the rate chosen (the one slack rule of every signing review).
 */
export function saleNetworkFee(size: SwapTxSize, feeRate: number): bigint {
  const answered = parseBtcToSats(size.network_fee) ?? 0n;
  // Rounded to micro-sats first: 6 × 1.1 is 6.6000000000000005 in floating point.
  const most = BigInt(Math.ceil(Number((size.tx_size * maxAcceptedFeeRate(feeRate)).toFixed(6))));
  return answered < most ? answered : most;
}

/** A sale's quote once its network fee is known: what reaches the user, and its minimum. */
export function saleAfterNetworkFee(quote: LocalQuote, fee: bigint, slippage: string): LocalQuote {
  const receive = quote.receive > fee ? quote.receive - fee : 0n;
  return { ...quote, receive, minReceive: minimumReceived(receive, slippage) };
}

/** '1.25 %' from hundredths of a percent. */
export function percentText(bps: bigint): string {
  const whole = bps / 100n;
  const fraction = (bps % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction} %`;
}

/** Token units to a token's own precision (a transfer inscription carries no more). */
function truncateToDecimals(units: bigint, decimals: number): bigint {
  const step = BRC20_SCALE / 10n ** BigInt(decimals);
  return (units / step) * step;
}

export type SwapWallet = {
  paymentAddress: string;
  paymentPublicKey: string;
  ordinalsAddress: string;
  ordinalsPublicKey: string;
};

/**
 * get_swap_psbt_txsize's body. A buy pays from the payment address; a sell sends the chosen
 * transfer inscription (`ins`) from the ordinals address.
 */
export function txSizeBody(params: {
  pair: SwapPair;
  decimals: number;
  quote: LocalQuote;
  exactSide: ExactSide;
  wallet: SwapWallet;
  slippage: string;
  feeRate: number;
  inscriptionId?: string;
}): SwapTxSizeBody {
  const { pair, decimals, quote, wallet } = params;
  const isTwoAddress = wallet.ordinalsAddress !== wallet.paymentAddress;
  return {
    send_coin_type: pair.send === BTC ? 'btc' : 'brc20',
    send_tick: pair.send,
    receive_coin_type: pair.receive === BTC ? 'btc' : 'brc20',
    receive_tick: pair.receive,
    send_amount: coinAmountText(quote.send, pair.send, decimals),
    receive_amount: coinAmountText(quote.receive, pair.receive, decimals),
    exact_side: params.exactSide,
    address: wallet.paymentAddress,
    ...(isTwoAddress ? { ordinals_address: wallet.ordinalsAddress } : {}),
    slipper: params.slippage.trim(),
    fee_rate: params.feeRate,
    ins: params.inscriptionId ? [params.inscriptionId] : [],
    method: 'pools_swap',
  };
}

/** DotSwap's user_public_key: one key, or `payment:ordinals` for a two-address wallet. */
export function userPublicKey(wallet: SwapWallet): string {
  return wallet.ordinalsAddress === wallet.paymentAddress
    ? wallet.paymentPublicKey
    : `${wallet.paymentPublicKey}:${wallet.ordinalsPublicKey}`;
}
