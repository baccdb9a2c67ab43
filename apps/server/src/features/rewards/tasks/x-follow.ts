import type { AppDeps } from '../../../app-deps.ts';
import { createTokenCipher } from '../../x-account/token-cipher.ts';
import { updateXAccount, type ConnectedXAccount } from '../../x-account/x-account.queries.ts';
import { followsAccount, requestTokens, XApiError } from '../../x-account/x-api.ts';
import type { XOAuthConfig } from '../../x-account/x-oauth.ts';

type Deps = Pick<AppDeps, 'env' | 'db' | 'jwtSecret'>;

/** An access token this close to its end is refreshed first (as x-account.service.ts does). */
const EXPIRY_MARGIN_MS = 60_000;

/** The product's X account as configured: its id, else its username; undefined when neither. */
export function productXAccount(
  env: AppDeps['env'],
): { id: string } | { username: string } | undefined {
  if (env.PRODUCT_X_USER_ID) return { id: env.PRODUCT_X_USER_ID };
  if (env.PRODUCT_X_USERNAME) return { username: env.PRODUCT_X_USERNAME };
  return undefined;
}

/**
 * Whether the connected X account follows the product's, with the stored access token: refreshed
 * first when it has run out, or once when X no longer takes it. The tokens are sealed and
 * rotated exactly as x-account.service.ts seals them (same cipher, same contexts).
 */
export async function followsProduct(
  deps: Deps,
  config: XOAuthConfig,
  row: ConnectedXAccount,
  product: { id: string } | { username: string },
): Promise<boolean> {
  const ask = (token: string) => followsAccount(config, token, row.xUserId, product);
  const cipher = createTokenCipher(deps.jwtSecret);
  const stored = cipher.open(row.accessToken, `${row.userId}:access`);
  const expiresAt = row.accessTokenExpiresAt;
  const isLive = expiresAt === null || expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
  if (!stored || !isLive) return ask(await refresh(deps, config, row));
  try {
    return await ask(stored);
  } catch (err) {
    if (!(err instanceof XApiError && err.kind === 'refused')) throw err;
    return ask(await refresh(deps, config, row));
  }
}

/** X rotates refresh tokens: the new pair is saved at once, before it is used. */
async function refresh(deps: Deps, config: XOAuthConfig, row: ConnectedXAccount): Promise<string> {
  const cipher = createTokenCipher(deps.jwtSecret);
  const refreshToken = row.refreshToken && cipher.open(row.refreshToken, `${row.userId}:refresh`);
  if (!refreshToken) throw new XApiError('refused', 'No usable X refresh token is stored');
  const tokens = await requestTokens(config, { type: 'refresh_token', refreshToken });
  await updateXAccount(deps.db, row.userId, {
    accessToken: cipher.seal(tokens.accessToken, `${row.userId}:access`),
    refreshToken: cipher.seal(tokens.refreshToken ?? refreshToken, `${row.userId}:refresh`),
    accessTokenExpiresAt: tokens.expiresAt ?? null,
    scope: tokens.scope,
  });
  return tokens.accessToken;
}
