import { randomBytes } from 'node:crypto';
import { verifyMessageSignature } from '@om/bitcoin';
import type { AuthChallengePayload, AuthVerifyBody, AuthVerifyPayload } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { checkAddress, checkKeyOfAddress } from '../../http/address-input.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeChallenge, insertChallenge, upsertUser } from './auth.queries.ts';
import { issueToken } from '../../http/auth-token.ts';

/** A challenge is good for five minutes and for one sign-in. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

function challengeMessage(p: {
  product: string;
  address: string;
  network: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  // Sign-In-With-Ethereum's layout, which wallets display legibly; signing it moves no coins.
  return [
    `${p.product} wants you to sign in with your Bitcoin account:`,
    p.address,
    '',
    'Signing this message proves you control this address. It costs nothing and moves no coins.',
    '',
    `Network: ${p.network}`,
    `Nonce: ${p.nonce}`,
    `Issued At: ${p.issuedAt.toISOString()}`,
    `Expiration Time: ${p.expiresAt.toISOString()}`,
  ].join('\n');
}

export async function createChallenge(
  deps: Pick<AppDeps, 'db' | 'env'>,
  address: string,
): Promise<AuthChallengePayload> {
  const network = deps.env.BITCOIN_NETWORK;
  checkAddress(address, 'address', network);
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
  const nonce = randomBytes(16).toString('hex');
  const message = challengeMessage({
    product: deps.env.PRODUCT_NAME,
    address,
    network,
    nonce,
    issuedAt,
    expiresAt,
  });
  await insertChallenge(deps.db, { address, message, nonce, expiresAt });
  return { message, expiresAt: expiresAt.toISOString() };
}

export async function verifyChallenge(
  deps: Pick<AppDeps, 'db' | 'env' | 'jwtSecret'>,
  body: AuthVerifyBody,
): Promise<AuthVerifyPayload> {
  const network = deps.env.BITCOIN_NETWORK;
  checkKeyOfAddress(
    body.publicKey,
    body.address,
    { key: 'publicKey', address: 'address' },
    network,
  );
  // Marked used atomically: a challenge signs in once, even when two requests race.
  const challenge = await consumeChallenge(
    deps.db,
    body.address,
    (message) =>
      verifyMessageSignature({
        message,
        address: body.address,
        signature: body.signature,
        network,
        publicKey: body.publicKey,
      }).ok,
  );
  if (challenge === 'none') {
    throw new AppError(
      'UNAUTHENTICATED',
      'No valid sign-in challenge for this address: request a new one.',
    );
  }
  if (challenge === 'bad-signature') {
    throw new AppError(
      'UNAUTHENTICATED',
      'The signature does not match the sign-in message for this address.',
    );
  }
  const user = await upsertUser(deps.db, body.address, body.publicKey);
  const { token, expiresAt } = await issueToken(
    deps.jwtSecret,
    { userId: user.id, address: body.address },
    deps.env.AUTH_TOKEN_TTL_SECONDS,
  );
  return { token, address: body.address, expiresAt: expiresAt.toISOString() };
}
