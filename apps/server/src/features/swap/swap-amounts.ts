import {
  BRC20_SCALE,
  brc20TickByteLength,
  parseBrc20Amount,
  parseBtcToSats,
  PPM,
  satsToBtc,
  type CurveFees,
  type SwapCoinType,
} from '@om/core';
import type { Env } from '../../env.ts';
import { platformFeeAddress } from '../../trading/platform-fee.ts';
import { refuse } from './swap-refusal.ts';

// The pair and the amounts of a request, in the curve's units: sats for BTC, 10^18ths for tokens.

type SwapDirection = 'buy' | 'sell';
export type SwapPair = { direction: SwapDirection; tick: string };

type PairFields = {
  send_coin_type: SwapCoinType;
  send_tick: string;
  receive_coin_type: SwapCoinType;
  receive_tick: string;
};

/** BTC → tick is a buy, tick → BTC a sale; tick ↔ tick is a route (swap-route.service.ts). */
export function pairOf(body: PairFields): SwapPair {
  const send = body.send_coin_type === 'btc' ? 'btc' : body.send_tick.toLowerCase();
  const receive = body.receive_coin_type === 'btc' ? 'btc' : body.receive_tick.toLowerCase();
  const name = `${send}/${receive}`;
  if (send === 'btc' && receive === 'btc')
    throw refuse('pairNotFound', `There is no pool for ${name}`);
  if (send !== 'btc' && receive !== 'btc') {
    // Callers take tick ↔ tick to routeOf first; a pool is one tick against BTC.
    throw refuse('pairNotFound', `There is no pool for ${name}: it is routed through btc`);
  }
  const tick = send === 'btc' ? receive : send;
  const bytes = brc20TickByteLength(tick);
  if (bytes !== 4 && bytes !== 5) throw refuse('pairNotFound', `There is no pool for ${name}`);
  return { direction: send === 'btc' ? 'buy' : 'sell', tick };
}

/** A BTC amount field in sats; a refusal naming the field otherwise. */
export function satsOf(text: string, field: string): bigint {
  const sats = parseBtcToSats(text);
  if (sats === undefined || sats <= 0n) {
    throw refuse('badRequest', `${field} must be a BTC amount above 0 with at most 8 decimals`);
  }
  return sats;
}

/** A token amount field at the index's scale; it may have at most the token's decimals. */
export function tokenUnitsOf(text: string, decimals: number, field: string): bigint {
  const units = parseBrc20Amount(text, decimals);
  if (units === null || units <= 0n) {
    throw refuse(
      'badRequest',
      `${field} must be an amount above 0 with at most ${decimals} decimals`,
    );
  }
  return units;
}

/** Token units rounded down to what a transfer inscription of `decimals` can carry. */
export function floorToDecimals(units: bigint, decimals: number): bigint {
  const step = 10n ** BigInt(18 - decimals);
  return (units / step) * step;
}

/** A token amount as the index prints it, without trailing zeros ("12.5", "3"). */
export function tokenText(units: bigint, decimals: number): string {
  const whole = (units / BRC20_SCALE).toString();
  const fraction = (units % BRC20_SCALE)
    .toString()
    .padStart(18, '0')
    .slice(0, decimals)
    .replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** sats as BTC, trailing zeros kept ("0.00150000"), as the contract prints BTC. */
export const btcText = satsToBtc;

/** `numerator / denominator` to `decimals` places, rounded down. */
export function ratioText(numerator: bigint, denominator: bigint, decimals: number): string {
  if (denominator === 0n) return '0';
  const scaled = (numerator * 10n ** BigInt(decimals)) / denominator;
  const text = scaled.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/**
 * The fees of a swap (ADR 017: DotSwap's 0.4 % + 1.6 % by default); no platform part without a
 * platform fee address to pay it to. Quotes, orders and their re-check all take them from here.
 */
export function curveFees(env: Env): CurveFees {
  return {
    lpPpm: BigInt(env.SWAP_LP_FEE_PPM),
    platformPpm: platformFeeAddress(env) ? BigInt(env.SWAP_PLATFORM_FEE_PPM) : 0n,
  };
}

/** Parts per million as DotSwap's fraction string ("0.004"). */
export const ppmText = (ppm: bigint) => ratioText(ppm, PPM, 6).replace(/\.?0+$/, '') || '0';
