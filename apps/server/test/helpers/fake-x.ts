import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for X's OAuth 2.0 provider and the one API call we make, on 127.0.0.1, as s3rver is
// for S3: GET /i/oauth2/authorize (the consent page, answered at once by a 302 back to the
// redirect_uri), POST /2/oauth2/token (authorization_code with PKCE S256, refresh_token with
// rotation) and GET /2/users/me. It checks what X checks: the client and its authentication, the
// registered redirect_uri (and that the token request repeats it), the code_verifier against the
// code_challenge, single-use codes and refresh tokens, live bearer tokens.

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
