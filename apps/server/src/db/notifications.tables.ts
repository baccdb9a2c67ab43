import type { Generated } from 'kysely';
import type { Timestamp, Jsonb } from './column-types.ts';

// Kysely's view of the tables of one area: notifications, announcements, muted types (ADR 018).
// How values cross the driver: database.ts.

interface NotificationsTable {
  id: Generated<string>;
  /** 0028: the wallet address it is sent to (ADR 018). */
  address: string;
  /** 'global' or the product's name. */
  app: Generated<string>;
  title: string;
  body: Generated<string>;
  read: Generated<boolean>;
  timestamp: Timestamp;
  /** 0027: what produced it, its details (sats, link), a per-user dedupe key, a reorg's mark. */
  type: Generated<string>;
  payload: Jsonb;
  dedupe_key: string | null;
  retracted: Generated<boolean>;
}

/** 0029: the platform's global notifications, copied to each wallet when it reads (ADR 018). */
interface AnnouncementsTable {
  id: string;
  app: Generated<string>;
  title: string;
  body: Generated<string>;
  link: string | null;
  created_at: Timestamp;
}

/** 0028: the types a wallet does not want as a live pop-up (its list always has them). */
interface NotificationMutesTable {
  address: string;
  type: string;
}

export interface NotificationTables {
  notifications: NotificationsTable;
  notification_mutes: NotificationMutesTable;
  announcements: AnnouncementsTable;
}
