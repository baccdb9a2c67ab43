import { X_CONNECT_FAILED, X_CONNECTED } from '@om/core';
import { toast } from 'sonner';

/** One toast per outcome, whichever way it arrived (popup message or the fallback page). */
const TOAST_ID = 'x-account-connect';

export function toastXConnect(isConnected: boolean, description?: string): void {
  if (isConnected) toast.success(X_CONNECTED, { id: TOAST_ID });
  else toast.error(X_CONNECT_FAILED, { id: TOAST_ID, ...(description ? { description } : {}) });
}
