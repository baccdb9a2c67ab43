import { X_CONNECT_RESULT_PARAM, XConnectResultSchema } from '@om/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { xAccountQueries } from './x-account.queries.ts';
import { toastXConnect } from './x-connect-toast.ts';

/**
 * The callback page's fallback, /launchpad?x=connected|failed (no popup to report to): one toast,
 * then the parameter goes, so a reload does not toast again.
 */
export function useXConnectResult(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const parsed = XConnectResultSchema.safeParse(searchParams.get(X_CONNECT_RESULT_PARAM));
  const result = parsed.success ? parsed.data : undefined;

  useEffect(() => {
    if (!result) return;
    toastXConnect(result === 'connected');
    void queryClient.invalidateQueries({ queryKey: xAccountQueries.all() });
    setSearchParams(
      (params) => {
        params.delete(X_CONNECT_RESULT_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [result, queryClient, setSearchParams]);
}
