import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  userId: string;
  address: string;
}

const ISSUER = 'om-server';

export async function issueToken(secret: Uint8Array, claims: SessionClaims, ttlSeconds: number) {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({ address: claims.address })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
  return { token, expiresAt };
}

/**
 * Tokens already verified, per secret, until they expire: a signed-in client sends the same token
 * with every request, and jose's HS256 check is a WebCrypto job each time (4 % of the server's CPU
 * in a mint rush, docs/benchmarks.md). A token cannot be revoked before its expiry anyway.
 */
const verified = new WeakMap<
  Uint8Array,
  Map<string, { claims: SessionClaims; expiresAt: number }>
>();
const MAX_VERIFIED = 10_000;

/** The session of a bearer token, or undefined for a missing, forged or expired one. */
export async function readToken(
  secret: Uint8Array,
  token: string,
): Promise<SessionClaims | undefined> {
  let known = verified.get(secret);
  if (!known) {
    known = new Map();
    verified.set(secret, known);
  }
  const hit = known.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit.claims;
    known.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.address !== 'string') return undefined;
    const claims = { userId: payload.sub, address: payload.address };
    if (payload.exp !== undefined) {
      // The oldest entry goes first: a Map iterates in insertion order.
      if (known.size >= MAX_VERIFIED) known.delete(known.keys().next().value ?? '');
      known.set(token, { claims, expiresAt: payload.exp * 1000 });
    }
    return claims;
  } catch {
    // jose throws for every kind of invalid token; all of them mean "not signed in".
    return undefined;
  }
}
