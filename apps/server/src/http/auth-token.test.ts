import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueToken, readToken } from './auth-token.ts';

// A token is verified once and then known until it expires: what is known must still be exactly
// what a full check would answer.
const secret = new TextEncoder().encode('a-secret-of-at-least-32-bytes-long!!');
const claims = { userId: 'user-1', address: 'bcrt1qexample' };

afterEach(() => vi.useRealTimers());

describe('readToken', () => {
  it('answers the claims of a valid token, again and again', async () => {
    const { token } = await issueToken(secret, claims, 60);
    expect(await readToken(secret, token)).toEqual(claims);
    expect(await readToken(secret, token)).toEqual(claims);
  });

  it('refuses a token known under another secret', async () => {
    const { token } = await issueToken(secret, claims, 60);
    expect(await readToken(secret, token)).toEqual(claims);
    const other = new TextEncoder().encode('another-secret-of-at-least-32-bytes!');
    expect(await readToken(other, token)).toBeUndefined();
  });

  it('refuses a known token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z'), toFake: ['Date'] });
    const { token } = await issueToken(secret, claims, 60);
    expect(await readToken(secret, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-29T12:01:01Z'));
    expect(await readToken(secret, token)).toBeUndefined();
  });

  it('refuses a forged or garbled token', async () => {
    const { token } = await issueToken(secret, claims, 60);
    const [header, payload] = token.split('.');
    expect(await readToken(secret, `${header}.${payload}.forged`)).toBeUndefined();
    expect(await readToken(secret, 'not-a-token')).toBeUndefined();
  });
});
