import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BellIcon } from '../../components/ui/icons.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { NotificationsPanel } from './notifications-panel.tsx';
import { notificationQueries } from './notifications.queries.ts';
import { useNotificationStream } from './use-notification-stream.ts';

/**
 * The unread count as the badge shows it: the server counts at most 100
 * (product.md#constants-and-limits).
 */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The header's bell for a signed-in wallet: its unread count, and the panel it opens. */
export function NotificationBell() {
  const { wallet, status } = useWallet();
  const address = status === 'connected' && wallet ? wallet.paymentAddress : null;
  useNotificationStream(address);
  const [open, setOpen] = useState(false);
  const count = useQuery({
    ...notificationQueries.unreadCount(address ?? ''),
    enabled: address !== null,
  }).data?.count;
  if (!address) return null;
  const unread = count ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={unread > 0 ? `Notifications, ${unreadBadge(unread)} unread` : 'Notifications'}
        className="relative rounded-lg p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
      >
        <BellIcon />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-brand-500 px-1 text-center text-[11px] font-semibold leading-5 text-zinc-950"
          >
            {unreadBadge(unread)}
          </span>
        ) : null}
      </button>
      <NotificationsPanel open={open} onClose={() => setOpen(false)} address={address} />
    </>
  );
}
