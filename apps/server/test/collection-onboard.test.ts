import { signBip322Simple } from '@om/bitcoin';
import { OnboardCollectionPayloadSchema, onboardProofMessage } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, inscribeTo, newTrader } from './helpers/trading.ts';

// ADR 010 "Onboarding a live collection": POST /api/collection/onboard { meta, data } stores a
// collection under review with its catalogue and traits; bad input names the field.
// product.md#walk-through-fixes item 2: only the wallet holding the items may onboard them.

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
    icon: `/content/${'cd'.repeat(32)}i0`,
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
    expect(twice.body.error).toBe(
      `data.0.id: Inscription ${items[0]?.id} is already in the collection Live ${slug}`,
    );
  });

  it("refuses onboarding another wallet's inscription, and takes a signed ordinals address", async () => {
    const attacker = await newTrader(t, { signInWith: 'payment' });
    const victim = await newTrader(t);
    const theirs = await inscribeTo(node, t, victim.ordinals.address);
    const mine = await inscribeTo(node, t, attacker.ordinals.address);
    const slug = `stolen-${kind}`;
    const onboard = (data: string[], extra: object = {}) =>
      api(
        t,
        'POST',
        '/api/collection/onboard',
        {
          meta: meta(slug, attacker.payment.address),
          data: data.map((id) => ({ id, meta: { name: 'Mine now' } })),
          ...extra,
        },
        attacker.token,
      );
    const proof = (w: typeof attacker.ordinals) =>
      signBip322Simple(
        onboardProofMessage({
          slug,
          ordinalsAddress: w.address,
          paymentAddress: attacker.payment.address,
        }),
        w.key,
        w.address,
        'regtest',
      );

    // The victim's item, alone or after one of the attacker's own, even with a proven address.
    const cases: [string[], object, string][] = [
      [[theirs.id], {}, 'data.0.id'],
      [
        [mine.id, theirs.id],
        { ordinalsAddress: attacker.ordinals.address, ordinalsSignature: proof(attacker.ordinals) },
        'data.1.id',
      ],
    ];
    for (const [data, extra, path] of cases) {
      const res = await onboard(data, extra);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        path,
        msg: `${path}: Inscription ${theirs.id} is not held by your wallet`,
      });
    }
    // Claiming the victim's address without its signature: the attacker's own does not prove it.
    const claimed = await onboard([theirs.id], {
      ordinalsAddress: victim.ordinals.address,
      ordinalsSignature: proof(attacker.ordinals),
    });
    expect(claimed.status).toBe(400);
    expect(claimed.body.errors[0].path).toBe('ordinalsSignature');
    const taken = await t.db.kysely
      .selectFrom('inscriptions')
      .select('collection_id')
      .where('inscription_id', '=', theirs.id)
      .executeTakeFirst();
    expect(taken?.collection_id ?? null).toBeNull();
    expect(
      await t.db.kysely.selectFrom('collections').select('id').where('slug', '=', slug).execute(),
    ).toEqual([]);

    // Signed in with the payment address, the attacker's own item on their ordinals address:
    // refused without the proof, accepted with it.
    const unproven = await onboard([mine.id]);
    expect(unproven.status).toBe(400);
    expect(unproven.body.errors[0].msg).toBe(
      `data.0.id: Inscription ${mine.id} is not held by your wallet`,
    );
    const proven = await onboard([mine.id], {
      ordinalsAddress: attacker.ordinals.address,
      ordinalsSignature: proof(attacker.ordinals),
    });
    expect(proven.status, JSON.stringify(proven.body)).toBe(200);
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
