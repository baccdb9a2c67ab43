import {
  ConfirmLaunchPsbtPayloadSchema,
  LaunchpadInfoSchema,
  LaunchPsbtPayloadSchema,
  type LaunchpadInfo,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import {
  auctionBody,
  auctionSeller,
  fundCoins,
  multisigOf,
  openAuction,
  placeBid,
} from './helpers/auctions.ts';
import { launchEdition } from './helpers/editions.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inscribeTo,
  mineAndSync,
  newTrader,
  newWallet,
  signAsAsked,
  signIn,
  type Trader,
} from './helpers/trading.ts';

// ADR 019, the review queue (ADR 019): a reviewer (REVIEWER_ADDRESSES, signed in with BIP-322)
// sees what was submitted with its content, creator, phases and allow lists; a launch is live at
// once (its allow list told so) and a rejection takes it down with the reason as failed_reason and
// a notification to its creator; an onboarded collection waits for approval.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('the review queue on %s', (kind) => {
  let t: TestApp;
  const reviewerWallet = newWallet('p2tr');
  let reviewer: string;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      REVIEWER_ADDRESSES: ` ${newWallet('p2tr').address}, ${reviewerWallet.address}`,
    });
    await t.sync();
    reviewer = await signIn(t, reviewerWallet);
  });
  afterAll(async () => {
    await t?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);

  function launchBody(creator: Trader, slug: string, ids: readonly string[], listed: string) {
    return {
      slug,
      makerPaymentAddress: creator.payment.address,
      makerPaymentPublicKey: creator.payment.publicKey,
      makerOrdinalAddress: creator.ordinals.address,
      makerOrdinalPublicKey: creator.ordinals.publicKey,
      meta: {
        name: `Launch ${slug}`,
        slug,
        description: 'A launch a reviewer takes down',
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
          name: 'Whitelist Sale',
          price: '10000',
          startDate: now() - 60,
          endDate: now() + 3600,
          isPublic: false,
          allowList: [{ address: listed, allocation: 2 }],
        },
      ],
      feeRate: 2,
    };
  }

  async function info(id: string): Promise<LaunchpadInfo> {
    return LaunchpadInfoSchema.parse(
      (await api(t, 'GET', `/api/launchpad/info/${id}`)).body.payload,
    );
  }

  async function liveLaunch(creator: Trader, slug: string, ids: string[], listed: string) {
    const body = launchBody(creator, slug, ids, listed);
    const created = await api(t, 'POST', '/api/launchpad/create', body, creator.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.payload.launchpadId as string;
    await eventually(async () => {
      expect((await info(id)).status).toBe('pending_psbt_signature');
    });
    for (const phase of (await info(id)).phases) {
      for (const batch of phase.psbts) {
        const got = await api(t, 'GET', `/api/launchpad/get-psbt/${batch.id}`);
        const { psbt, inputsToSign } = LaunchPsbtPayloadSchema.parse(got.body.payload);
        const signedPsbt = signAsAsked(psbt, inputsToSign, [creator.ordinals, creator.payment]);
        const done = await api(t, 'PUT', `/api/launchpad/confirm/${batch.id}`, { signedPsbt });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        ConfirmLaunchPsbtPayloadSchema.parse(done.body.payload);
      }
    }
    await mineAndSync(node, t);
    expect((await info(id)).status).toBe('active');
    return id;
  }

  const notified = (dedupeKey: string) =>
    t.db.kysely
      .selectFrom('notifications')
      .select(['address', 'type', 'title', 'body', 'payload'])
      .where('dedupe_key', '=', dedupeKey)
      .orderBy('address')
      .execute();

  it('lets a reviewer take a live launch down with a reason its creator reads', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const listed = await newTrader(t);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await inscribeTo(node, t, creator.ordinals.address)).id);
    await node.faucet.fund(creator.payment.address, 200_000n);
    await node.faucet.fund(listed.payment.address, 200_000n);
    await mineAndSync(node, t);
    const slug = `reviewed-${kind}`;
    const id = await liveLaunch(creator, slug, ids, listed.ordinals.address);

    // Live at once: the allow list is told, once, in the transaction that made it live.
    expect(await notified(`launch_live:${id}`)).toEqual([
      {
        address: listed.ordinals.address,
        type: 'launch_live',
        title: `Launch ${slug} is live`,
        body: 'You are on its allow list.',
        payload: { link: `/mint/${slug}`, launchpadId: id, slug },
      },
    ]);

    // Only reviewers: the creator is refused in words; the reviewer sees the launch in the queue.
    const me = await api(t, 'GET', '/api/review/me', undefined, creator.token);
    expect(me.body.payload).toEqual({ isReviewer: false });
    expect((await api(t, 'GET', '/api/review/me', undefined, reviewer)).body.payload).toEqual({
      isReviewer: true,
    });
    expect((await api(t, 'GET', '/api/review/queue')).status).toBe(401);
    const refused = await api(t, 'GET', '/api/review/queue', undefined, creator.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only reviewers can review submissions');
    const notYours = await api(
      t,
      'POST',
      `/api/review/launch/${id}/reject`,
      { reason: 'x' },
      creator.token,
    );
    expect(notYours.status).toBe(403);

    const queue = await api(t, 'GET', '/api/review/queue', undefined, reviewer);
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    const queued = queue.body.payload.find((q: { id: string }) => q.id === id);
    expect(queued).toMatchObject({
      kind: 'launch',
      slug,
      name: `Launch ${slug}`,
      status: 'active',
      link: `/mint/${slug}`,
      creator: {
        name: 'Creator',
        email: 'creator@example.com',
        btcAddress: creator.payment.address,
        signInAddress: creator.payment.address,
      },
      items: [
        { id: ids[0], name: 'Item 1' },
        { id: ids[1], name: 'Item 2' },
      ],
      totalItems: 2,
      phases: [
        {
          name: 'Whitelist Sale',
          price: '10000',
          isPublic: false,
          allocation: null,
          allowList: [{ address: listed.ordinals.address, allocation: 2 }],
        },
      ],
    });

    // Bad input names the problem.
    const cases: [string, object, string][] = [
      [`/api/review/launch/${id}/reject`, {}, 'reason: say why it is rejected'],
      [`/api/review/launch/${id}/reject`, { reason: '   ' }, 'reason: say why it is rejected'],
      [
        `/api/review/launch/${id}/reject`,
        { reason: 'x'.repeat(501) },
        'reason: at most 500 characters',
      ],
      [
        `/api/review/banner/${id}/reject`,
        { reason: 'x' },
        'kind must be launch, edition, auction or collection',
      ],
      ['/api/review/launch/42/reject', { reason: 'x' }, 'id: not a launch id'],
      ['/api/review/collection/abc/approve', {}, 'id: not a collection id'],
    ];
    for (const [url, body, msg] of cases) {
      const res = await api(t, 'POST', url, body, reviewer);
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: msg, errors: [{ msg }] });
    }
    const wrongKind = await api(t, 'POST', `/api/review/edition/${id}/approve`, {}, reviewer);
    expect(wrongKind.status).toBe(404);

    const reason = 'The artwork is copied from another collection.';
    const rejected = await api(t, 'POST', `/api/review/launch/${id}/reject`, { reason }, reviewer);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.payload).toEqual({ kind: 'launch', id, decision: 'rejected', reason });

    // Taken down: failed with the reason, told to the creator, out of the lists, mints refused.
    expect(await info(id)).toMatchObject({ status: 'failed', failed_reason: reason });
    const told = await notified(`launch_rejected:${id}`);
    expect(told.map((n) => n.address).sort()).toEqual(
      [creator.payment.address, creator.ordinals.address].sort(),
    );
    expect(told[0]).toMatchObject({
      type: 'launch_rejected',
      title: `Your launch Launch ${slug} was taken down by review`,
      body: reason,
    });
    const inbox = await api(t, 'GET', '/api/notifications', undefined, creator.token);
    expect(JSON.stringify(inbox.body.payload)).toContain(reason);
    const mine = await api(t, 'GET', '/api/launchpad/mine', undefined, creator.token);
    expect(mine.body.payload).toMatchObject([{ id, status: 'failed', failedReason: reason }]);
    const listedNow = await api(t, 'GET', '/api/launchpad/launches?status=all');
    expect(JSON.stringify(listedNow.body)).not.toContain(slug);
    const mint = await api(
      t,
      'POST',
      '/api/launchpad/offer/create',
      {
        id,
        mintCount: 1,
        takerOrdinalAddress: listed.ordinals.address,
        takerPaymentAddress: listed.payment.address,
        takerPaymentPublicKey: listed.payment.publicKey,
        feeRate: 2,
        satScan: false,
      },
      listed.token,
    );
    expect(mint.status).toBe(409);
    expect(mint.body.error).toBe(`This launch is not live: ${reason}`);

    // Decided once: out of the queue, a second decision refused.
    const after = await api(t, 'GET', '/api/review/queue', undefined, reviewer);
    expect(after.body.payload.some((q: { id: string }) => q.id === id)).toBe(false);
    const twice = await api(t, 'POST', `/api/review/launch/${id}/approve`, {}, reviewer);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('This submission has already been decided (rejected)');
  });

  const onboardBody = (slug: string, creator: Trader, ids: readonly string[]) => ({
    meta: {
      name: `Live ${slug}`,
      slug,
      description: 'A live collection brought to the market for review',
      website_link: '',
      twitter_link: '',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Onboarder',
      creator_email: 'onboard@example.com',
      creator_btc_address: creator.payment.address,
      icon: `/content/${ids[0]}`,
    },
    data: ids.map((id, i) => ({ id, meta: { name: `Live #${i + 1}` } })),
  });

  async function onboarded(creator: Trader, slug: string, ids: readonly string[]) {
    const res = await api(
      t,
      'POST',
      '/api/collection/onboard',
      onboardBody(slug, creator, ids),
      creator.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const queue = await api(t, 'GET', '/api/review/queue', undefined, reviewer);
    const queued = queue.body.payload.find((q: { slug: string }) => q.slug === slug);
    expect(queued).toMatchObject({
      kind: 'collection',
      status: 'under_review',
      link: `/collections/${slug}`,
      totalItems: ids.length,
      creator: { name: 'Onboarder', signInAddress: creator.ordinals.address },
    });
    return queued.id as string;
  }

  it('keeps an onboarded collection under review until approved, and frees a rejected one’s items', async () => {
    const creator = await newTrader(t);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await inscribeTo(node, t, creator.ordinals.address)).id);

    const slug = `approved-${kind}`;
    const id = await onboarded(creator, slug, ids.slice(0, 1));
    expect((await api(t, 'GET', `/api/collections/${slug}`)).status).toBe(404);
    const approved = await api(t, 'POST', `/api/review/collection/${id}/approve`, {}, reviewer);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const page = await api(t, 'GET', `/api/collections/${slug}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(await notified(`collection_approved:${id}`)).toMatchObject(
      [
        {
          address: creator.ordinals.address,
          type: 'collection_approved',
          title: `Your collection Live ${slug} was approved`,
        },
        { address: creator.payment.address },
      ].sort((a, b) => a.address.localeCompare(b.address)),
    );

    const refusedSlug = `refused-${kind}`;
    const refusedId = await onboarded(creator, refusedSlug, ids.slice(1));
    const reason = 'These inscriptions belong to another collection.';
    const rejected = await api(
      t,
      'POST',
      `/api/review/collection/${refusedId}/reject`,
      { reason },
      reviewer,
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await api(t, 'GET', `/api/collections/${refusedSlug}`)).status).toBe(404);
    const told = await notified(`collection_rejected:${refusedId}`);
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({ type: 'collection_rejected', body: reason });
    // Its item may be onboarded again.
    await onboarded(creator, `again-${kind}`, ids.slice(1));
  });

  it('lets an approved edition join the market, and takes down an auction nobody has bid on', async () => {
    const editor = await newTrader(t, { signInWith: 'payment' });
    const original = await inscribeTo(node, t, editor.ordinals.address);
    await mineAndSync(node, t);
    const editionSlug = `edition-${kind}`;
    const editionId = await launchEdition(t, editor, original.id, {
      slug: editionSlug,
      numberOfEditions: 5,
      price: 10_000n,
    });
    const queue = await api(t, 'GET', '/api/review/queue', undefined, reviewer);
    expect(queue.body.payload.find((q: { id: string }) => q.id === editionId)).toMatchObject({
      kind: 'edition',
      status: 'active',
      items: [{ id: original.id, name: 'Original' }],
      totalItems: 5,
      phases: [{ name: 'Edition', price: '10000', isPublic: true, allowList: [] }],
    });
    expect((await api(t, 'GET', `/api/collections/${editionSlug}`)).status).toBe(404);
    const approved = await api(t, 'POST', `/api/review/edition/${editionId}/approve`, {}, reviewer);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await api(t, 'GET', `/api/collections/${editionSlug}`)).status).toBe(200);
    expect(await info(editionId)).toMatchObject({ status: 'active', failed_reason: null });

    // Two auctions: one nobody has bid on is canceled; one with a standing bid runs on.
    const quiet = await auctionSeller(node, t);
    const quietSlug = `quiet-${kind}`;
    const { auctionId: quietId } = await openAuction(
      t,
      quiet.trader,
      auctionBody(quiet.trader, quiet.item, { slug: quietSlug, startPrice: 20_000n }),
    );
    const busy = await auctionSeller(node, t);
    const busySlug = `busy-${kind}`;
    const { auctionId: busyId } = await openAuction(
      t,
      busy.trader,
      auctionBody(busy.trader, busy.item, { slug: busySlug, startPrice: 20_000n }),
    );
    await mineAndSync(node, t);
    const bidder = await newTrader(t);
    const wallet = await multisigOf(t, bidder.payment);
    await fundCoins(node, wallet.address, [100_000n, 100_000n]);
    await fundCoins(node, wallet.address, [1_000n, 1_000n]);
    await mineAndSync(node, t);
    await placeBid(t, busySlug, bidder, 20_000n);

    const auctions = (await api(t, 'GET', '/api/review/queue', undefined, reviewer)).body.payload;
    expect(auctions.find((q: { id: string }) => q.id === quietId)).toMatchObject({
      kind: 'auction',
      slug: quietSlug,
      items: [{ id: quiet.item.id }],
      auction: { startPrice: '20000', reservePrice: null },
    });
    const reason = 'The item is not what the description says.';
    const down = await api(
      t,
      'POST',
      `/api/review/auction/${quietId}/reject`,
      { reason },
      reviewer,
    );
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const quietRow = await t.db.kysely
      .selectFrom('auctions')
      .select('status')
      .where('id', '=', quietId)
      .executeTakeFirstOrThrow();
    expect(quietRow.status).toBe('canceled');
    expect(await notified(`auction_rejected:${quietId}`)).toHaveLength(2);

    const kept = await api(t, 'POST', `/api/review/auction/${busyId}/reject`, { reason }, reviewer);
    expect(kept.status).toBe(409);
    expect(kept.body.error).toBe('This auction has bids: it can no longer be taken down');
    const busyRow = await t.db.kysely
      .selectFrom('auctions')
      .select('status')
      .where('id', '=', busyId)
      .executeTakeFirstOrThrow();
    expect(busyRow.status).toBe('active');
    const decided = await t.db.kysely
      .selectFrom('review_decisions')
      .select('decision')
      .where('subject_id', '=', busyId)
      .execute();
    expect(decided).toEqual([]);
  });
});
