import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { NotificationMutesSchema } from '@om/core';
import {
  deliverAnnouncements,
  listNotifications,
  markAllRead,
  mutedTypes,
  setMutedTypes,
  setRead,
  unreadCount,
} from './notifications.service.ts';

const ListQuery = z.object({
  app: z.enum(['global', 'product']).default('product'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const IdParams = z.object({ id: z.string().uuid() });

function badRequest(reply: FastifyReply, msg: string) {
  return reply.status(400).send({ success: false, error: msg, errors: [{ msg }] });
}

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  list: { summary: "The user's notifications, paged", query: ListQuery },
  unreadCount: { summary: 'How many notifications are unread' },
  mark: { summary: 'Mark a notification read or unread', params: IdParams, body: 'none' },
  preferences: { summary: 'Muted notification types' },
  setPreferences: { summary: 'Set the muted notification types', body: NotificationMutesSchema },
  readAll: { summary: 'Mark every notification read', body: 'none' },
} satisfies Record<string, RouteDocs>;

/**
 * A signed-in user's notifications (product.md#records, #states-and-transitions, #roles,
 * #constants-and-limits; ADR 018).
 */
export function notificationsRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object) {
  const auth = requireSession(deps.jwtSecret);
  const signedIn = { preHandler: auth };
  const signedInWrite = { config: writeLimit, preHandler: auth };
  const session = (request: FastifyRequest) => request.session as SessionClaims;

  app.get('/api/notifications', documented(docs.list, signedIn), async (request, reply) => {
    const query = ListQuery.safeParse(request.query);
    if (!query.success) {
      return badRequest(reply, "page must be a whole number from 1 and app 'global' or 'product'.");
    }
    const { app: which, page } = query.data;
    await deliverAnnouncements(deps.db.kysely, session(request).address);
    return {
      success: true,
      payload: await listNotifications(deps.db.kysely, session(request).address, which, page),
    };
  });

  app.get(
    '/api/notifications/unread-count',
    documented(docs.unreadCount, signedIn),
    async (request) => {
      await deliverAnnouncements(deps.db.kysely, session(request).address);
      return {
        success: true,
        payload: { count: await unreadCount(deps.db.kysely, session(request).address) },
      };
    },
  );

  for (const [suffix, read] of [
    ['read', true],
    ['unread', false],
  ] as const) {
    app.post(
      `/api/notifications/:id/${suffix}`,
      documented(docs.mark, signedInWrite),
      async (request, reply) => {
        const params = IdParams.safeParse(request.params);
        if (!params.success) return badRequest(reply, 'The notification id must be a UUID.');
        const found = await setRead(deps.db.kysely, session(request).address, params.data.id, read);
        if (!found) {
          const msg = 'No such notification.';
          return reply.status(404).send({ success: false, error: msg, errors: [{ msg }] });
        }
        return { success: true, payload: { id: params.data.id, read } };
      },
    );
  }

  app.get(
    '/api/notifications/preferences',
    documented(docs.preferences, signedIn),
    async (request) => {
      return {
        success: true,
        payload: { muted: await mutedTypes(deps.db.kysely, session(request).address) },
      };
    },
  );

  app.put(
    '/api/notifications/preferences',
    documented(docs.setPreferences, signedInWrite),
    async (request, reply) => {
      const body = NotificationMutesSchema.safeParse(request.body);
      if (!body.success) {
        return badRequest(
          reply,
          body.error.issues[0]?.message ?? 'muted must be a list of notification types.',
        );
      }
      await setMutedTypes(deps.db.kysely, session(request).address, body.data.muted);
      return {
        success: true,
        payload: { muted: await mutedTypes(deps.db.kysely, session(request).address) },
      };
    },
  );

  app.post(
    '/api/notifications/read-all',
    documented(docs.readAll, signedInWrite),
    async (request) => {
      return {
        success: true,
        payload: { updated: await markAllRead(deps.db.kysely, session(request).address) },
      };
    },
  );
}
