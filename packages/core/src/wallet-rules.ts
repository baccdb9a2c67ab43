import { satsToBtc } from './units.ts';
import { WITHDRAWAL_EXCEEDS_BALANCE } from './messages.ts';

// product.md#validation, #constants-and-limits: padding outputs and the multisig wallet.
/** A utxo above this many sats counts as padding. */
export const PADDING_THRESHOLD_SATS = 600n;
export const DEFAULT_FEE_RATE = 6;
export const PADDING_OUTPUTS = 3;
export const DEFAULT_FEE_SATS = 10_000n;
/** BRC-20 mint inscriptions use a postage of 546 sats. */
export const BRC20_POSTAGE_SATS = 546n;

// UTXO split defaults.
export const SPLIT_DEFAULT_OUTPUTS = 8;
export const SPLIT_MIN_OUTPUTS = 4;
export const SPLIT_MAX_OUTPUTS = 10;
export const SPLIT_UNIT_SATS = 10_000n;
export const SPLIT_DUST_FLOOR_SATS = 1_000n;

export const splitMinimumMessage = (btc: string) =>
  `Please enter amount greater than or equal to ${btc} BTC.`;

export function isPaddingUtxo(valueSats: bigint): boolean {
  return valueSats > PADDING_THRESHOLD_SATS;
}

export function countPaddingUtxos(values: readonly bigint[]): number {
  return values.filter(isPaddingUtxo).length;
}

/** Withdrawals may not exceed the available balance. */
export function withdrawalError(amountSats: bigint, availableSats: bigint): string | undefined {
  return amountSats > availableSats ? WITHDRAWAL_EXCEEDS_BALANCE : undefined;
}

/** The least amount that splits into `outputs` outputs of one unit (10,000 sats) each. */
export function minimumSplitAmountSats(outputs: number = SPLIT_MIN_OUTPUTS): bigint {
  return BigInt(Math.max(outputs, SPLIT_MIN_OUTPUTS)) * SPLIT_UNIT_SATS;
}

/** 'Please enter amount greater than or equal to {x} BTC.' when the amount is too small. */
export function splitAmountError(
  amountSats: bigint,
  outputs: number = SPLIT_MIN_OUTPUTS,
): string | undefined {
  const minimum = minimumSplitAmountSats(outputs);
  return amountSats < minimum ? splitMinimumMessage(satsToBtc(minimum)) : undefined;
}

/** How many outputs an amount splits into: one per unit, between the minimum and maximum. */
export function splitOutputCount(amountSats: bigint): number {
  const units = Number(amountSats / SPLIT_UNIT_SATS);
  return Math.min(SPLIT_MAX_OUTPUTS, Math.max(SPLIT_MIN_OUTPUTS, units));
}
