import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropStaleUnsignedLaunches } from '../src/features/launchpad/launch-abandon.service.ts';
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

// product.md#spec-gaps (defects, first bullet): the creator's launches with their state, resuming
// a pending launch (its info lists what is left to sign), abandoning one left unsigned (creator
// only; its slug and inscriptions are released), and the worker's clean-up of launches left
// unsigned.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('a launch left unsigned on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);

  const launchBody = (creator: Trader, slug: string, ids: readonly string[]) => ({
    slug,
    makerPaymentAddress: creator.payment.address,
    makerPaymentPublicKey: creator.payment.publicKey,
    makerOrdinalAddress: creator.ordinals.address,
    makerOrdinalPublicKey: creator.ordinals.publicKey,
    meta: {
      name: `Launch ${slug}`,
      slug,
      description: 'A launch its creator leaves unsigned',
      website_link: '',
      twitter_link: '',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Creator',
      creator_email: 'creator@example.com',
      creator_btc_address: creator.payment.address,
      icon: `/content/${ids[0]}`,
    },
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

  async function pendingLaunch(creator: Trader, slug: string, ids: readonly string[]) {
    const created = await api(
      t,
      'POST',
      '/api/launchpad/create',
      launchBody(creator, slug, ids),
      creator.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.payload.launchpadId as string;
    await eventually(async () => {
      const info = await api(t, 'GET', `/api/launchpad/info/${id}`);
      expect(info.body.payload.status).toBe('pending_psbt_signature');
    });
    return id;
  }

  async function fundedCreator(): Promise<{ creator: Trader; ids: string[] }> {
    const creator = await newTrader(t);
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await inscribeTo(node, t, creator.ordinals.address)).id);
    await node.faucet.fund(creator.payment.address, 200_000n);
    await mineAndSync(node, t);
    return { creator, ids };
  }

  it('lists the creator’s launches, resumes one, refuses others, and abandons it', async () => {
    const { creator, ids } = await fundedCreator();
    const slug = `left-${kind}`;
    const id = await pendingLaunch(creator, slug, ids);

    // Resume: the info the signing step reads lists the batches still to sign.
    const info = await api(t, 'GET', `/api/launchpad/info/${id}`);
    const psbts = info.body.payload.phases.flatMap((p: { psbts: unknown[] }) => p.psbts);
    expect(psbts.length).toBeGreaterThan(0);
    expect(psbts.every((b: { status: string }) => b.status === 'pending')).toBe(true);

    const mine = await api(t, 'GET', '/api/launchpad/mine', undefined, creator.token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.payload).toMatchObject([
      { id, slug, name: `Launch ${slug}`, status: 'pending_psbt_signature', canAbandon: true },
    ]);
    const anonymous = await api(t, 'GET', '/api/launchpad/mine');
    expect(anonymous.status).toBe(401);

    // Someone else: refused, in words, and nothing changes.
    const other = await newTrader(t);
    expect(
      (await api(t, 'GET', '/api/launchpad/mine', undefined, other.token)).body.payload,
    ).toEqual([]);
    const refused = await api(t, 'POST', `/api/launchpad/abandon/${id}`, {}, other.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only the creator of this launch can abandon it');
    expect((await api(t, 'GET', `/api/launchpad/check-slug/${slug}`)).body.payload.taken).toBe(
      true,
    );

    const abandoned = await api(t, 'POST', `/api/launchpad/abandon/${id}`, {}, creator.token);
    expect(abandoned.status, JSON.stringify(abandoned.body)).toBe(200);
    expect(abandoned.body.payload).toEqual({ id, slug, released: 2 });
    expect((await api(t, 'GET', `/api/launchpad/check-slug/${slug}`)).body.payload.taken).toBe(
      false,
    );
    const asked = await api(t, 'POST', '/api/launchpad/check-inscriptions', { ids });
    expect(asked.body.payload).toEqual({ unavailable: [] });
    expect((await api(t, 'GET', `/api/launchpad/info/${id}`)).status).toBe(404);
    const gone = await api(t, 'POST', `/api/launchpad/abandon/${id}`, {}, creator.token);
    expect(gone.status).toBe(404);

    // The same slug and items launch again.
    const again = await pendingLaunch(creator, slug, ids);
    expect(again).not.toBe(id);
  });

  it('drops a launch left unsigned past the hold, and keeps a recent one', async () => {
    const { creator, ids } = await fundedCreator();
    const old = await pendingLaunch(creator, `stale-${kind}`, ids.slice(0, 1));
    const recent = await pendingLaunch(creator, `fresh-${kind}`, ids.slice(1));
    await t.db.kysely
      .updateTable('launchpads')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', old)
      .execute();
    expect(await dropStaleUnsignedLaunches(t.db)).toBe(1);
    expect((await api(t, 'GET', `/api/launchpad/info/${old}`)).status).toBe(404);
    expect((await api(t, 'GET', `/api/launchpad/info/${recent}`)).status).toBe(200);
    expect(
      (await api(t, 'GET', `/api/launchpad/check-slug/stale-${kind}`)).body.payload.taken,
    ).toBe(false);
    const asked = await api(t, 'POST', '/api/launchpad/check-inscriptions', { ids });
    expect(
      asked.body.payload.unavailable.map((u: { inscriptionId: string }) => u.inscriptionId),
    ).toEqual([ids[1]]);
  });
});
