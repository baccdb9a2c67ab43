import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher.ts';

const secret = new Uint8Array(32).fill(7);
const cipher = createTokenCipher(secret);

describe('createTokenCipher', () => {
  it('seals to a fresh v1 ciphertext each time that opens in its context', () => {
    const a = cipher.seal('access-token', 'user-1:access');
    const b = cipher.seal('access-token', 'user-1:access');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('access-token');
    expect(cipher.open(a, 'user-1:access')).toBe('access-token');
  });

  it('does not open in another context, under another secret, or once changed', () => {
    const sealed = cipher.seal('access-token', 'user-1:access');
    expect(cipher.open(sealed, 'user-2:access')).toBeUndefined();
    expect(cipher.open(sealed, 'user-1:refresh')).toBeUndefined();
    expect(createTokenCipher(new Uint8Array(32).fill(8)).open(sealed, 'user-1:access')).toBe(
      undefined,
    );
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(cipher.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, 'user-1:access')).toBe(
      undefined,
    );
  });

  it.each(['', 'v1', 'v2.AAAAAAAAAAAAAAAA.AAAA', 'v1.short.AAAA', 'v1.AAAAAAAAAAAAAAAA.AAAA'])(
    'refuses %j',
    (sealed) => {
      expect(cipher.open(sealed, 'user-1:access')).toBeUndefined();
    },
  );
});
