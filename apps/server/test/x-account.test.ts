import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeX } from './helpers/fake-x.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { newTrader } from './helpers/trading.ts';

// ADR 013: "A creator may connect an X account by a social sign-in" (product.md#roles) and
// POST /api/twitter/cache (product.md#market-calls), against a fake X that checks the OAuth 2.0 +
// PKCE protocol as X does (helpers/fake-x.ts). The browser's part is played here: the consent URL
// is followed to X's 302, and the callback is called with the cookie POST /api/x/connect set.

const PUBLIC_URL = 'http://market.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/x/callback`;
const CONFIDENTIAL = { clientId: 'om-app', clientSecret: 'om-secret', redirectUri: REDIRECT_URI };
const PUBLIC_CLIENT = { clientId: 'om-public', redirectUri: REDIRECT_URI };
const SATOSHI = { id: '1001', name: 'Satoshi Nakamoto', username: 'satoshi' };
const HAL = { id: '1002', name: 'Hal Finney', username: 'halfin' };

const UNAUTHENTICATED = {
  success: false,
  error: 'user is not authenticated',
  errors: [{ msg: 'user is not authenticated' }],
};
const X_NOT_CONFIGURED =
  'Connecting an X account is not set up on this server: X_CLIENT_ID is not set.';
const cacheError = (reason: string) => ({
  success: false,
  error: 'Cache Error',
  errors: [{ msg: 'Cache Error' }, { msg: reason }],
});

let node: TestNode;
let fakeX: FakeX;
beforeAll(async () => {
  fakeX = new FakeX([CONFIDENTIAL, PUBLIC_CLIENT]);
  await fakeX.start();
  fakeX.addUser(SATOSHI);
  fakeX.addUser(HAL);
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
  await fakeX?.close();
});

describe.each(databaseKinds())('connecting an X account on %s', (kind) => {
  let t: TestApp;
  let publicClient: TestApp;
  let unconfigured: TestApp;
  /** Every JSON or HTML body the apps answered: no token of X's may be in any. */
  const answered: string[] = [];

  beforeAll(async () => {
    const xEnv = {
      X_AUTHORIZE_URL: `${fakeX.url}/i/oauth2/authorize`,
      X_API_URL: fakeX.url,
      PUBLIC_URL,
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    };
    t = await startTestApp(kind, node, {
      ...xEnv,
      X_CLIENT_ID: CONFIDENTIAL.clientId,
      X_CLIENT_SECRET: CONFIDENTIAL.clientSecret,
    });
    publicClient = await startTestApp(kind, node, { ...xEnv, X_CLIENT_ID: PUBLIC_CLIENT.clientId });
    unconfigured = await startTestApp(kind, node);
  });
  afterAll(async () => {
    for (const app of [t, publicClient, unconfigured]) await app?.close();
    for (const token of fakeX.issued) {
      for (const body of answered) expect(body).not.toContain(token);
    }
  });

  async function call(
    app: TestApp,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token?: string,
  ) {
    const res = await app.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    answered.push(res.body);
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  /** POST /api/x/connect: the consent URL, and the cookie this browser now holds. */
  async function startConnect(app: TestApp, token: string) {
    const res = await call(app, 'POST', '/api/x/connect', token);
    expect(res.status).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^om_x_state=[A-Za-z0-9_-]{43}$/);
    const authorizeUrl = new URL(res.body.payload.authorizeUrl as string);
    return { authorizeUrl, cookie, state: authorizeUrl.searchParams.get('state') ?? '' };
  }

  /** The person on X's consent page: X's 302 back to our callback. */
  async function consent(authorizeUrl: URL, as: string | 'deny' = SATOSHI.id): Promise<string> {
    fakeX.nextConsent = as;
    const res = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    return location.slice(PUBLIC_URL.length);
  }

  /** X's redirect arriving in a browser with `cookie`: whether the page says it worked. */
  async function callback(app: TestApp, path: string, cookie?: string) {
    const res = await app.app.inject({
      method: 'GET',
      url: path,
      headers: cookie ? { cookie } : {},
    });
    answered.push(res.body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(
      /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*'; /,
    );
    expect(res.headers['set-cookie']).toBe(
      'om_x_state=; Max-Age=0; Path=/api/x/callback; HttpOnly; SameSite=Lax',
    );
    const ok = /"type":"x-account","ok":(true|false)/.exec(res.body)?.[1];
    return ok === 'true';
  }

  async function connectAs(app: TestApp, token: string, xUser = SATOSHI.id): Promise<boolean> {
    const { authorizeUrl, cookie } = await startConnect(app, token);
    return callback(app, await consent(authorizeUrl, xUser), cookie);
  }

  const accountOf = async (app: TestApp, token: string) =>
    (await call(app, 'GET', '/api/x/account', token)).body.payload;

  const storedRow = (app: TestApp, xUserId: string) =>
    app.db.kysely
      .selectFrom('x_accounts')
      .selectAll()
      .where('x_user_id', '=', xUserId)
      .executeTakeFirst();

  it('connects: consent on X, the callback stores the account, which is answered without tokens', async () => {
    const alice = await newTrader(t);
    expect(await accountOf(t, alice.token)).toBeNull();
    const { authorizeUrl, cookie } = await startConnect(t, alice.token);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(
      `${fakeX.url}/i/oauth2/authorize`,
    );
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    const grantsBefore = fakeX.grants.length;
    expect(await callback(t, await consent(authorizeUrl), cookie)).toBe(true);
    expect(fakeX.grants.slice(grantsBefore)).toEqual(['authorization_code']);

    const account = await accountOf(t, alice.token);
    expect(account).toEqual({
      username: 'satoshi',
      name: 'Satoshi Nakamoto',
      xUserId: '1001',
      connectedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const row = await storedRow(t, SATOSHI.id);
    expect(row?.access_token).toMatch(/^v1\./);
    expect(row?.refresh_token).toMatch(/^v1\./);
    expect(row?.scope).toBe('tweet.read users.read offline.access');
    for (const token of fakeX.issued) {
      expect(JSON.stringify(row)).not.toContain(token);
    }
  });

  it('connects with a public client too (client_id, no secret)', async () => {
    const bob = await newTrader(publicClient);
    expect(await connectAs(publicClient, bob.token, HAL.id)).toBe(true);
    expect((await accountOf(publicClient, bob.token)).username).toBe('halfin');
  });

  it('a state is single use', async () => {
    const carol = await newTrader(t);
    const { authorizeUrl, cookie } = await startConnect(t, carol.token);
    const back = await consent(authorizeUrl, HAL.id);
    expect(await callback(t, back, cookie)).toBe(true);
    await call(t, 'DELETE', '/api/x/account', carol.token);
    expect(await callback(t, back, cookie)).toBe(false);
    expect(await accountOf(t, carol.token)).toBeNull();
  });

  it('an expired state is refused', async () => {
    const dave = await newTrader(t);
    const { authorizeUrl, cookie, state } = await startConnect(t, dave.token);
    await sql`UPDATE x_oauth_states SET created_at = now() - interval '11 minutes',
      expires_at = now() - interval '1 minute' WHERE state = ${state}`.execute(t.db.kysely);
    expect(await callback(t, await consent(authorizeUrl), cookie)).toBe(false);
    expect(await accountOf(t, dave.token)).toBeNull();
  });

  it('a consent link started by someone else cannot connect the X account to their wallet', async () => {
    const mallory = await newTrader(t);
    const victim = await newTrader(t);
    const lure = await startConnect(t, mallory.token);
    const victimsBrowser = (await startConnect(t, victim.token)).cookie;
    const back = await consent(lure.authorizeUrl, HAL.id);
    expect(await callback(t, back, victimsBrowser)).toBe(false);
    expect(await callback(t, back)).toBe(false);
    expect(await accountOf(t, mallory.token)).toBeNull();
    expect(await accountOf(t, victim.token)).toBeNull();
  });

  it('access_denied on X gives the ok:false page and connects nothing', async () => {
    const erin = await newTrader(t);
    const { authorizeUrl, cookie } = await startConnect(t, erin.token);
    const back = await consent(authorizeUrl, 'deny');
    expect(new URL(back, PUBLIC_URL).searchParams.get('error')).toBe('access_denied');
    expect(await callback(t, back, cookie)).toBe(false);
    expect(await accountOf(t, erin.token)).toBeNull();
  });

  it('X refusing the code (a verifier that does not match the challenge) fails cleanly', async () => {
    const frank = await newTrader(t);
    const { authorizeUrl, cookie, state } = await startConnect(t, frank.token);
    await t.db.kysely
      .updateTable('x_oauth_states')
      .set({ code_verifier: 'x'.repeat(43) })
      .where('state', '=', state)
      .execute();
    expect(await callback(t, await consent(authorizeUrl), cookie)).toBe(false);
    expect(await accountOf(t, frank.token)).toBeNull();
  });

  it('an X account connected from another wallet moves there; disconnect forgets it', async () => {
    const first = await newTrader(t);
    const second = await newTrader(t);
    expect(await connectAs(t, first.token, HAL.id)).toBe(true);
    expect(await connectAs(t, second.token, HAL.id)).toBe(true);
    expect(await accountOf(t, first.token)).toBeNull();
    expect((await accountOf(t, second.token)).username).toBe('halfin');
    const res = await call(t, 'DELETE', '/api/x/account', second.token);
    expect(res).toMatchObject({ status: 200, body: { success: true, payload: null } });
    expect(await accountOf(t, second.token)).toBeNull();
  });

  describe('POST /api/twitter/cache', () => {
    it('picks up a renamed handle', async () => {
      const grace = await newTrader(t);
      fakeX.addUser({ id: '2001', name: 'Grace', username: 'grace_old' });
      expect(await connectAs(t, grace.token, '2001')).toBe(true);
      fakeX.rename('2001', 'grace_new');
      expect((await accountOf(t, grace.token)).username).toBe('grace_old');
      const res = await call(t, 'POST', '/api/twitter/cache', grace.token);
      expect(res.status).toBe(200);
      expect(res.body.payload).toMatchObject({ username: 'grace_new', name: 'Grace' });
      expect((await accountOf(t, grace.token)).username).toBe('grace_new');
    });

    it('refreshes an expired access token first, and saves the rotated tokens', async () => {
      const heidi = await newTrader(t);
      fakeX.addUser({ id: '2002', name: 'Heidi', username: 'heidi' });
      expect(await connectAs(t, heidi.token, '2002')).toBe(true);
      const before = await storedRow(t, '2002');
      fakeX.expireAccessTokens();
      await t.db.kysely
        .updateTable('x_accounts')
        .set({ access_token_expires_at: new Date(Date.now() - 1000) })
        .where('x_user_id', '=', '2002')
        .execute();
      const grantsBefore = fakeX.grants.length;
      const res = await call(t, 'POST', '/api/twitter/cache', heidi.token);
      expect(res.status).toBe(200);
      expect(res.body.payload.username).toBe('heidi');
      expect(fakeX.grants.slice(grantsBefore)).toEqual(['refresh_token']);
      const after = await storedRow(t, '2002');
      expect(after?.access_token).not.toBe(before?.access_token);
      expect(after?.refresh_token).not.toBe(before?.refresh_token);
      expect(after?.access_token_expires_at?.getTime()).toBeGreaterThan(Date.now());
    });

    it('refreshes once when X stops taking a token early', async () => {
      const ivan = await newTrader(t);
      fakeX.addUser({ id: '2003', name: 'Ivan', username: 'ivan' });
      expect(await connectAs(t, ivan.token, '2003')).toBe(true);
      fakeX.expireAccessTokens();
      const grantsBefore = fakeX.grants.length;
      const res = await call(t, 'POST', '/api/twitter/cache', ivan.token);
      expect(res.status).toBe(200);
      expect(fakeX.grants.slice(grantsBefore)).toEqual(['refresh_token']);
    });

    it('answers Cache Error: not connected 404, X down 502, access revoked 409', async () => {
      const judy = await newTrader(t);
      expect(await call(t, 'POST', '/api/twitter/cache', judy.token)).toMatchObject({
        status: 404,
        body: cacheError('No X account is connected.'),
      });
      fakeX.addUser({ id: '2004', name: 'Judy', username: 'judy' });
      expect(await connectAs(t, judy.token, '2004')).toBe(true);
      fakeX.nextProfileStatus = 503;
      expect(await call(t, 'POST', '/api/twitter/cache', judy.token)).toMatchObject({
        status: 502,
        body: cacheError("X's users/me answered HTTP 503"),
      });
      fakeX.revokeAll();
      expect(await call(t, 'POST', '/api/twitter/cache', judy.token)).toMatchObject({
        status: 409,
        body: cacheError(
          "X's token endpoint refused with HTTP 400: invalid_grant: connect your X account again.",
        ),
      });
      expect((await accountOf(t, judy.token)).username).toBe('judy');
    });
  });

  it('without X_CLIENT_ID: a clear 503, and the callback page says it failed', async () => {
    const kim = await newTrader(unconfigured);
    expect(await call(unconfigured, 'POST', '/api/x/connect', kim.token)).toMatchObject({
      status: 503,
      body: { success: false, error: X_NOT_CONFIGURED, errors: [{ msg: X_NOT_CONFIGURED }] },
    });
    expect(await call(unconfigured, 'POST', '/api/twitter/cache', kim.token)).toMatchObject({
      status: 503,
      body: cacheError(X_NOT_CONFIGURED),
    });
    expect(await callback(unconfigured, '/api/x/callback?code=c&state=s', 'om_x_state=s')).toBe(
      false,
    );
    expect(await accountOf(unconfigured, kim.token)).toBeNull();
  });

  it.each([
    ['POST', '/api/x/connect'],
    ['GET', '/api/x/account'],
    ['DELETE', '/api/x/account'],
    ['POST', '/api/twitter/cache'],
  ] as const)('%s %s without sign-in: the usual 401', async (method, url) => {
    expect(await call(t, method, url)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });
});
