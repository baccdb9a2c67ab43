import { describe, expect, it } from 'vitest';
import { decodeVarint, encodeVarint, U128_MAX } from './varint.ts';

// ord's varint.rs tests (ordinals/ord, crates/ordinals/src/varint.rs).
function roundTrip(n: bigint): void {
  const encoded = Uint8Array.from(encodeVarint(n));
  expect(decodeVarint(encoded)).toEqual({ value: n, length: encoded.length });
}

describe('varint', () => {
  it('zero round trips', () => roundTrip(0n));

  it('u128::MAX round trips', () => roundTrip(U128_MAX));

  it('powers of two round trip', () => {
    for (let i = 0n; i < 128n; i += 1n) roundTrip(1n << i);
  });

  it('alternating bit strings round trip', () => {
    let n = 0n;
    for (let i = 0n; i < 129n; i += 1n) {
      n = ((n << 1n) | (i % 2n)) & U128_MAX;
      roundTrip(n);
    }
  });

  it('varints may not be longer than 19 bytes', () => {
    const valid = [...Array<number>(18).fill(128), 0];
    const invalid = [...Array<number>(19).fill(128), 0];
    expect(decodeVarint(Uint8Array.from(valid))).toEqual({ value: 0n, length: 19 });
    expect(decodeVarint(Uint8Array.from(invalid))).toEqual({ error: 'overlong' });
  });

  it('varints may not overflow u128', () => {
    const last = (byte: number) => Uint8Array.from([...Array<number>(18).fill(128), byte]);
    for (const byte of [64, 32, 16, 8, 4]) {
      expect(decodeVarint(last(byte))).toEqual({ error: 'overflow' });
    }
    expect(decodeVarint(last(2))).toEqual({ value: 2n ** 127n, length: 19 });
  });

  it('varints must be terminated', () => {
    expect(decodeVarint(Uint8Array.from([128]))).toEqual({ error: 'unterminated' });
  });

  it('encodes small values as ord does', () => {
    expect(encodeVarint(0n)).toEqual([0]);
    expect(encodeVarint(127n)).toEqual([127]);
    expect(encodeVarint(128n)).toEqual([128, 1]);
    expect(encodeVarint(300n)).toEqual([172, 2]);
    expect(() => encodeVarint(U128_MAX + 1n)).toThrow(RangeError);
  });
});
