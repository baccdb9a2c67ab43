import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announce,
  notify,
  retract,
  UNREAD_COUNT_CAP,
} from '../src/features/notifications/notifications.service.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, newTrader } from './helpers/trading.ts';

// ADR 018, notifications: product.md#states-and-transitions (mark one read / unread, mark all
// unread read), product.md#roles (updates without sign-in answer { success: false, error: 'user is
// not authenticated' }), product.md#constants-and-limits (page 10, unread count capped at 100).
// The producer API is idempotent by (address, dedupe key); a user reads what was sent to the
// address they signed in with.

const UNAUTHENTICATED = {
  success: false,
  error: 'user is not authenticated',
  errors: [{ msg: 'user is not authenticated' }],
};

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('notifications on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every notification call without sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/unread'],
      ['POST', '/api/notifications/read-all'],
    ] as const) {
      const res = await api(t, method, url);
      expect(res, `${method} ${url}`).toEqual({ status: 401, body: UNAUTHENTICATED });
    }
  });

  it('notifies once per dedupe key, pages by 10, caps the unread count, marks read and unread', async () => {
    const seller = await newTrader(t);
    const other = await newTrader(t);
    const to = [seller.ordinals.address, seller.payment.address];
    for (let i = 0; i < 2; i++) {
      // A worker that runs twice adds one notification.
      const added = await notify(t.db.kysely, {
        to,
        type: 'listing_sold',
        title: 'Your inscription sold',
        payload: { priceSats: '150000', link: '/inscription/abc' },
        dedupeKey: 'sold:abc',
      });
      expect(added).toBe(i === 0 ? 2 : 0);
    }
    let list = await api(t, 'GET', '/api/notifications', undefined, seller.token);
    expect(list.status).toBe(200);
    expect(list.body.payload.notifications).toHaveLength(1);
    const sold = list.body.payload.notifications[0];
    expect(sold).toMatchObject({
      type: 'listing_sold',
      read: false,
      retracted: false,
      payload: { priceSats: '150000', link: '/inscription/abc' },
    });

    // Another user may neither see nor mark it.
    const foreign = await api(t, 'POST', `/api/notifications/${sold.id}/read`, {}, other.token);
    expect(foreign.status).toBe(404);
    expect(
      (await api(t, 'GET', '/api/notifications', undefined, other.token)).body.payload
        .notifications,
    ).toEqual([]);

    const read = await api(t, 'POST', `/api/notifications/${sold.id}/read`, {}, seller.token);
    expect(read).toEqual({
      status: 200,
      body: { success: true, payload: { id: sold.id, read: true } },
    });
    let count = await api(t, 'GET', '/api/notifications/unread-count', undefined, seller.token);
    expect(count.body.payload.count).toBe(0);
    await api(t, 'POST', `/api/notifications/${sold.id}/unread`, {}, seller.token);
    count = await api(t, 'GET', '/api/notifications/unread-count', undefined, seller.token);
    expect(count.body.payload.count).toBe(1);

    // A reorg undoes the sale: the notification stays, retracted.
    expect(await retract(t.db.kysely, 'sold:abc')).toBe(2);
    list = await api(t, 'GET', '/api/notifications', undefined, seller.token);
    expect(list.body.payload.notifications[0].retracted).toBe(true);

    for (let i = 0; i < 110; i++) {
      await notify(t.db.kysely, {
        to,
        type: 'announcement',
        title: `n${i}`,
        dedupeKey: `a${i}`,
      });
    }
    count = await api(t, 'GET', '/api/notifications/unread-count', undefined, seller.token);
    expect(count.body.payload.count).toBe(UNREAD_COUNT_CAP);
    const page1 = await api(t, 'GET', '/api/notifications?page=1', undefined, seller.token);
    expect(page1.body.payload.notifications).toHaveLength(10);
    expect(page1.body.payload.hasMore).toBe(true);
    const page12 = await api(t, 'GET', '/api/notifications?page=12', undefined, seller.token);
    expect(page12.body.payload.notifications).toHaveLength(1);
    expect(page12.body.payload.hasMore).toBe(false);
    const bad = await api(t, 'GET', '/api/notifications?page=0', undefined, seller.token);
    expect(bad.status).toBe(400);
    const otherApp = await api(t, 'GET', '/api/notifications?app=x', undefined, seller.token);
    expect(otherApp.body.error).toBe(
      "page must be a whole number from 1 and app 'global' or 'product'.",
    );
    // The announcements' app has none of the market's own.
    const global = await api(t, 'GET', '/api/notifications?app=global', undefined, seller.token);
    expect(global.body.payload.notifications).toEqual([]);
    const badId = await api(t, 'POST', '/api/notifications/nope/read', {}, seller.token);
    expect(badId.status).toBe(400);

    const all = await api(t, 'POST', '/api/notifications/read-all', {}, seller.token);
    expect(all.body.payload.updated).toBe(111);
    count = await api(t, 'GET', '/api/notifications/unread-count', undefined, seller.token);
    expect(count.body.payload.count).toBe(0);
  });

  it('delivers each announcement once to every wallet that reads, and keeps pop-up preferences', async () => {
    const reader = await newTrader(t);
    expect(
      await announce(t.db.kysely, { id: 'welcome', title: 'Welcome', link: '/launches' }),
    ).toBe(true);
    expect(await announce(t.db.kysely, { id: 'welcome', title: 'Again' })).toBe(false);
    for (let i = 0; i < 2; i++) {
      const count = await api(t, 'GET', '/api/notifications/unread-count', undefined, reader.token);
      expect(count.body.payload.count).toBe(1);
    }
    const list = await api(t, 'GET', '/api/notifications?app=global', undefined, reader.token);
    expect(list.body.payload.notifications).toMatchObject([
      { type: 'announcement', title: 'Welcome', payload: { link: '/launches' }, read: false },
    ]);
    // Read, it stays read: the next read does not bring it back.
    await api(t, 'POST', '/api/notifications/read-all', {}, reader.token);
    const after = await api(t, 'GET', '/api/notifications/unread-count', undefined, reader.token);
    expect(after.body.payload.count).toBe(0);

    const prefs = '/api/notifications/preferences';
    expect((await api(t, 'GET', prefs, undefined, reader.token)).body.payload).toEqual({
      muted: [],
    });
    const set = await api(t, 'PUT', prefs, { muted: ['outbid', 'announcement'] }, reader.token);
    expect(set.body.payload).toEqual({ muted: ['announcement', 'outbid'] });
    const bad = await api(t, 'PUT', prefs, { muted: ['nope'] }, reader.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('muted: nope is not a notification type');
    expect((await api(t, 'GET', prefs, undefined, reader.token)).body.payload).toEqual({
      muted: ['announcement', 'outbid'],
    });
    expect((await api(t, 'PUT', prefs, { muted: [] })).status).toBe(401);
  });
});
