import { OnboardCollectionPayloadSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, inscribeTo, newTrader } from './helpers/trading.ts';

// Issue 6 "Onboarding a live collection": POST /api/collection/onboard { meta, data } stores a
// collection under review with its catalogue and traits; bad input names the field.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('onboarding a live collection on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const meta = (slug: string, creator: string) => ({
    name: `Live ${slug}`,
    slug,
    description: 'A live collection brought to the market for review',
    website_link: 'https://example.com',
    twitter_link: '',
    discord_link: '',
    telegram_link: '',
    instagram_link: '',
    creator_name: 'Onboarder',
    creator_email: 'onboard@example.com',
    creator_btc_address: creator,
    icon: 'https://example.com/icon.png',
  });

  it('stores the collection under review with its items and traits, once', async () => {
    const creator = await newTrader(t);
    const items = [
      await inscribeTo(node, t, creator.ordinals.address),
      await inscribeTo(node, t, creator.ordinals.address),
    ];
    const slug = `live-${kind}`;
    const body = {
      meta: meta(slug, creator.payment.address),
      data: items.map((item, i) => ({
        id: item.id,
        meta: { name: `Live #${i + 1}`, attributes: [{ trait_type: 'Eyes', value: 'Laser' }] },
      })),
    };
    const res = await api(t, 'POST', '/api/collection/onboard', body, creator.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(OnboardCollectionPayloadSchema.parse(res.body.payload)).toEqual({
      slug,
      status: 'under_review',
      inscriptions: 2,
    });
    const stored = await t.db.kysely
      .selectFrom('collections')
      .select(['is_under_review', 'is_tradable', 'website_link', 'creator_user_id'])
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      is_under_review: true,
      is_tradable: false,
      website_link: 'https://example.com',
    });
    const traits = await t.db.kysely
      .selectFrom('attributes')
      .select(['inscription_id', 'category', 'value'])
      .where(
        'inscription_id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    expect(traits).toHaveLength(2);

    const again = await api(t, 'POST', '/api/collection/onboard', body, creator.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Launchpad slug is already taken.');
    const twice = await api(
      t,
      'POST',
      '/api/collection/onboard',
      { ...body, meta: meta(`${slug}-2`, creator.payment.address) },
      creator.token,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/^data\.0\.id: inscription \w+ is already in the collection/);
  });

  it('refuses bad input naming the field, and callers not signed in', async () => {
    const creator = await newTrader(t);
    const unknown = `${'ab'.repeat(32)}i0`;
    const cases: [object, string, string][] = [
      [
        { meta: meta('x-bad', creator.payment.address), data: [] },
        'data',
        'data: Empty inscription array. Please provide at least one inscription.',
      ],
      [
        {
          meta: { ...meta('x-bad', creator.payment.address), name: 'ab' },
          data: [{ id: unknown }],
        },
        'meta.name',
        'Collection name must be at least 3 characters long.',
      ],
      [
        { meta: meta('x-bad', 'not-an-address'), data: [{ id: unknown }] },
        'meta.creator_btc_address',
        'meta.creator_btc_address: Invalid BTC address',
      ],
      [
        { meta: meta('x-bad', creator.payment.address), data: [{ id: 'nope' }] },
        'data.0.id',
        'data.0.id: Invalid inscription ID format.',
      ],
      [
        { meta: meta('x-bad', creator.payment.address), data: [{ id: unknown }] },
        'data.0.id',
        `data.0.id: inscription ${unknown} is not known (yet)`,
      ],
    ];
    for (const [body, path, msg] of cases) {
      const res = await api(t, 'POST', '/api/collection/onboard', body, creator.token);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ path, msg });
    }
    const anonymous = await api(t, 'POST', '/api/collection/onboard', cases[0]?.[0]);
    expect(anonymous.status).toBe(401);
  });
});
