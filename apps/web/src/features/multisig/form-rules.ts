import { isValidAddress, type BitcoinNetwork } from '@om/bitcoin';
import { parseBtcToSats } from '@om/core';

// Field checks the multisig forms share. The spec's own messages (split minimum, withdrawal
// balance) come from @om/core's wallet-rules.ts; these say what the spec leaves out.

export const invalidAddressText = (network: string) => `Enter a valid ${network} address.`;
export const AMOUNT_REQUIRED = 'Amount is required.';
export const AMOUNT_INVALID = 'Enter an amount in BTC with at most 8 decimals.';
export const FEE_RATE_INVALID = 'Enter a rate between 1 and 10000 sat/vB.';
const MIN_FEE_RATE = 1;
const MAX_FEE_RATE = 10_000;

/** A typed BTC amount as sats, or the reason it is not one. */
export function readBtcAmount(value: string): { sats: bigint } | { error: string } {
  if (value.trim() === '') return { error: AMOUNT_REQUIRED };
  const sats = parseBtcToSats(value);
  if (sats === undefined || sats <= 0n) return { error: AMOUNT_INVALID };
  return { sats };
}

/** A typed fee rate in sat/vB (1 … 10,000, as the API accepts), or undefined. */
export function readFeeRate(value: string): number | undefined {
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate)) return undefined;
  return rate >= MIN_FEE_RATE && rate <= MAX_FEE_RATE ? rate : undefined;
}

export const outputCountText = (min: number, max: number) =>
  `Enter a whole number of outputs from ${min} to ${max}.`;

/** A typed number of outputs within min … max, or undefined. */
export function readOutputCount(value: string, min: number, max: number): number | undefined {
  const count = Number(value);
  return /^\d+$/.test(value.trim()) && count >= min && count <= max ? count : undefined;
}

// react-hook-form rules over the readers above.

export const feeRateRules = {
  validate: (value: string) => (readFeeRate(value) === undefined ? FEE_RATE_INVALID : true),
};

export const outputCountRules = (min: number, max: number) => ({
  validate: (value: string) =>
    readOutputCount(value, min, max) === undefined ? outputCountText(min, max) : true,
});

/** An address of `network`, surrounding spaces aside. */
export const addressRules = (network: BitcoinNetwork) => ({
  validate: (value: string) =>
    isValidAddress(value.trim(), network) ? true : invalidAddressText(network),
});
