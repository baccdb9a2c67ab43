import {
  formatDateTime,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import {
  notificationQueries,
  useNotificationActions,
  type NotificationApp,
} from './notifications.queries.ts';

type Props = { open: boolean; onClose: () => void; address: string };

/**
 * product.md#states-and-transitions, #constants-and-limits: the signed-in wallet's notifications
 * in two tabs (global, the product), 10 a page, each marked read or unread, all unread ones marked
 * read at once; and which types pop up.
 */
export function NotificationsPanel({ open, onClose, address }: Props) {
  const productName = useAppConfig()?.productName ?? 'Market';
  const [app, setApp] = useState<NotificationApp>('product');
  const [page, setPage] = useState(1);
  const { markAll } = useNotificationActions();
  const unread = useQuery(notificationQueries.unreadCount(address)).data?.count ?? 0;
  const tabs: [NotificationApp, string][] = [
    ['product', productName],
    ['global', 'Global'],
  ];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Notifications"
      placement="right"
      className="overflow-y-auto"
    >
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-center justify-between gap-2">
          <div role="tablist" aria-label="Notification apps" className="flex gap-1">
            {tabs.map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={app === value}
                onClick={() => {
                  setApp(value);
                  setPage(1);
                }}
                className={`rounded-lg px-3 py-1.5 text-sm ${app === value ? 'bg-zinc-800 text-zinc-100' : 'text-zinc-400 hover:text-zinc-100'}`}
              >
                {label}
              </button>
            ))}
          </div>
          <Button
            size="sm"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </Button>
        </div>
        <NotificationList
          address={address}
          app={app}
          page={page}
          setPage={setPage}
          onOpenLink={onClose}
        />
        <PopUpPreferences address={address} />
      </div>
    </Dialog>
  );
}

function NotificationList({
  address,
  app,
  page,
  setPage,
  onOpenLink,
}: {
  address: string;
  app: NotificationApp;
  page: number;
  setPage: (page: number) => void;
  onOpenLink: () => void;
}) {
  const list = useQuery(notificationQueries.page(address, app, page));
  if (list.isPending) return <Loading what="notifications" />;
  if (list.isError) {
    return (
      <LoadFailed what="notifications" error={list.error} onRetry={() => void list.refetch()} />
    );
  }
  const { notifications, hasMore } = list.data;
  return (
    <>
      {notifications.length === 0 ? (
        <p className="py-6 text-center text-sm text-zinc-400">No notifications yet.</p>
      ) : (
        <ul aria-label="Notifications" className="flex flex-col gap-2">
          {notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpenLink={onOpenLink} />
          ))}
        </ul>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Notification pages" className="flex items-center justify-between text-sm">
          <Button size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-zinc-400">Page {page}</span>
          <Button size="sm" disabled={!hasMore} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </>
  );
}

function NotificationItem({
  notification: n,
  onOpenLink,
}: {
  notification: Notification;
  onOpenLink: () => void;
}) {
  const { mark } = useNotificationActions();
  const link =
    typeof n.payload.link === 'string' && n.payload.link.startsWith('/') ? n.payload.link : null;
  return (
    <li
      aria-label={n.title}
      className={`rounded-xl border p-3 ${n.read ? 'border-zinc-800 bg-zinc-900' : 'border-brand-500/40 bg-zinc-800/60'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className={`text-sm ${n.read ? 'text-zinc-300' : 'font-semibold text-zinc-100'}`}>
          {n.title}
        </p>
        {n.retracted ? (
          <span className="shrink-0 rounded bg-amber-500/15 px-1.5 py-0.5 text-[11px] text-amber-300">
            Undone by a reorg
          </span>
        ) : null}
      </div>
      {n.body ? <p className="mt-1 text-sm text-zinc-400">{n.body}</p> : null}
      <div className="mt-2 flex items-center gap-3 text-xs text-zinc-500">
        <time dateTime={n.timestamp}>{formatDateTime(new Date(n.timestamp))}</time>
        {link ? (
          <Link to={link} onClick={onOpenLink} className="text-brand-400 hover:underline">
            View
          </Link>
        ) : null}
        <button
          type="button"
          className="ml-auto text-zinc-400 hover:text-zinc-100"
          disabled={mark.isPending}
          onClick={() => mark.mutate({ id: n.id, read: !n.read })}
        >
          {n.read ? 'Mark as unread' : 'Mark as read'}
        </button>
      </div>
    </li>
  );
}

/** In-app notifications are always on; a type's pop-up can be turned off (ADR 018). */
function PopUpPreferences({ address }: { address: string }) {
  const prefs = useQuery(notificationQueries.preferences(address));
  const { setMuted } = useNotificationActions();
  const muted = new Set(prefs.data?.muted ?? []);
  const toggle = (type: NotificationType) => {
    const next = new Set(muted);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    setMuted.mutate({ muted: [...next] });
  };
  return (
    <details className="rounded-xl border border-zinc-800 p-3 text-sm">
      <summary className="cursor-pointer text-zinc-300">Pop-ups</summary>
      <p className="mt-2 text-xs text-zinc-500">
        Every notification stays in this list; these choose which also pop up as they happen.
      </p>
      <ul className="mt-2 grid gap-1.5">
        {(Object.entries(NOTIFICATION_TYPES) as [NotificationType, string][]).map(
          ([type, label]) => (
            <li key={type}>
              <label className="flex items-center gap-2 text-zinc-300">
                <input
                  type="checkbox"
                  checked={!muted.has(type)}
                  disabled={!prefs.data || setMuted.isPending}
                  onChange={() => toggle(type)}
                />
                {label}
              </label>
            </li>
          ),
        )}
      </ul>
    </details>
  );
}
