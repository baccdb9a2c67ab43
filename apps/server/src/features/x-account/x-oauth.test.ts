import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import {
  authorizeUrl,
  pkceChallenge,
  readProfileResponse,
  readStateCookie,
  readTokenResponse,
  stateCookie,
  tokenRequest,
  xOAuthConfig,
  type XOAuthConfig,
} from './x-oauth.ts';

const PUBLIC: XOAuthConfig = {
  clientId: 'client-1',
  authorizeUrl: 'https://x.com/i/oauth2/authorize',
  apiUrl: 'https://api.x.com',
  redirectUri: 'https://market.example/api/x/callback',
};
const CONFIDENTIAL: XOAuthConfig = { ...PUBLIC, clientSecret: 's3cret:+/' };

const formOf = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('xOAuthConfig', () => {
  it('is absent without X_CLIENT_ID', () => {
    expect(xOAuthConfig(loadEnv({}))).toBeUndefined();
  });

  it('defaults to X and to a callback on http://localhost:PORT', () => {
    expect(xOAuthConfig(loadEnv({ X_CLIENT_ID: 'id', PORT: '3100' }))).toEqual({
      clientId: 'id',
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      apiUrl: 'https://api.x.com',
      redirectUri: 'http://localhost:3100/api/x/callback',
    });
  });

  it('takes PUBLIC_URL (trailing slash dropped), X_CLIENT_SECRET and other X hosts', () => {
    const env = loadEnv({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 'secret',
      X_AUTHORIZE_URL: 'http://127.0.0.1:9/i/oauth2/authorize',
      X_API_URL: 'http://127.0.0.1:9/',
      PUBLIC_URL: 'https://market.example/',
    });
    expect(xOAuthConfig(env)).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authorizeUrl: 'http://127.0.0.1:9/i/oauth2/authorize',
      apiUrl: 'http://127.0.0.1:9',
      redirectUri: 'https://market.example/api/x/callback',
    });
  });
});

describe('pkceChallenge', () => {
  it('matches RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe('authorizeUrl', () => {
  it('asks for a code with PKCE S256 and the three scopes', () => {
    const url = new URL(authorizeUrl(PUBLIC, { state: 'st', codeChallenge: 'ch' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://x.com/i/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'https://market.example/api/x/callback',
      scope: 'tweet.read users.read offline.access',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });
});

describe('tokenRequest', () => {
  it('a public client exchanges a code with its client_id and no Authorization', () => {
    const { url, init } = tokenRequest(PUBLIC, {
      type: 'authorization_code',
      code: 'c0de',
      codeVerifier: 'v',
    });
    expect(url).toBe('https://api.x.com/2/oauth2/token');
    expect(init.method).toBe('POST');
    expect(headersOf(init)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(headersOf(init).authorization).toBeUndefined();
    expect(formOf(init)).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      redirect_uri: 'https://market.example/api/x/callback',
      code_verifier: 'v',
      client_id: 'client-1',
    });
  });

  it('a confidential client adds HTTP Basic of the form-encoded id and secret', () => {
    const { init } = tokenRequest(CONFIDENTIAL, { type: 'refresh_token', refreshToken: 'r' });
    const basic = headersOf(init).authorization?.replace(/^Basic /, '') ?? '';
    expect(Buffer.from(basic, 'base64').toString()).toBe('client-1:s3cret%3A%2B%2F');
    expect(formOf(init)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r',
      client_id: 'client-1',
    });
  });
});

describe('readTokenResponse', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('reads a bearer token, its refresh token and when it ends', () => {
    const json = {
      token_type: 'bearer',
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 7200,
      scope: 'tweet.read users.read offline.access',
    };
    expect(readTokenResponse(json, now)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: new Date('2026-01-01T02:00:00Z'),
      scope: 'tweet.read users.read offline.access',
    });
  });

  it.each([
    ['no access token', { token_type: 'bearer' }],
    ['not a bearer token', { token_type: 'mac', access_token: 'a' }],
    ['an OAuth error', { error: 'invalid_grant' }],
    ['not JSON', undefined],
  ])('refuses %s', (_, json) => {
    expect(readTokenResponse(json, now)).toBeUndefined();
  });
});

describe('readProfileResponse', () => {
  it('reads users/me', () => {
    const json = { data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } };
    expect(readProfileResponse(json)).toEqual({
      xUserId: '2244994945',
      name: 'X Dev',
      username: 'XDevelopers',
    });
  });

  it.each([
    ['no data', { errors: [{ title: 'Unauthorized' }] }],
    ['a handle X would not give', { data: { id: '1', name: 'n', username: 'has space' } }],
    ['an id that is not decimal', { data: { id: 'abc', name: 'n', username: 'ok' } }],
  ])('refuses %s', (_, json) => {
    expect(readProfileResponse(json)).toBeUndefined();
  });
});

describe('the state cookie', () => {
  it('goes to the callback only, for 10 minutes, HttpOnly and Lax; Secure over https', () => {
    expect(stateCookie('st', false)).toBe(
      'om_x_state=st; Max-Age=600; Path=/api/x/callback; HttpOnly; SameSite=Lax',
    );
    expect(stateCookie(null, true)).toBe(
      'om_x_state=; Max-Age=0; Path=/api/x/callback; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it.each([
    ['om_x_state=abc', 'abc'],
    ['a=1; om_x_state=abc-_; b=2', 'abc-_'],
    ['om_x_state=', undefined],
    ['other=abc', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, state) => {
    expect(readStateCookie(header)).toBe(state);
  });
});
