import {
  bytesToHex,
  compressedPublicKey,
  p2pkhAddress,
  p2trAddress,
  p2wpkhAddress,
  randomPrivateKey,
  signBip322Simple,
  signMessageLegacy,
  xOnlyPublicKey,
} from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.stop();
});

const UNAUTHENTICATED = {
  success: false,
  error: 'user is not authenticated',
  errors: [{ msg: 'user is not authenticated' }],
};

function wallet(kind: 'p2wpkh' | 'p2tr' | 'p2pkh') {
  const key = randomPrivateKey();
  const pub = compressedPublicKey(key);
  if (kind === 'p2tr') {
    const address = p2trAddress(pub, 'regtest');
    return {
      key,
      address,
      publicKey: bytesToHex(xOnlyPublicKey(key)),
      sign: (m: string) => signBip322Simple(m, key, address, 'regtest'),
    };
  }
  if (kind === 'p2pkh') {
    const address = p2pkhAddress(pub, 'regtest');
    return {
      key,
      address,
      publicKey: bytesToHex(pub),
      sign: (m: string) => signMessageLegacy(m, key),
    };
  }
  const address = p2wpkhAddress(pub, 'regtest');
  return {
    key,
    address,
    publicKey: bytesToHex(pub),
    sign: (m: string) => signBip322Simple(m, key, address, 'regtest'),
  };
}

describe.each(databaseKinds())('sign-in with a Bitcoin signature on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node);
  });
  afterAll(async () => {
    await t.close();
  });

  async function challenge(address: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { address },
    });
    expect(res.statusCode).toBe(200);
    return res.json().payload.message as string;
  }

  it.each(['p2wpkh', 'p2tr', 'p2pkh'] as const)(
    'signs in a %s wallet and reaches a protected route',
    async (type) => {
      const w = wallet(type);
      const message = await challenge(w.address);
      expect(message).toContain(w.address);
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { address: w.address, publicKey: w.publicKey, signature: w.sign(message) },
      });
      expect(verify.statusCode).toBe(200);
      const { token, address } = verify.json().payload;
      expect(address).toBe(w.address);

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().payload.address).toBe(w.address);

      const user = await t.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('address', '=', w.address)
        .executeTakeFirstOrThrow();
      expect(user.public_key).toBe(w.publicKey);
    },
  );

  it('limits sign-in per address signed in, not per client, and says when to retry', async () => {
    const limited = await startTestApp(kind, node, {
      AUTH_RATE_LIMIT_PER_ADDRESS: '3',
      AUTH_RATE_LIMIT_PER_CLIENT: '8',
    });
    try {
      const ask = (address: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { address } });
      const alice = wallet('p2wpkh');
      for (let i = 0; i < 3; i++) expect((await ask(alice.address)).statusCode).toBe(200);
      const refused = await ask(alice.address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(
        /^Too many sign-in attempts for this address: try again in \d+ s\.$/,
      );
      // Another user behind the same IP signs in all the same.
      const bob = wallet('p2tr');
      const message = (await ask(bob.address)).json().payload.message as string;
      const verify = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { address: bob.address, publicKey: bob.publicKey, signature: bob.sign(message) },
      });
      expect(verify.statusCode).toBe(200);
      // One client trying many addresses meets the looser limit per client.
      for (let i = 0; i < 2; i++)
        expect((await ask(wallet('p2wpkh').address)).statusCode).toBe(200);
      const flood = await ask(wallet('p2wpkh').address);
      expect(flood.statusCode).toBe(429);
      expect(flood.json().error).toMatch(
        /^Too many sign-in requests from this network: try again in \d+ s\.$/,
      );
    } finally {
      await limited.close();
    }
  });

  it('uses a challenge once', async () => {
    const w = wallet('p2wpkh');
    const message = await challenge(w.address);
    const payload = { address: w.address, publicKey: w.publicKey, signature: w.sign(message) };
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/auth/verify', payload }),
      t.app.inject({ method: 'POST', url: '/api/auth/verify', payload }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(
      'No valid sign-in challenge for this address: request a new one.',
    );
  });

  it('refuses a signature by another key, and a key that is not the address', async () => {
    const w = wallet('p2wpkh');
    const other = wallet('p2wpkh');
    const message = await challenge(w.address);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { address: w.address, publicKey: w.publicKey, signature: other.sign(message) },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe(
      'The signature does not match the sign-in message for this address.',
    );

    const wrongKey = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { address: w.address, publicKey: other.publicKey, signature: w.sign(message) },
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().error).toBe('publicKey: does not belong to address');
  });

  it.each([
    ['no header', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    [
      'a forged token',
      { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    ],
  ])('answers 401 with the spec message for %s', async (_case, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it.each([
    ['/api/auth/challenge', {}, 'address'],
    ['/api/auth/challenge', { address: 42 }, 'address'],
    [
      '/api/auth/challenge',
      { address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l' },
      'address: not a valid regtest address',
    ],
    [
      '/api/auth/verify',
      { address: 'x', publicKey: '02', signature: 'AA==' },
      'publicKey must be a hex public key',
    ],
    ['/api/auth/verify', { publicKey: '02'.padEnd(66, '1'), signature: 'AA==' }, 'address'],
    ['/api/auth/verify', { address: 'x', publicKey: '02'.padEnd(66, '1') }, 'signature'],
  ])('%s refuses %j with a 400 naming the field', async (url, payload, message) => {
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().errors[0].msg).toContain(message);
  });
});
