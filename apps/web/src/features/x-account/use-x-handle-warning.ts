import { socialLinkUsername, X_HANDLE_CHECK_DEBOUNCE_MS } from '@om/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { xAccountQueries } from './x-account.queries.ts';

const xHandleDiffers = (username: string) =>
  `This X handle differs from your connected X account @${username}.`;

/** X handles are case-insensitive: @Satoshi and @satoshi are one account. */
const isSameHandle = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * product.md#validation: 0.5 s after the X field stops changing, a handle other than the connected
 * X account's gives a warning, never an error: the form still submits. Before warning, the profile
 * is read again from X once (POST /api/twitter/cache), as the account may have been renamed.
 */
export function useXHandleWarning(link: string): string | undefined {
  const { token } = useWallet();
  const queryClient = useQueryClient();
  const checked = useDebouncedValue(link, X_HANDLE_CHECK_DEBOUNCE_MS);
  const handle = socialLinkUsername('x', checked);
  const { data: account } = useQuery(xAccountQueries.account(token));
  const differsFromCached = !!account && !!handle && !isSameHandle(handle, account.username);
  const fresh = useQuery({ ...xAccountQueries.freshProfile(token), enabled: differsFromCached });

  // A renamed account shows its new handle beside the field too.
  useEffect(() => {
    if (fresh.data) queryClient.setQueryData(xAccountQueries.account(token).queryKey, fresh.data);
  }, [fresh.data, queryClient, token]);

  if (checked !== link || !differsFromCached) return undefined;
  if (fresh.fetchStatus === 'fetching') return undefined;
  // Read for another account (one disconnected since): the cached one is what counts.
  const current = fresh.data?.xUserId === account.xUserId ? fresh.data : account;
  return isSameHandle(handle, current.username) ? undefined : xHandleDiffers(current.username);
}
