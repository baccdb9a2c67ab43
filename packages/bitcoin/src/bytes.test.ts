import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  bytesToHex,
  equalBytes,
  hexToBytes,
  utf8ToBytes,
} from './bytes.ts';

describe('bytes', () => {
  it('round-trips hex, reading either case', () => {
    expect(bytesToHex(hexToBytes('00ffA0'))).toBe('00ffa0');
    expect(() => hexToBytes('abc')).toThrow();
    expect(() => hexToBytes('zz')).toThrow();
  });

  it.each([
    ['AAAA', [0, 0, 0]],
    ['AA==', [0]],
    ['', []],
  ])('decodes the padded base64 %j', (text, bytes) => {
    expect(base64ToBytes(text)).toEqual(Uint8Array.from(bytes));
    expect(bytesToBase64(Uint8Array.from(bytes))).toBe(text);
  });

  it.each(['AA', 'AB==', ' AAAA', 'AAAA\n', 'not-valid-base64!!!', 'AA-_'])(
    'answers undefined for the non-canonical base64 %j',
    (text) => {
      expect(base64ToBytes(text)).toBeUndefined();
    },
  );

  it('encodes UTF-8 and compares bytes', () => {
    expect(utf8ToBytes('é')).toEqual(Uint8Array.from([0xc3, 0xa9]));
    expect(equalBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBe(true);
    expect(equalBytes(Uint8Array.of(1, 2), Uint8Array.of(1))).toBe(false);
    expect(equalBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 3))).toBe(false);
  });
});
