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

/** The session of a bearer token, or undefined for a missing, forged or expired one. */
export async function readToken(
  secret: Uint8Array,
  token: string,
): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.address !== 'string') return undefined;
    return { userId: payload.sub, address: payload.address };
  } catch {
    // jose throws for every kind of invalid token; all of them mean "not signed in".
    return undefined;
  }
}
