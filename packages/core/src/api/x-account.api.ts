import { z } from 'zod';

/**
 * Connecting a creator's X account by X's own sign-in (product.md#roles "A creator may connect an X
 * account by a social sign-in", product.md#market-overview, #market-calls; ADR 013). Every call
 * needs sign-in.
 *
 * 1. POST /api/x/connect answers the `authorizeUrl` of X's OAuth 2.0 consent page, opened in a
 *    popup; it also sets a cookie that ties the sign-in to this browser.
 * 2. X sends the popup to GET /api/x/callback, whose page tells the window that opened it
 *    `{ type: 'x-account', ok }` (XAccountMessage) by postMessage to its own origin, or on the
 *    'x-account' BroadcastChannel when the opener is gone, then closes; with neither it goes to
 *    /launchpad?x=connected|failed.
 * 3. GET /api/x/account answers the connected account or null; DELETE /api/x/account disconnects.
 * 4. POST /api/twitter/cache reads the profile again from X (handles can be renamed) and answers
 *    the account; any failure is `{ success: false, error: 'Cache Error' }`.
 */

export const XConnectPayloadSchema = z.object({ authorizeUrl: z.url() });
export type XConnectPayload = z.infer<typeof XConnectPayloadSchema>;

export const XAccountSchema = z.object({
  /** The handle, without '@', as X last reported it. */
  username: z.string(),
  /** The display name. */
  name: z.string(),
  xUserId: z.string(),
  /** ISO 8601. */
  connectedAt: z.string(),
});
export type XAccount = z.infer<typeof XAccountSchema>;

/** GET /api/x/account, DELETE /api/x/account (null) and POST /api/twitter/cache. */
export const XAccountPayloadSchema = XAccountSchema.nullable();

/** What the callback page posts to the window that started the sign-in. */
export const X_ACCOUNT_MESSAGE_TYPE = 'x-account';
export const XAccountMessageSchema = z.object({
  type: z.literal(X_ACCOUNT_MESSAGE_TYPE),
  ok: z.boolean(),
});
export type XAccountMessage = z.infer<typeof XAccountMessageSchema>;

/** The fallback page's query parameter: /launchpad?x=connected or ?x=failed. */
export const X_CONNECT_RESULT_PARAM = 'x';
export const XConnectResultSchema = z.enum(['connected', 'failed']);
