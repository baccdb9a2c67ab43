/**
 * Runes' integers: unsigned LEB128 of at most 128 bits, as ord's varint.rs (ordinals/ord,
 * crates/ordinals/src/varint.rs). A decoder error makes the runestone a cenotaph ('varint').
 */

export const U128_MAX = (1n << 128n) - 1n;

export type VarintError = 'overlong' | 'overflow' | 'unterminated';

export function encodeVarint(n: bigint, out: number[] = []): number[] {
  if (n < 0n || n > U128_MAX) throw new RangeError(`varint out of u128 range: ${n}`);
  let rest = n;
  while (rest >> 7n > 0n) {
    out.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  out.push(Number(rest));
  return out;
}

/** The integer at `offset` and its length in bytes, or the reason it is not one. */
export function decodeVarint(
  buffer: Uint8Array,
  offset = 0,
): { value: bigint; length: number } | { error: VarintError } {
  let n = 0n;
  for (let i = 0; offset + i < buffer.length; i += 1) {
    // 19 bytes carry 133 bits: a 20th byte can only be padding, which ord refuses.
    if (i > 18) return { error: 'overlong' };
    const byte = buffer[offset + i]!;
    const value = BigInt(byte & 0x7f);
    // The 19th byte holds bits 126..132; only its two low bits fit in a u128.
    if (i === 18 && (value & 0x7cn) !== 0n) return { error: 'overflow' };
    n |= value << BigInt(7 * i);
    if ((byte & 0x80) === 0) return { value: n, length: i + 1 };
  }
  return { error: 'unterminated' };
}
