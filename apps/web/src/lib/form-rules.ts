import { isValidAddress, type BitcoinNetwork } from '@om/bitcoin';
import { parseBtcToSats } from '@om/core';

// Field checks the multisig forms share. The spec's own messages (split minimum, withdrawal
// balance) come from @om/core's wallet-rules.ts; these say what the spec leaves out.

export const invalidAddressText = (network: string) => `Enter a valid ${network} address.`;
const AMOUNT_REQUIRED = 'Amount is required.';
const AMOUNT_INVALID = 'Enter an amount in BTC with at most 8 decimals.';
export const MIN_FEE_RATE = 1;

/** A typed BTC amount as sats, or the reason it is not one. */
export function readBtcAmount(value: string): { sats: bigint } | { error: string } {
  if (value.trim() === '') return { error: AMOUNT_REQUIRED };
  const sats = parseBtcToSats(value);
  if (sats === undefined || sats <= 0n) return { error: AMOUNT_INVALID };
  return { sats };
}

/**
 * A typed fee rate in sat/vB, or undefined when it is not one: from 1 up to the server's cap
 * (its MAX_FEE_RATE, from /api/config), above which it refuses to build the transaction.
 */
export function readFeeRate(value: string, maxFeeRate: number): number | undefined {
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate)) return undefined;
  return rate >= MIN_FEE_RATE && rate <= maxFeeRate ? rate : undefined;
}

/** Why a typed rate is refused: above the server's cap, or not a rate at all. */
export function feeRateRefusal(value: string, maxFeeRate: number): string {
  const rate = Number(value);
  if (value.trim() !== '' && Number.isFinite(rate) && rate > maxFeeRate) {
    return `The fee rate can be at most ${maxFeeRate} sat/vB: this server does not build transactions above it.`;
  }
  return `Enter a rate between ${MIN_FEE_RATE} and ${maxFeeRate} sat/vB.`;
}

/** The refusal of a typed rate, or undefined when it is one. */
export const feeRateError = (value: string, maxFeeRate: number) =>
  readFeeRate(value, maxFeeRate) === undefined ? feeRateRefusal(value, maxFeeRate) : undefined;

const outputCountText = (min: number, max: number) =>
  `Enter a whole number of outputs from ${min} to ${max}.`;

/** A typed number of outputs within min … max, or undefined. */
export function readOutputCount(value: string, min: number, max: number): number | undefined {
  const count = Number(value);
  return /^\d+$/.test(value.trim()) && count >= min && count <= max ? count : undefined;
}

// react-hook-form rules over the readers above.

export const feeRateRules = (maxFeeRate: number) => ({
  validate: (value: string) => feeRateError(value, maxFeeRate) ?? true,
});

export const outputCountRules = (min: number, max: number) => ({
  validate: (value: string) =>
    readOutputCount(value, min, max) === undefined ? outputCountText(min, max) : true,
});

/** An address of `network`, surrounding spaces aside. */
export const addressRules = (network: BitcoinNetwork) => ({
  validate: (value: string) =>
    isValidAddress(value.trim(), network) ? true : invalidAddressText(network),
});
