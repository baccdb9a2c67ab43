import { z } from 'zod';

/**
 * Notifications (product.md#records Notification, product.md#states-and-transitions,
 * product.md#constants-and-limits; ADR 018). Sent to a wallet address by the server from real
 * events; read through the signed-in routes.
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

/**
 * Every type the server produces, with its name in the preferences. A wallet may mute a type's
 * live pop-up; the in-app list always has every notification (ADR 018: in-app always on).
 */
export const NOTIFICATION_TYPES = {
  listing_sold: 'Your inscription sold',
  purchase_confirmed: 'Purchase confirmed',
  purchase_sniped: 'Purchase sniped',
  mint_completed: 'Mint confirmed',
  mint_sniped: 'Mint taken by another',
  outbid: 'Outbid',
  auction_won: 'Auction won',
  auction_settled: 'Your auction settled',
  auction_ended: 'Your auction ended unsold',
  edition_completed: 'Edition inscribed',
  brc20_mint_completed: 'BRC-20 mint inscribed',
  inscribe_completed: 'Inscription order inscribed',
  order_refunded: 'Order refunded',
  withdrawal_confirmed: 'Withdrawal confirmed',
  launch_live: 'Launch live',
  launch_rejected: 'Launch taken down',
  auction_rejected: 'Auction taken down',
  collection_approved: 'Collection approved',
  collection_rejected: 'Collection rejected',
  pool_won: 'Reward pool won',
  mining_payout: 'Mining payout sent',
  task_completed: 'Task completed',
  announcement: 'Announcements',
} as const;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;
const TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as [NotificationType, ...NotificationType[]];

/** The types whose live pop-up the wallet turned off. */
export const NotificationMutesSchema = z.object({
  muted: z
    .array(
      z.enum(TYPE_NAMES, { error: (i) => `muted: ${String(i.input)} is not a notification type` }),
    )
    .max(TYPE_NAMES.length),
});
export type NotificationMutes = z.infer<typeof NotificationMutesSchema>;

/** event: notification on /api/shared/events?address=: something changed for this address. */
export const NotificationEventSchema = z.object({ address: z.string() });
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;
