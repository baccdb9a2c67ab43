import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Env } from '../../env.ts';

// X's OAuth 2.0 Authorization Code flow with PKCE (RFC 6749 §4.1, RFC 7636; X's "OAuth 2.0
// Authorization Code Flow with PKCE"): what to ask for and how to read the answers. No I/O here;
// x-api.ts sends these requests.

/** Read the profile; offline.access makes X add a refresh token. */
const X_SCOPES = ['tweet.read', 'users.read', 'offline.access'] as const;
export const X_CALLBACK_PATH = '/api/x/callback';
/** How long a sign-in may take, from POST /api/x/connect to the callback. */
export const X_SIGN_IN_TTL_SECONDS = 600;
/** The cookie holding the state of this browser's sign-in (see stateCookie). */
const X_STATE_COOKIE = 'om_x_state';

export type XOAuthConfig = {
  clientId: string;
  /** Set for a confidential client: the token endpoint then wants HTTP Basic. */
  clientSecret?: string;
  authorizeUrl: string;
  apiUrl: string;
  redirectUri: string;
};

/** The X client of this deployment, or undefined when X_CLIENT_ID is unset. */
export function xOAuthConfig(env: Env): XOAuthConfig | undefined {
  if (!env.X_CLIENT_ID) return undefined;
  return {
    clientId: env.X_CLIENT_ID,
    ...(env.X_CLIENT_SECRET ? { clientSecret: env.X_CLIENT_SECRET } : {}),
    authorizeUrl: env.X_AUTHORIZE_URL,
    apiUrl: env.X_API_URL.replace(/\/+$/, ''),
    redirectUri: `${env.publicUrl}${X_CALLBACK_PATH}`,
  };
}

/** RFC 7636 §4.2, S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function pkceChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

/** X's consent page for this sign-in. */
export function authorizeUrl(
  config: XOAuthConfig,
  request: { state: string; codeChallenge: string },
): string {
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: X_SCOPES.join(' '),
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

export type TokenGrant =
  | { type: 'authorization_code'; code: string; codeVerifier: string }
  | { type: 'refresh_token'; refreshToken: string };

/** POST /2/oauth2/token, form-encoded; a confidential client authenticates with HTTP Basic. */
export function tokenRequest(
  config: XOAuthConfig,
  grant: TokenGrant,
): { url: string; init: RequestInit } {
  const form: Record<string, string> =
    grant.type === 'authorization_code'
      ? {
          grant_type: 'authorization_code',
          code: grant.code,
          redirect_uri: config.redirectUri,
          code_verifier: grant.codeVerifier,
        }
      : { grant_type: 'refresh_token', refresh_token: grant.refreshToken };
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (config.clientSecret) {
    // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
    const basic = `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  }
  // client_id always: a public client is known by it alone (§4.1.3), and X takes it with Basic too.
  const body = new URLSearchParams({ ...form, client_id: config.clientId });
  return {
    url: `${config.apiUrl}/2/oauth2/token`,
    init: { method: 'POST', headers, body: body.toString() },
  };
}

const TokenResponseSchema = z.object({
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'not a bearer token'),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().int().positive().optional(),
  scope: z.string().optional(),
});

export type XTokens = {
  accessToken: string;
  refreshToken?: string;
  /** When the access token stops working; undefined when X did not say. */
  expiresAt?: Date;
  scope: string;
};

/** The token endpoint's JSON (RFC 6749 §5.1), or undefined when it is not one. */
export function readTokenResponse(json: unknown, now = new Date()): XTokens | undefined {
  const parsed = TokenResponseSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const t = parsed.data;
  return {
    accessToken: t.access_token,
    ...(t.refresh_token ? { refreshToken: t.refresh_token } : {}),
    ...(t.expires_in ? { expiresAt: new Date(now.getTime() + t.expires_in * 1000) } : {}),
    scope: t.scope ?? '',
  };
}

/** GET /2/users/me: `{ data: { id, name, username } }`. X ids are decimal strings. */
const ProfileResponseSchema = z.object({
  data: z.object({
    id: z.string().regex(/^[0-9]{1,20}$/),
    name: z.string(),
    username: z.string().regex(/^[A-Za-z0-9_]{1,15}$/),
  }),
});

export type XProfile = { xUserId: string; username: string; name: string };

export function readProfileResponse(json: unknown): XProfile | undefined {
  const parsed = ProfileResponseSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { id, name, username } = parsed.data.data;
  return { xUserId: id, username, name };
}

/**
 * Set-Cookie of the sign-in's state, sent to the callback only: the callback accepts a state only
 * from the browser that started it (RFC 6749 §10.12), so a consent link someone else started
 * cannot connect this person's X account to that someone's wallet. Lax, as X's redirect is a
 * top-level GET from another site. `null` clears it.
 */
export function stateCookie(state: string | null, isHttps: boolean): string {
  const parts = [
    `${X_STATE_COOKIE}=${state ?? ''}`,
    `Max-Age=${state ? X_SIGN_IN_TTL_SECONDS : 0}`,
    `Path=${X_CALLBACK_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (isHttps) parts.push('Secure');
  return parts.join('; ');
}

/** The state in a Cookie header, if any. */
export function readStateCookie(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === X_STATE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
