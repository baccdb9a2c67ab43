import { transactionBroadcasted } from '@om/core';
import { toast } from 'sonner';

/**
 * The send's success toast: the BRC-20 send's words ('Transaction broadcasted: {txId}') and a link
 * to the transaction. The toaster sits outside the router, so the link is a plain anchor to the
 * network's explorer or our own /tx/ page (GET /api/config explorerTxUrl).
 */
export function toastRuneSent(txid: string, explorerTxUrl: string): void {
  const href = `${explorerTxUrl}${txid}`;
  const isOurs = href.startsWith('/');
  toast.success(transactionBroadcasted(txid), {
    description: (
      <a
        href={href}
        className="text-brand-400 hover:underline"
        {...(isOurs ? {} : { target: '_blank', rel: 'noreferrer noopener' })}
      >
        View the transaction
      </a>
    ),
  });
}
