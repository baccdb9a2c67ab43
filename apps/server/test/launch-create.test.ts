import { signBip322Simple } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inscribeTo,
  mineAndSync,
  newTrader,
  type Trader,
} from './helpers/trading.ts';

// product.md#walk-through-fixes items 1 and 3: an item keeps its collection (a launch of items of
// a collection is refused, naming the item and the collection; an edition's original stays where it
// is), and a collection's icon is one of our images, on every create path.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

const S3_PUBLIC_URL = 'https://cdn.example.com/om';
const UPLOAD_KEY = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/${'ab'.repeat(32)}.png`;

describe.each(databaseKinds())('what a launch may be made of on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000', S3_PUBLIC_URL });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);

  const info = (name: string, slug: string, creator: Trader, icon: string) => ({
    name,
    slug,
    description: 'Items checked before they are launched',
    website_link: '',
    twitter_link: '',
    discord_link: '',
    telegram_link: '',
    instagram_link: '',
    creator_name: 'Holder',
    creator_email: 'holder@example.com',
    creator_btc_address: creator.payment.address,
    icon,
  });

  const launchBody = (creator: Trader, slug: string, ids: readonly string[], icon: string) => ({
    slug,
    makerPaymentAddress: creator.payment.address,
    makerPaymentPublicKey: creator.payment.publicKey,
    makerOrdinalAddress: creator.ordinals.address,
    makerOrdinalPublicKey: creator.ordinals.publicKey,
    meta: info(`Launch ${slug}`, slug, creator, icon),
    data: ids.map((id, i) => ({ id, meta: { name: `Item ${i + 1}` } })),
    phases: [
      {
        name: 'Public Sale',
        price: '10000',
        startDate: now() + 3600,
        endDate: now() + 7200,
        isPublic: true,
      },
    ],
    feeRate: 2,
  });

  function editionBody(creator: Trader, originalId: string, slug: string, icon: string) {
    const message = `${originalId}:${Date.now()}:${creator.ordinals.address}`;
    const signed = signBip322Simple(
      message,
      creator.ordinals.key,
      creator.ordinals.address,
      'regtest',
    );
    const metaData = info(`Edition ${slug}`, slug, creator, icon);
    return {
      editionInscriptionId: originalId,
      makerPaymentAddress: creator.payment.address,
      numberOfEditions: 5,
      slug,
      startDate: null,
      endDate: now() + 86_400,
      price: '10000',
      signature: `${message}:${signed}`,
      metaData: { ...metaData, hide_progress: false },
      meta: { name: metaData.name, slug, description: metaData.description },
    };
  }

  async function collectionOf(inscriptionId: string): Promise<string | undefined> {
    const row = await t.db.kysely
      .selectFrom('inscriptions as i')
      .innerJoin('collections as c', 'c.id', 'i.collection_id')
      .select('c.slug')
      .where('i.inscription_id', '=', inscriptionId)
      .executeTakeFirst();
    return row?.slug;
  }

  async function supplyOf(slug: string): Promise<number> {
    const row = await t.db.kysely
      .selectFrom('inscriptions as i')
      .innerJoin('collections as c', 'c.id', 'i.collection_id')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('c.slug', '=', slug)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('refuses launching items of a collection, and an edition leaves its original where it is', async () => {
    const holder = await newTrader(t);
    const moons = [];
    for (let i = 0; i < 3; i++) moons.push(await inscribeTo(node, t, holder.ordinals.address));
    const ids = moons.map((m) => m.id);
    const collection = `moons-${kind}`;
    const onboarded = await api(
      t,
      'POST',
      '/api/collection/onboard',
      {
        meta: info('Mempool Moons', collection, holder, `/content/${ids[0]}`),
        data: ids.map((id, i) => ({ id, meta: { name: `Moon #${i + 1}` } })),
      },
      holder.token,
    );
    expect(onboarded.status, JSON.stringify(onboarded.body)).toBe(200);
    expect(await supplyOf(collection)).toBe(3);

    // The wizard's inscriptions step asks first, and is told the same.
    const asked = await api(t, 'POST', '/api/launchpad/check-inscriptions', { ids });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.payload.unavailable).toEqual(
      ids.map((id) => ({
        inscriptionId: id,
        message: `Inscription ${id} is already in the collection Mempool Moons`,
      })),
    );
    // The holder launches two of them pre-inscribed: refused, naming the item and its collection.
    const launch = launchBody(holder, `moon-launch-${kind}`, ids.slice(0, 2), `/content/${ids[0]}`);
    const refused = await api(t, 'POST', '/api/launchpad/create', launch, holder.token);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toBe(
      `data.0.id: Inscription ${ids[0]} is already in the collection Mempool Moons`,
    );
    const stored = t.db.kysely
      .selectFrom('launchpads')
      .select('id')
      .where('slug', '=', launch.slug);
    expect(await stored.execute()).toEqual([]);

    // An edition launch of the third: allowed, and the original stays a Moon.
    const edition = editionBody(
      holder,
      ids[2] ?? '',
      `moon-editions-${kind}`,
      `/content/${ids[2]}`,
    );
    const created = await api(t, 'POST', '/api/launchpad/editions/create', edition, holder.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    for (const id of ids) expect(await collectionOf(id)).toBe(collection);
    expect(await supplyOf(collection)).toBe(3);
    expect(await supplyOf(`moon-editions-${kind}`)).toBe(0);
  });

  it('refuses an item of another launch at creation, in words', async () => {
    const creator = await newTrader(t);
    const item = await inscribeTo(node, t, creator.ordinals.address);
    // Funded, so the first launch is prepared (not failed for want of its deposit) and holds it.
    await node.faucet.fund(creator.payment.address, 200_000n);
    await mineAndSync(node, t);
    const first = launchBody(creator, `first-${kind}`, [item.id], `/content/${item.id}`);
    const created = await api(t, 'POST', '/api/launchpad/create', first, creator.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const second = launchBody(creator, `second-${kind}`, [item.id], `/content/${item.id}`);
    const asked = await api(t, 'POST', '/api/launchpad/check-inscriptions', { ids: [item.id] });
    expect(asked.body.payload.unavailable).toEqual([
      { inscriptionId: item.id, message: `Inscription ${item.id} is already in another launch` },
    ]);
    const free = await inscribeTo(node, t, creator.ordinals.address);
    const none = await api(t, 'POST', '/api/launchpad/check-inscriptions', { ids: [free.id] });
    expect(none.body.payload).toEqual({ unavailable: [] });
    const again = await api(t, 'POST', '/api/launchpad/create', second, creator.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`data.0.id: Inscription ${item.id} is already in another launch`);
  });

  it('lets one of two launches created at once with the same item hold it', async () => {
    const creator = await newTrader(t);
    const item = await inscribeTo(node, t, creator.ordinals.address);
    // Funded, so the winner's preparation job (at once) does not fail it, freeing the item.
    await node.faucet.fund(creator.payment.address, 200_000n);
    await mineAndSync(node, t);
    const bodies = ['race-a', 'race-b'].map((slug) =>
      launchBody(creator, `${slug}-${kind}`, [item.id], `/content/${item.id}`),
    );
    const answers = await Promise.all(
      bodies.map((body) => api(t, 'POST', '/api/launchpad/create', body, creator.token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409);
    expect(lost?.body.error).toBe(`data.0.id: Inscription ${item.id} is already in another launch`);
    const holders = await t.db.kysely
      .selectFrom('launch_inscriptions')
      .select('launchpad_id')
      .where('inscription_id', '=', item.id)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('frees the items of a failed launch, to be launched again', async () => {
    const creator = await newTrader(t);
    const item = await inscribeTo(node, t, creator.ordinals.address);
    // Unfunded: the worker cannot pay the deposit, and fails the launch.
    const first = launchBody(creator, `unfunded-${kind}`, [item.id], `/content/${item.id}`);
    const created = await api(t, 'POST', '/api/launchpad/create', first, creator.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await eventually(async () => {
      const launch = await t.db.kysely
        .selectFrom('launchpads')
        .select('status')
        .where('slug', '=', first.slug)
        .executeTakeFirstOrThrow();
      expect(launch.status).toBe('failed');
    });
    const asked = await api(t, 'POST', '/api/launchpad/check-inscriptions', { ids: [item.id] });
    expect(asked.body.payload).toEqual({ unavailable: [] });
    const retry = launchBody(creator, `retry-${kind}`, [item.id], `/content/${item.id}`);
    const again = await api(t, 'POST', '/api/launchpad/create', retry, creator.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await collectionOf(item.id)).toBe(retry.slug);
  });

  it('accepts only our own images as the icon, on every create path', async () => {
    const creator = await newTrader(t);
    const item = await inscribeTo(node, t, creator.ordinals.address);
    const foreign = [
      'https://tracker.example.net/pixel.png',
      `https://cdn.example.com/omx/${UPLOAD_KEY}`,
      `${S3_PUBLIC_URL}/../${UPLOAD_KEY}`,
      '/uploads/../../etc/passwd',
      `//tracker.example.net/uploads/${UPLOAD_KEY}`,
    ];
    const expected = (field: string) =>
      `${field}: must be an image uploaded here (/uploads/…) or an inscription (/content/{inscriptionId})`;
    for (const icon of foreign) {
      const launch = await api(
        t,
        'POST',
        '/api/launchpad/create',
        launchBody(creator, `icon-${kind}`, [item.id], icon),
        creator.token,
      );
      expect(launch.status, icon).toBe(400);
      expect(launch.body.errors[0]).toMatchObject({
        path: 'meta.icon',
        msg: expected('meta.icon'),
      });
      const edition = await api(
        t,
        'POST',
        '/api/launchpad/editions/create',
        editionBody(creator, item.id, `icon-ed-${kind}`, icon),
        creator.token,
      );
      expect(edition.status, icon).toBe(400);
      expect(edition.body.errors[0]).toMatchObject({
        path: 'metaData.icon',
        msg: expected('metaData.icon'),
      });
      const onboard = await api(
        t,
        'POST',
        '/api/collection/onboard',
        { meta: info('Icons', `icon-on-${kind}`, creator, icon), data: [{ id: item.id }] },
        creator.token,
      );
      expect(onboard.status, icon).toBe(400);
      expect(onboard.body.errors[0]).toMatchObject({
        path: 'meta.icon',
        msg: expected('meta.icon'),
      });
    }
    expect(
      await t.db.kysely
        .selectFrom('collections')
        .select('slug')
        .where('slug', 'like', 'icon-%')
        .execute(),
    ).toEqual([]);

    // Our own: a local upload, an upload on the configured S3 public URL, an inscription.
    const ours = [
      `/uploads/${UPLOAD_KEY}`,
      `${S3_PUBLIC_URL}/${UPLOAD_KEY}`,
      `/content/${item.id}`,
    ];
    for (const [i, icon] of ours.entries()) {
      const res = await api(
        t,
        'POST',
        '/api/launchpad/editions/create',
        editionBody(creator, item.id, `ours-${i}-${kind}`, icon),
        creator.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});
