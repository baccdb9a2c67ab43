import {
  NotificationMutesSchema,
  NotificationsPageSchema,
  UnreadCountSchema,
  type NotificationMutes,
} from '@om/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';

/**
 * The two apps shown (product.md#constants-and-limits): the platform's announcements, and the
 * market's own.
 */
export type NotificationApp = 'global' | 'product';

/**
 * A signed-in wallet's notifications (ADR 018). Keyed by the signed-in address, so another
 * wallet's sign-in never shows the last one's; the live stream invalidates `all()`.
 */
export const notificationQueries = {
  all: () => ['notifications'] as const,
  unreadCount: (address: string) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), address, 'unread-count'],
      queryFn: ({ signal }) =>
        api.get('/api/notifications/unread-count', UnreadCountSchema, { signal }),
      staleTime: 60_000,
    }),
  page: (address: string, app: NotificationApp, page: number) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), address, 'page', app, page],
      queryFn: ({ signal }) =>
        api.get(`/api/notifications?app=${app}&page=${page}`, NotificationsPageSchema, { signal }),
    }),
  preferences: (address: string) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), address, 'preferences'],
      queryFn: ({ signal }) =>
        api.get('/api/notifications/preferences', NotificationMutesSchema, { signal }),
      staleTime: Infinity,
    }),
};

const Marked = z.object({ id: z.string(), read: z.boolean() });
const MarkedAll = z.object({ updated: z.number() });

/** Mark one read or unread, mark all read, set the muted pop-ups: each refreshes the lists. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
  const mark = useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      api.post(`/api/notifications/${id}/${read ? 'read' : 'unread'}`, {}, Marked),
    onSettled,
  });
  const markAll = useMutation({
    mutationFn: () => api.post('/api/notifications/read-all', {}, MarkedAll),
    onSettled,
  });
  const setMuted = useMutation({
    mutationFn: (body: NotificationMutes) =>
      api.put('/api/notifications/preferences', body, NotificationMutesSchema),
    onSettled,
  });
  return { mark, markAll, setMuted };
}
