import {
  XAccountPayloadSchema,
  XAccountSchema,
  XConnectPayloadSchema,
  type XAccount,
} from '@om/core';
import { api } from '../../lib/api-client.ts';

// The X account calls (product.md#roles, #market-calls; ADR 013). All need sign-in.

export const xAccountApi = {
  /** GET /api/x/account: the connected account, or null. */
  account: (signal?: AbortSignal): Promise<XAccount | null> =>
    api.get('/api/x/account', XAccountPayloadSchema, { signal }),

  /** POST /api/x/connect: X's consent page for a new sign-in. */
  async connect(): Promise<string> {
    return (await api.post('/api/x/connect', undefined, XConnectPayloadSchema)).authorizeUrl;
  },

  /** DELETE /api/x/account (answers null). */
  async disconnect(): Promise<void> {
    await api.delete('/api/x/account', undefined, XAccountPayloadSchema);
  },

  /** POST /api/twitter/cache: the profile read again from X (a handle may have been renamed). */
  refreshProfile: (signal?: AbortSignal): Promise<XAccount> =>
    api.post('/api/twitter/cache', undefined, XAccountSchema, { signal }),
};
