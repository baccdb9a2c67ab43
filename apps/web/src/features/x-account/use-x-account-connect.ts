import { X_ACCOUNT_MESSAGE_TYPE, XAccountMessageSchema } from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { xAccountApi } from './x-account.api.ts';
import { xAccountQueries } from './x-account.queries.ts';
import { toastXConnect } from './x-connect-toast.ts';

const POPUP_NAME = 'x-account';
const POPUP_FEATURES = 'popup,width=600,height=720';
const POPUP_BLOCKED = 'Allow pop-ups for this site, then try again.';

/**
 * Connecting an X account in a popup, so the wizard keeps what was typed (product.md#roles). The
 * popup is opened inside the click (browsers block one opened after an await) and sent to X's
 * consent page once the server answers it. The callback page reports back by postMessage from
 * this origin, or on a BroadcastChannel when X's pages cut it off from its opener.
 */
export function useXAccountConnect() {
  const queryClient = useQueryClient();
  const [isWaiting, setIsWaiting] = useState(false);

  useEffect(() => {
    if (!isWaiting) return;
    const onResult = (data: unknown) => {
      const message = XAccountMessageSchema.safeParse(data);
      if (!message.success) return;
      setIsWaiting(false);
      toastXConnect(message.data.ok);
      void queryClient.invalidateQueries({ queryKey: xAccountQueries.all() });
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onResult(event.data);
    };
    window.addEventListener('message', onMessage);
    const channel =
      typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(X_ACCOUNT_MESSAGE_TYPE)
        : undefined;
    if (channel) channel.onmessage = (event: MessageEvent) => onResult(event.data);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [isWaiting, queryClient]);

  const start = useMutation({
    mutationFn: async (popup: Window) => {
      popup.location.href = await xAccountApi.connect();
    },
    onError: (error, popup) => {
      popup.close();
      setIsWaiting(false);
      toastXConnect(false, errorMessage(error));
    },
  });

  const disconnect = useMutation({
    mutationFn: () => xAccountApi.disconnect(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: xAccountQueries.all() }),
  });

  const connect = () => {
    const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
    if (!popup) {
      toastXConnect(false, POPUP_BLOCKED);
      return;
    }
    setIsWaiting(true);
    start.mutate(popup);
  };

  return { connect, disconnect: () => disconnect.mutate(), isDisconnecting: disconnect.isPending };
}
