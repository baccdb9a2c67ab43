import type { BitcoinNetwork } from '../networks.ts';
import type { SpacedRune } from './runestone.types.ts';
import { U128_MAX } from './varint.ts';

/**
 * Rune names as ord's rune.rs and spaced_rune.rs (ordinals/ord, crates/ordinals/src): a name is a
 * bijective base-26 number (A = 0, Z = 25, AA = 26), spacers are bits of a u32, short names unlock
 * over the first halving period after the network's first rune height.
 */

/** ord's Runestone::COMMIT_CONFIRMATIONS: an etching's commitment must be this deep. */
export const RUNE_COMMIT_CONFIRMATIONS = 6;

/** The first reserved rune, "AAAAAAAAAAAAAAAAAAAAAAAAAAA": unnamed etchings get one from here on. */
export const RESERVED_RUNE = 6402364363415443603228541259936211926n;

const SUBSIDY_HALVING_INTERVAL = 210_000;
const UNLOCK_INTERVAL = SUBSIDY_HALVING_INTERVAL / 12;
/** Names of this many letters or more are open from the start. */
const UNLOCKED = 12;

/** STEPS[i]: the first name of i + 1 letters ("A", "AA", "AAA", …). */
const STEPS: bigint[] = (() => {
  const steps = [0n];
  for (let i = 1; i < 28; i += 1) steps.push((steps[i - 1]! + 1n) * 26n);
  return steps;
})();

/** ord's Rune::first_rune_height; 'testnet' is ord's Network::Testnet (testnet3). */
export function firstRuneHeight(network: BitcoinNetwork): number {
  const halvings = network === 'mainnet' ? 4 : network === 'testnet' ? 12 : 0;
  return SUBSIDY_HALVING_INTERVAL * halvings;
}

/** The smallest name an etching at `height` may take (ord's Rune::minimum_at_height). */
export function minimumRuneAtHeight(network: BitcoinNetwork, height: number): bigint {
  const offset = height + 1;
  const start = firstRuneHeight(network);
  const end = start + SUBSIDY_HALVING_INTERVAL;
  if (offset < start) return STEPS[UNLOCKED]!;
  if (offset >= end) return 0n;
  const progress = offset - start;
  const length = UNLOCKED - Math.floor(progress / UNLOCK_INTERVAL);
  const lower = STEPS[length - 1]!;
  const upper = STEPS[length]!;
  const remainder = BigInt(progress % UNLOCK_INTERVAL);
  return upper - ((upper - lower) * remainder) / BigInt(UNLOCK_INTERVAL);
}

/** The first height a name may be etched at, undefined for reserved names (ord's Rune::unlock_height). */
export function runeUnlockHeight(rune: bigint, network: BitcoinNetwork): number | undefined {
  if (isReservedRune(rune)) return undefined;
  if (rune >= STEPS[UNLOCKED]!) return 0;
  const i = STEPS.findIndex((step) => rune < step);
  const upper = STEPS[i]!;
  const lower = i > 0 ? STEPS[i - 1]! : 0n;
  const progress = upper - rune;
  return (
    firstRuneHeight(network) +
    (UNLOCKED - i) * UNLOCK_INTERVAL +
    Number((progress * BigInt(UNLOCK_INTERVAL) - 1n) / (upper - lower))
  );
}

export function isReservedRune(rune: bigint): boolean {
  return rune >= RESERVED_RUNE;
}

/** The name an etching without one gets (ord's Rune::reserved). */
export function reservedRune(block: number | bigint, tx: number): bigint {
  return RESERVED_RUNE + ((BigInt(block) << 32n) | BigInt(tx));
}

/** The bytes an etching's commit tapscript must push: the name little-endian, trailing zeros cut. */
export function runeCommitment(rune: bigint): Uint8Array {
  const bytes: number[] = [];
  for (let rest = rune; rest > 0n; rest >>= 8n) bytes.push(Number(rest & 0xffn));
  return Uint8Array.from(bytes);
}

export function runeToName(rune: bigint): string {
  // u128::MAX + 1 does not fit in ord's arithmetic; it spells the largest name directly.
  if (rune === U128_MAX) return 'BCGDENLQRQWDSLRUGSNLBTMFIJAV';
  let n = rune + 1n;
  let name = '';
  while (n > 0n) {
    name = String.fromCharCode(65 + Number((n - 1n) % 26n)) + name;
    n = (n - 1n) / 26n;
  }
  return name;
}

export type RuneNameError = 'character' | 'range';

export function runeFromName(name: string): { rune: bigint } | { error: RuneNameError } {
  let x = 0n;
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (code < 65 || code > 90) return { error: 'character' };
    if (i > 0) x += 1n;
    x = x * 26n + BigInt(code - 65);
    if (x > U128_MAX) return { error: 'range' };
  }
  return { rune: x };
}

export type SpacedRuneError =
  'leading-spacer' | 'trailing-spacer' | 'double-spacer' | RuneNameError;

/** "UNCOMMON•GOODS" or "UNCOMMON.GOODS" to a name and its spacers (ord's SpacedRune::from_str). */
export function parseSpacedRune(text: string): SpacedRune | { error: SpacedRuneError } {
  let letters = '';
  let spacers = 0;
  for (const c of text) {
    if (c >= 'A' && c <= 'Z') {
      letters += c;
    } else if (c === '.' || c === '•') {
      if (letters.length === 0) return { error: 'leading-spacer' };
      if (letters.length > 32) return { error: 'range' };
      const flag = 2 ** (letters.length - 1);
      if (Math.floor(spacers / flag) % 2 === 1) return { error: 'double-spacer' };
      spacers += flag;
    } else {
      return { error: 'character' };
    }
  }
  // The highest spacer's bit length must be below the name's length: no spacer after the last letter.
  if (spacers.toString(2).length - (spacers === 0 ? 1 : 0) >= letters.length) {
    return { error: 'trailing-spacer' };
  }
  const parsed = runeFromName(letters);
  if ('error' in parsed) return parsed;
  return { rune: parsed.rune, spacers };
}

/** The name with a '•' after each letter whose spacer bit is set (ord's SpacedRune Display). */
export function formatSpacedRune({ rune, spacers }: SpacedRune): string {
  const name = runeToName(rune);
  let text = '';
  for (let i = 0; i < name.length; i += 1) {
    text += name[i];
    if (i < name.length - 1 && i < 32 && Math.floor(spacers / 2 ** i) % 2 === 1) text += '•';
  }
  return text;
}
