import {
  readProfileResponse,
  readTokenResponse,
  tokenRequest,
  type TokenGrant,
  type XOAuthConfig,
  type XProfile,
  type XTokens,
} from './x-oauth.ts';

/** How long one call to X may take, answer included. */
const X_TIMEOUT_MS = 10_000;

/**
 * A call to X that failed: 'refused' when X said no (an unknown or used code, a revoked grant, an
 * access token it no longer takes), 'unavailable' when it could not say (unreachable, timeout,
 * 5xx, 429, a body that is not what its API documents). The message never holds a token.
 */
export class XApiError extends Error {
  override name = 'XApiError';
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** POST /2/oauth2/token: a code (with its PKCE verifier) or a refresh token for new tokens. */
export async function requestTokens(config: XOAuthConfig, grant: TokenGrant): Promise<XTokens> {
  const { url, init } = tokenRequest(config, grant);
  const tokens = readTokenResponse(await callX(url, init, 'token endpoint'));
  if (!tokens) throw new XApiError('unavailable', "X's token endpoint answered an unexpected body");
  return tokens;
}

/** GET /2/users/me with the user's access token. */
export async function fetchProfile(config: XOAuthConfig, accessToken: string): Promise<XProfile> {
  const init = { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } };
  const profile = readProfileResponse(await callX(`${config.apiUrl}/2/users/me`, init, 'users/me'));
  if (!profile) throw new XApiError('unavailable', "X's users/me answered an unexpected body");
  return profile;
}

/** Pages of follows read at most: X allows 15 following calls per 15 minutes per user. */
const MAX_FOLLOWING_PAGES = 10;

/**
 * Whether the user follows the account (its id, or its username resolved with GET
 * /2/users/by/username/:username): GET /2/users/:id/following, 1,000 a page, until a page has it.
 */
export async function followsAccount(
  config: XOAuthConfig,
  accessToken: string,
  xUserId: string,
  account: { id: string } | { username: string },
): Promise<boolean> {
  const init = { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } };
  let targetId: string;
  if ('id' in account) {
    targetId = account.id;
  } else {
    const name = encodeURIComponent(account.username.replace(/^@/, ''));
    const found = await callX(`${config.apiUrl}/2/users/by/username/${name}`, init, 'users/by');
    const id = isRecord(found) && isRecord(found.data) ? found.data.id : undefined;
    if (typeof id !== 'string') throw new XApiError('refused', `X has no user @${name}`);
    targetId = id;
  }
  let next: string | undefined;
  for (let page = 0; page < MAX_FOLLOWING_PAGES; page++) {
    const url = new URL(`${config.apiUrl}/2/users/${encodeURIComponent(xUserId)}/following`);
    url.searchParams.set('max_results', '1000');
    if (next) url.searchParams.set('pagination_token', next);
    const body = await callX(url.toString(), init, 'following');
    if (!isRecord(body) || !isRecord(body.meta)) {
      throw new XApiError('unavailable', "X's following answered an unexpected body");
    }
    const users = Array.isArray(body.data) ? (body.data as unknown[]) : [];
    if (users.some((u) => isRecord(u) && u.id === targetId)) return true;
    const token = body.meta.next_token;
    if (typeof token !== 'string' || token === '') return false;
    next = token;
  }
  return false;
}

async function callX(url: string, init: RequestInit, what: string): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(X_TIMEOUT_MS) });
    text = await response.text();
  } catch (err) {
    const reason = err instanceof Error ? err.name : 'error';
    throw new XApiError('unavailable', `X's ${what} could not be reached (${reason})`);
  }
  const json = parseJson(text);
  if ([400, 401, 403].includes(response.status)) {
    // OAuth errors name themselves (RFC 6749 §5.2: invalid_grant, invalid_client, ...).
    const error = isRecord(json) ? json.error : undefined;
    const code = typeof error === 'string' && /^[a-z_]{1,40}$/.test(error) ? `: ${error}` : '';
    throw new XApiError('refused', `X's ${what} refused with HTTP ${response.status}${code}`);
  }
  if (!response.ok) {
    throw new XApiError('unavailable', `X's ${what} answered HTTP ${response.status}`);
  }
  return json;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (an HTML error page): the schemas of x-oauth.ts then refuse it.
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
