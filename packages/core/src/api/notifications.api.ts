import { z } from 'zod';

/**
 * Notifications (spec 001 §3 Notification, §4, §9; issue 17; ADR 018). Sent to a wallet address by
 * the server from real events; read through the signed-in routes.
 */
export const NotificationSchema = z.object({
  id: z.string(),
  app: z.string(),
  /** What produced it: 'listing_sold', 'purchase_confirmed', 'outbid', … or 'announcement'. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** Amounts in sats as decimal strings, and a `link` to the object. */
  payload: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  /** A reorg undid what it says. */
  retracted: z.boolean(),
  timestamp: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

export const UnreadCountSchema = z.object({ count: z.number().int() });

/** The types a wallet does not want as a live pop-up; its list always has every one. */
export const NotificationMutesSchema = z.object({ muted: z.array(z.string()) });

/** event: notification on /api/shared/events?address=: something changed for this address. */
export const NotificationEventSchema = z.object({ address: z.string() });
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;
