import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for X's OAuth 2.0 provider and the one API call we make, on 127.0.0.1, as s3rver is
// for S3: GET /i/oauth2/authorize (the consent page, answered at once by a 302 back to the
// redirect_uri), POST /2/oauth2/token (authorization_code with PKCE S256, refresh_token with
// rotation) and GET /2/users/me. It checks what X checks: the client and its authentication, the
// registered redirect_uri (and that the token request repeats it), the code_verifier against the
// code_challenge, single-use codes and refresh tokens, live bearer tokens. For the follow task:
// GET /2/users/by/username/:username and GET /2/users/:id/following, paged as X pages them.

export type FakeXUser = { id: string; name: string; username: string };
/** A registered X app: a confidential one has a secret (HTTP Basic), a public one none. */
export type FakeXClient = { clientId: string; clientSecret?: string; redirectUri: string };

type Code = {
  clientId: string;
  userId: string;
  redirectUri: string;
  challenge: string;
  used: boolean;
};
type Grant = { clientId: string; userId: string };

const ACCESS_TOKEN_SECONDS = 7200;
const SCOPES = 'tweet.read users.read offline.access';

export class FakeX {
  url = '';
  readonly users = new Map<string, FakeXUser>();
  /** Every token request's grant_type, in order. */
  readonly grants: string[] = [];
  /** Every token this provider gave out: none may ever appear in the app's answers. */
  readonly issued: string[] = [];
  /** Who approves the next consent; 'deny' answers error=access_denied. */
  nextConsent: string | 'deny' = '';
  /** The status the next users/me answers with instead of the profile (an outage). */
  nextProfileStatus: number | undefined;
  /** Who follows whom: follower id → the ids it follows, in the order followed. */
  readonly follows = new Map<string, string[]>();
  /** At most this many follows a page (X: max_results, up to 1000), so tests can reach page 2. */
  followingPageSize = 1000;
  /** Every following request's pagination_token ('' for the first page), in order. */
  readonly followingPages: string[] = [];

  private readonly server = http.createServer((req, res) => void this.route(req, res));
  private readonly codes = new Map<string, Code>();
  private readonly accessTokens = new Map<string, Grant & { expiresAt: number }>();
  private readonly refreshTokens = new Map<string, Grant>();

  constructor(private readonly clients: readonly FakeXClient[]) {}

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  addUser(user: FakeXUser): void {
    this.users.set(user.id, user);
  }

  rename(id: string, username: string): void {
    const user = this.users.get(id);
    if (user) user.username = username;
  }

  follow(followerId: string, followeeId: string): void {
    this.follows.set(followerId, [...(this.follows.get(followerId) ?? []), followeeId]);
  }

  /** Every access token stops working, as two hours later. */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  /** The person revoked the app in X's settings: no token or refresh token works. */
  revokeAll(): void {
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const body = req.method === 'POST' ? await readBody(req) : '';
    if (req.method === 'GET' && url.pathname === '/i/oauth2/authorize') {
      return this.authorize(url.searchParams, res);
    }
    if (req.method === 'POST' && url.pathname === '/2/oauth2/token') {
      return this.token(req, new URLSearchParams(body), res);
    }
    if (req.method === 'GET' && url.pathname === '/2/users/me') return this.me(req, res);
    const byName = /^\/2\/users\/by\/username\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && byName) return this.byUsername(req, byName[1] ?? '', res);
    const following = /^\/2\/users\/(\d+)\/following$/.exec(url.pathname);
    if (req.method === 'GET' && following) {
      return this.following(req, following[1] ?? '', url.searchParams, res);
    }
    json(res, 404, { title: 'Not Found Error' });
  }

  private authorize(q: URLSearchParams, res: http.ServerResponse): void {
    const client = this.clients.find((c) => c.clientId === q.get('client_id'));
    // A bad client or redirect_uri is shown on X's page, never redirected to (RFC 6749 §4.1.2.1).
    if (!client || q.get('redirect_uri') !== client.redirectUri) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const back = new URL(client.redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    const isValid =
      q.get('response_type') === 'code' &&
      q.get('scope') === SCOPES &&
      /^[A-Za-z0-9_-]{43}$/.test(q.get('code_challenge') ?? '') &&
      q.get('code_challenge_method') === 'S256' &&
      (q.get('state') ?? '') !== '';
    if (!isValid || this.nextConsent === 'deny') {
      back.searchParams.set('error', isValid ? 'access_denied' : 'invalid_request');
    } else {
      const code = randomBytes(24).toString('base64url');
      this.codes.set(code, {
        clientId: client.clientId,
        userId: this.nextConsent,
        redirectUri: client.redirectUri,
        challenge: q.get('code_challenge') ?? '',
        used: false,
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() }).end();
  }

  private token(req: http.IncomingMessage, form: URLSearchParams, res: http.ServerResponse): void {
    const grantType = form.get('grant_type') ?? '';
    this.grants.push(grantType);
    if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return json(res, 400, { error: 'invalid_request' });
    }
    const client = this.authenticate(req.headers.authorization, form.get('client_id'));
    if (!client) return json(res, 401, { error: 'invalid_client' });
    if (grantType === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier, 'ascii').digest('base64url');
      if (
        !code ||
        code.used ||
        code.clientId !== client.clientId ||
        form.get('redirect_uri') !== code.redirectUri ||
        challenge !== code.challenge
      ) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      code.used = true;
      return json(res, 200, this.issue({ clientId: client.clientId, userId: code.userId }));
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const grant = this.refreshTokens.get(refreshToken);
      if (!grant || grant.clientId !== client.clientId) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      this.refreshTokens.delete(refreshToken); // rotated: each refresh token works once
      return json(res, 200, this.issue(grant));
    }
    json(res, 400, { error: 'unsupported_grant_type' });
  }

  /** HTTP Basic for a confidential client; a public one is known by client_id alone. */
  private authenticate(header: string | undefined, bodyClientId: string | null) {
    if (header?.startsWith('Basic ')) {
      const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64')
        .toString()
        .split(':')
        .map(decodeURIComponent);
      const client = this.clients.find((c) => c.clientId === id && c.clientSecret === secret);
      return client && (bodyClientId === null || bodyClientId === id) ? client : undefined;
    }
    return this.clients.find((c) => c.clientId === bodyClientId && c.clientSecret === undefined);
  }

  private issue(grant: Grant) {
    const accessToken = randomBytes(24).toString('base64url');
    const refreshToken = randomBytes(24).toString('base64url');
    this.accessTokens.set(accessToken, {
      ...grant,
      expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
    });
    this.refreshTokens.set(refreshToken, grant);
    this.issued.push(accessToken, refreshToken);
    return {
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      access_token: accessToken,
      scope: SCOPES,
      refresh_token: refreshToken,
    };
  }

  /** The user a live bearer token was given for, or undefined after answering 401. */
  private bearer(req: http.IncomingMessage, res: http.ServerResponse): FakeXUser | undefined {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = this.accessTokens.get(token);
    const user = grant && grant.expiresAt > Date.now() ? this.users.get(grant.userId) : undefined;
    if (!user) json(res, 401, { title: 'Unauthorized', status: 401, detail: 'Unauthorized' });
    return user;
  }

  private byUsername(req: http.IncomingMessage, username: string, res: http.ServerResponse) {
    if (!this.bearer(req, res)) return;
    const name = decodeURIComponent(username).toLowerCase();
    const user = [...this.users.values()].find((u) => u.username.toLowerCase() === name);
    // X answers 200 with an errors array for an unknown user.
    if (!user) return json(res, 200, { errors: [{ title: 'Not Found Error', value: username }] });
    json(res, 200, { data: { id: user.id, name: user.name, username: user.username } });
  }

  private following(
    req: http.IncomingMessage,
    id: string,
    q: URLSearchParams,
    res: http.ServerResponse,
  ): void {
    if (!this.bearer(req, res)) return;
    const max = Number(q.get('max_results') ?? '100');
    if (!Number.isInteger(max) || max < 1 || max > 1000) {
      return json(res, 400, { title: 'Invalid Request', detail: 'max_results' });
    }
    const token = q.get('pagination_token') ?? '';
    this.followingPages.push(token);
    const start = token === '' ? 0 : Number(Buffer.from(token, 'base64url').toString());
    const size = Math.min(max, this.followingPageSize);
    const ids = this.follows.get(id) ?? [];
    const page = ids.slice(start, start + size).map((followee) => {
      const user = this.users.get(followee);
      return { id: followee, name: user?.name ?? '', username: user?.username ?? '' };
    });
    const end = start + page.length;
    const meta: Record<string, unknown> = { result_count: page.length };
    if (end < ids.length) meta.next_token = Buffer.from(String(end)).toString('base64url');
    json(res, 200, page.length > 0 ? { data: page, meta } : { meta });
  }

  private me(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.nextProfileStatus !== undefined) {
      const status = this.nextProfileStatus;
      this.nextProfileStatus = undefined;
      return json(res, status, { title: 'Service Unavailable' });
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = this.accessTokens.get(token);
    const user = grant && grant.expiresAt > Date.now() ? this.users.get(grant.userId) : undefined;
    if (!user)
      return json(res, 401, { title: 'Unauthorized', status: 401, detail: 'Unauthorized' });
    json(res, 200, { data: { id: user.id, name: user.name, username: user.username } });
  }
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
