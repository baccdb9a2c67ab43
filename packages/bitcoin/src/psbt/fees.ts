import { TradeError } from './trade-error.ts';
import type { SpendType } from './utxo.ts';

// Sizes in weight units (WU; 4 WU = 1 vB), so that every sum is an exact integer and the vsize is
// Bitcoin Core's ceil(weight / 4). Derivations follow ADR 007.

/**
 * Input kinds by signed size: taproot key path with a 64-byte (DEFAULT) or 65-byte signature, and
 * the 2-of-2 P2WSH of ADR 009 spent by both keys or, after its delay, by the user alone.
 */
export type InputType =
  'p2tr' | 'p2tr-sighash' | 'p2wpkh' | 'p2sh-p2wpkh' | 'p2wsh-multisig' | 'p2wsh-multisig-recovery';

/** Outpoint 36 + scriptSig length 1 + sequence 4 = 41 bytes at 4 WU each. */
const INPUT_BASE_WEIGHT = 164;

export const INPUT_WEIGHT: Readonly<Record<InputType, number>> = {
  // Witness: item count 1 + length 1 + 64-byte Schnorr signature = 66 → 230 WU, 57.5 vB.
  p2tr: INPUT_BASE_WEIGHT + 66,
  // A 65th byte names a non-default sighash (0x83 seller, 0x01): 231 WU, 57.75 vB.
  'p2tr-sighash': INPUT_BASE_WEIGHT + 67,
  // Witness: count 1 + (1 + 72) DER signature with high R and its sighash byte + (1 + 33) key
  // = 108 → 272 WU, 68 vB. A low-R signature is one byte shorter, so this is an upper bound.
  p2wpkh: INPUT_BASE_WEIGHT + 108,
  // scriptSig of 23 bytes (push of the 22-byte P2WPKH program) adds 92 WU: 364 WU, 91 vB.
  'p2sh-p2wpkh': INPUT_BASE_WEIGHT + 23 * 4 + 108,
  // Witness: count 1 + (1 + 72) platform signature + (1 + 72) user signature + (1 + 77) witness
  // script = 225 → 389 WU, 97.25 vB. The seller's 0x83 signature is as long as an ALL one.
  'p2wsh-multisig': INPUT_BASE_WEIGHT + 225,
  // The user alone after the delay: count 1 + an empty item 1 + (1 + 72) + (1 + 77) = 153 → 317 WU.
  'p2wsh-multisig-recovery': INPUT_BASE_WEIGHT + 153,
};

export type OutputType = 'p2tr' | 'p2wpkh' | 'p2sh' | 'p2wsh' | 'p2pkh';

/** Value 8 + script length 1 + script, at 4 WU a byte: 43, 31, 32, 43 and 34 vB. */
export const OUTPUT_WEIGHT: Readonly<Record<OutputType, number>> = {
  p2tr: 4 * (8 + 1 + 34),
  p2wpkh: 4 * (8 + 1 + 22),
  p2sh: 4 * (8 + 1 + 23),
  p2wsh: 4 * (8 + 1 + 34),
  p2pkh: 4 * (8 + 1 + 25),
};

/** The input type of a spend; `explicitSighash` when a taproot signature carries its sighash byte. */
export function inputTypeOf(spend: SpendType, explicitSighash = false): InputType {
  if (spend === 'p2tr') return explicitSighash ? 'p2tr-sighash' : 'p2tr';
  return spend;
}

/** An output's weight, from its type or exactly from its script. */
export function outputWeight(output: OutputType | Uint8Array): number {
  if (typeof output === 'string') return OUTPUT_WEIGHT[output];
  return 4 * (8 + compactSizeLength(output.length) + output.length);
}

/**
 * The weight of a segwit transaction: version 4 + locktime 4 + the two counts, plus the 2 WU of
 * the marker and flag (10.5 vB with fewer than 253 inputs and outputs), plus every input and output.
 */
export function estimateWeight(
  inputs: readonly InputType[],
  outputs: readonly (OutputType | Uint8Array)[],
): number {
  const header = 4 * (4 + 4 + compactSizeLength(inputs.length) + compactSizeLength(outputs.length));
  const inputWeight = inputs.reduce((sum, input) => sum + INPUT_WEIGHT[input], 0);
  const outputsWeight = outputs.reduce((sum, output) => sum + outputWeight(output), 0);
  return header + 2 + inputWeight + outputsWeight;
}

/** Virtual size as Bitcoin Core counts it for fees: ceil(weight / 4). */
export function estimateVsize(
  inputs: readonly InputType[],
  outputs: readonly (OutputType | Uint8Array)[],
): number {
  return Math.ceil(estimateWeight(inputs, outputs) / 4);
}

/**
 * The fee for `vsize` at `feeRate` sat/vB, rounded up. The rate is taken to 0.001 sat/vB (Core's
 * sat/kvB resolution) and multiplied in integers, so 100 vB at 1.1 sat/vB is exactly 110 sats.
 */
export function feeFor(vsize: number, feeRate: number): bigint {
  const milliRate = BigInt(Math.round(feeRate * 1000));
  return (BigInt(vsize) * milliRate + 999n) / 1000n;
}

/** Refuses fee rates above this unless the caller passes its own cap (a fat-finger guard). */
export const DEFAULT_MAX_FEE_RATE = 500;

/** Throws TradeError 'invalid-fee-rate' (not a positive number) or 'fee-rate-too-high'. */
export function checkFeeRate(feeRate: number, maxFeeRate = DEFAULT_MAX_FEE_RATE): void {
  if (!Number.isFinite(feeRate) || feeRate <= 0) {
    throw new TradeError('invalid-fee-rate', `Fee rate ${feeRate} is not a positive number`);
  }
  if (feeRate > maxFeeRate) {
    throw new TradeError('fee-rate-too-high', `Fee rate ${feeRate} sat/vB is above ${maxFeeRate}`);
  }
}

/**
 * Bitcoin Core's GetDustThreshold at the default 3 sat/vB dust relay fee: three times the output
 * plus the input that would spend it (P2PKH 546, P2SH 540, P2WPKH 294, P2TR 330). OP_RETURN: 0.
 */
export function dustThreshold(script: Uint8Array): bigint {
  if (script[0] === 0x6a) return 0n;
  const outputSize = 8 + compactSizeLength(script.length) + script.length;
  const spendSize = isWitnessProgram(script) ? 32 + 4 + 1 + Math.floor(107 / 4) + 4 : 148;
  return BigInt((outputSize + spendSize) * 3);
}

/** The smallest change output worth making: `changeMin`, and never dust for the script. */
export function changeFloor(changeMin: bigint, script: Uint8Array): bigint {
  const dust = dustThreshold(script);
  return changeMin > dust ? changeMin : dust;
}

export function isDust(script: Uint8Array, value: bigint): boolean {
  return value < dustThreshold(script);
}

function isWitnessProgram(script: Uint8Array): boolean {
  const version = script[0];
  if (script.length < 4 || script.length > 42 || version === undefined) return false;
  if (version !== 0x00 && (version < 0x51 || version > 0x60)) return false;
  return script[1] === script.length - 2;
}

function compactSizeLength(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : 5;
}
