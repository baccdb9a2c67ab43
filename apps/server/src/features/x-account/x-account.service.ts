import { randomBytes } from 'node:crypto';
import { CACHE_ERROR, type XAccount } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, type AppErrorCode } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { createTokenCipher, type TokenCipher } from './token-cipher.ts';
import {
  consumeOAuthState,
  deleteStaleOAuthStates,
  deleteXAccount,
  findXAccount,
  insertOAuthState,
  saveXAccount,
  updateXAccount,
  type ConnectedXAccount,
} from './x-account.queries.ts';
import { fetchProfile, requestTokens, XApiError } from './x-api.ts';
import {
  authorizeUrl,
  pkceChallenge,
  X_SIGN_IN_TTL_SECONDS,
  xOAuthConfig,
  type XOAuthConfig,
  type XProfile,
  type XTokens,
} from './x-oauth.ts';

// A creator's X account (product.md#roles, #market-overview, #market-calls; ADR 013).

const X_NOT_CONFIGURED =
  'Connecting an X account is not set up on this server: X_CLIENT_ID is not set.';
/** An access token this close to its end is refreshed first. */
const EXPIRY_MARGIN_MS = 60_000;

type Deps = Pick<AppDeps, 'env' | 'db' | 'jwtSecret' | 'log'>;

/** Starts a sign-in: a single-use state and PKCE verifier, and X's consent page to open. */
export async function startXConnect(
  deps: Deps,
  session: SessionClaims,
): Promise<{ authorizeUrl: string; state: string }> {
  const config = xOAuthConfig(deps.env);
  if (!config) throw new AppError('UNAVAILABLE', X_NOT_CONFIGURED);
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  await deleteStaleOAuthStates(deps.db);
  await insertOAuthState(deps.db, {
    state,
    userId: session.userId,
    codeVerifier,
    expiresAt: new Date(Date.now() + X_SIGN_IN_TTL_SECONDS * 1000),
  });
  const url = authorizeUrl(config, { state, codeChallenge: pkceChallenge(codeVerifier) });
  return { authorizeUrl: url, state };
}

export type CallbackInput = {
  code?: string;
  state?: string;
  error?: string;
  /** The state of the cookie POST /api/x/connect set in this browser. */
  cookieState?: string;
};

/**
 * X's redirect back: the state names the user (there is no bearer token on a redirect). Answers
 * the outcome for the page, which always renders; why it failed goes to the log only.
 */
export async function finishXConnect(
  deps: Deps,
  input: CallbackInput,
): Promise<'connected' | 'failed'> {
  try {
    return await connectFromCallback(deps, input);
  } catch (err) {
    deps.log.error({ err }, 'X account not connected');
    return 'failed';
  }
}

async function connectFromCallback(
  deps: Deps,
  input: CallbackInput,
): Promise<'connected' | 'failed'> {
  const failed = (reason: string) => {
    deps.log.warn({ reason }, 'X account not connected');
    return 'failed' as const;
  };
  const config = xOAuthConfig(deps.env);
  if (!config) return failed('X_CLIENT_ID is not set');
  if (!input.state) return failed('no state');
  const pending = await consumeOAuthState(deps.db, input.state);
  if (!pending) return failed('unknown, used or expired state');
  if (input.cookieState !== input.state) {
    return failed('the sign-in was started in another browser');
  }
  if (input.error) return failed(`X answered error=${input.error}`);
  if (!input.code) return failed('no code');
  try {
    const tokens = await requestTokens(config, {
      type: 'authorization_code',
      code: input.code,
      codeVerifier: pending.codeVerifier,
    });
    const profile = await fetchProfile(config, tokens.accessToken);
    const now = new Date();
    await saveXAccount(deps.db, {
      userId: pending.userId,
      xUserId: profile.xUserId,
      username: profile.username,
      name: profile.name,
      ...sealTokens(cipherOf(deps), pending.userId, tokens),
      connectedAt: now,
      profileReadAt: now,
    });
    return 'connected';
  } catch (err) {
    if (err instanceof XApiError) return failed(err.message);
    throw err;
  }
}

export async function getXAccount(deps: Deps, session: SessionClaims): Promise<XAccount | null> {
  const row = await findXAccount(deps.db, session.userId);
  return row ? toXAccount(row) : null;
}

/** Forgets the account and its tokens (the person can also revoke the app in X's settings). */
export async function disconnectXAccount(deps: Deps, session: SessionClaims): Promise<null> {
  await deleteXAccount(deps.db, session.userId);
  return null;
}

/**
 * POST /api/twitter/cache: the profile read again from X with the stored access token (refreshed
 * first when it has expired, or once when X no longer takes it), since handles can be renamed.
 * Every failure is 'Cache Error', with its reason as the second message.
 */
export async function refreshXProfile(deps: Deps, session: SessionClaims): Promise<XAccount> {
  const { userId } = session;
  const config = xOAuthConfig(deps.env);
  if (!config) throw cacheError('UNAVAILABLE', X_NOT_CONFIGURED);
  const row = await findXAccount(deps.db, userId);
  if (!row) throw cacheError('NOT_FOUND', 'No X account is connected.');
  try {
    const profile = await readProfile(deps, config, row);
    if (profile.xUserId !== row.xUserId) {
      throw new XApiError('refused', 'X answered the profile of another account');
    }
    const { username, name } = profile;
    await updateXAccount(deps.db, userId, { username, name, profileReadAt: new Date() });
    return toXAccount({ ...row, username, name });
  } catch (err) {
    if (!(err instanceof XApiError)) throw err;
    deps.log.warn({ userId, reason: err.message }, 'X profile not refreshed');
    throw err.kind === 'refused'
      ? cacheError('CONFLICT', `${err.message}: connect your X account again.`)
      : cacheError('BAD_GATEWAY', err.message);
  }
}

/** GET /2/users/me with the stored access token, refreshed first when it has run out. */
async function readProfile(
  deps: Deps,
  config: XOAuthConfig,
  row: ConnectedXAccount,
): Promise<XProfile> {
  const cipher = cipherOf(deps);
  const stored = cipher.open(row.accessToken, tokenContext(row.userId, 'access'));
  const expiresAt = row.accessTokenExpiresAt;
  const isLive = expiresAt === null || expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
  if (!stored || !isLive) {
    return fetchProfile(config, await refreshTokens(deps, config, row, cipher));
  }
  try {
    return await fetchProfile(config, stored);
  } catch (err) {
    // Revoked or run out early: one refresh, one more try.
    if (!(err instanceof XApiError && err.kind === 'refused')) throw err;
    return fetchProfile(config, await refreshTokens(deps, config, row, cipher));
  }
}

/**
 * New tokens for the stored refresh token, saved at once: X rotates refresh tokens, so the old
 * one is spent even if what follows fails.
 */
async function refreshTokens(
  deps: Deps,
  config: XOAuthConfig,
  row: ConnectedXAccount,
  cipher: TokenCipher,
): Promise<string> {
  const refreshToken =
    row.refreshToken && cipher.open(row.refreshToken, tokenContext(row.userId, 'refresh'));
  if (!refreshToken) {
    throw new XApiError('refused', 'No usable X refresh token is stored');
  }
  const tokens = await requestTokens(config, { type: 'refresh_token', refreshToken });
  const sealed = sealTokens(cipher, row.userId, {
    ...tokens,
    refreshToken: tokens.refreshToken ?? refreshToken,
  });
  await updateXAccount(deps.db, row.userId, sealed);
  return tokens.accessToken;
}

function sealTokens(cipher: TokenCipher, userId: string, tokens: XTokens) {
  return {
    accessToken: cipher.seal(tokens.accessToken, tokenContext(userId, 'access')),
    refreshToken: tokens.refreshToken
      ? cipher.seal(tokens.refreshToken, tokenContext(userId, 'refresh'))
      : null,
    accessTokenExpiresAt: tokens.expiresAt ?? null,
    scope: tokens.scope,
  };
}

const tokenContext = (userId: string, kind: 'access' | 'refresh') => `${userId}:${kind}`;

function cipherOf(deps: Deps): TokenCipher {
  return createTokenCipher(deps.jwtSecret);
}

function toXAccount(account: ConnectedXAccount): XAccount {
  return {
    username: account.username,
    name: account.name,
    xUserId: account.xUserId,
    connectedAt: account.connectedAt.toISOString(),
  };
}

function cacheError(code: AppErrorCode, reason: string): AppError {
  return new AppError(code, CACHE_ERROR, [{ msg: CACHE_ERROR }, { msg: reason }]);
}
