import { NOTIFICATION_TYPES, type Notification } from '@om/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { setServerEventsAddress, subscribeServerEvents } from '../../shared/server-events.ts';
import { notificationQueries, type NotificationApp } from './notifications.queries.ts';

const APPS: NotificationApp[] = ['product', 'global'];

/**
 * Live notifications for the signed-in address (ADR 018): the page's event stream asks for its
 * notification events; each refreshes the bell and the panel, and a new unread one whose type is
 * not muted pops up. What was there before this page loaded never pops up.
 */
export function useNotificationStream(address: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!address) return;
    setServerEventsAddress(address);
    let isCurrent = true;
    const seen = new Set<string>();
    const firstPages = () =>
      Promise.all(
        APPS.map((app) =>
          queryClient.fetchQuery({ ...notificationQueries.page(address, app, 1), staleTime: 0 }),
        ),
      ).then((pages) => pages.flatMap((p) => p.notifications));
    // What exists now is seen; a failure here only means the first event pops up a little more.
    const ready = firstPages()
      .then((all) => all.forEach((n) => seen.add(n.id)))
      .catch(() => undefined);

    const onNotification = async () => {
      await queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
      await ready;
      const [all, prefs] = await Promise.all([
        firstPages(),
        queryClient.fetchQuery(notificationQueries.preferences(address)),
      ]).catch(() => [[], { muted: [] }] as const);
      if (!isCurrent) return;
      for (const n of all) {
        if (seen.has(n.id)) continue;
        seen.add(n.id);
        if (!n.read && !n.retracted && !prefs.muted.includes(n.type as never)) popUp(n);
      }
    };
    const unsubscribe = subscribeServerEvents({ notification: () => void onNotification() });
    return () => {
      isCurrent = false;
      unsubscribe();
      setServerEventsAddress(null);
    };
  }, [address, queryClient]);
}

function popUp(n: Notification): void {
  const label = NOTIFICATION_TYPES[n.type as keyof typeof NOTIFICATION_TYPES];
  toast(n.title, { description: n.body || label, id: `notification-${n.id}` });
}
