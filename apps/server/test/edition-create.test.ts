import { signBip322Simple } from '@om/bitcoin';
import {
  CreateEditionPayloadSchema,
  FeaturedLaunchesSchema,
  PublicLaunchpadSchema,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, inscribeTo, newTrader, type Trader } from './helpers/trading.ts';

// ADR 011 "Edition": POST /api/launchpad/editions/create with the spec's payload; the ownership
// signature inscriptionId:timestamp:address:signedMessage is a BIP-322 signature by the address
// that holds the inscription per the indexer.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('edition launches on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);

  function ownership(trader: Trader, inscriptionId: string, at = Date.now()): string {
    const message = `${inscriptionId}:${at}:${trader.ordinals.address}`;
    const signed = signBip322Simple(
      message,
      trader.ordinals.key,
      trader.ordinals.address,
      'regtest',
    );
    return `${message}:${signed}`;
  }

  function body(trader: Trader, inscriptionId: string, slug: string, signature: string) {
    const info = {
      name: `Edition ${slug}`,
      slug,
      description: 'Editions of one inscription, minted on demand',
      website_link: '',
      twitter_link: '',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Editor',
      creator_email: 'editor@example.com',
      creator_btc_address: trader.payment.address,
      icon: `/content/${inscriptionId}`,
    };
    return {
      editionInscriptionId: inscriptionId,
      makerPaymentAddress: trader.payment.address,
      numberOfEditions: 5,
      slug,
      startDate: null,
      endDate: now() + 86_400,
      price: '10000',
      signature,
      metaData: { ...info, hide_progress: true },
      meta: { name: info.name, slug, description: info.description },
    };
  }

  it('launches editions of an inscription its holder signed for', async () => {
    const creator = await newTrader(t);
    const original = await inscribeTo(node, t, creator.ordinals.address);
    const slug = `edition-${kind}`;
    const res = await api(
      t,
      'POST',
      '/api/launchpad/editions/create',
      body(creator, original.id, slug, ownership(creator, original.id)),
      creator.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id } = CreateEditionPayloadSchema.parse(res.body.payload);
    const launch = PublicLaunchpadSchema.parse(
      (await api(t, 'GET', `/api/launchpad/by-slug/${slug}`)).body.payload,
    );
    expect(launch).toMatchObject({
      id,
      status: 'active',
      launchpad_type: 'editions',
      total_inscriptions: 5,
      remaining_inscriptions: 5,
      minted: 0,
      hide_progress: true,
    });
    expect(launch.phases).toMatchObject([{ price: '10000', is_public: true, status: 'active' }]);
    const featured = FeaturedLaunchesSchema.parse(
      (await api(t, 'GET', '/api/launchpad/featured')).body.payload,
    );
    expect(featured.editions.map((l) => l.slug)).toContain(slug);
  });

  it('refuses a signature that does not prove holding the inscription, naming the field', async () => {
    const creator = await newTrader(t);
    const other = await newTrader(t);
    const original = await inscribeTo(node, t, creator.ordinals.address);
    const post = (signature: string, by = creator, slug = `edition-bad-${kind}`) =>
      api(
        t,
        'POST',
        '/api/launchpad/editions/create',
        body(by, original.id, slug, signature),
        by.token,
      );

    // Someone who does not hold it, with a valid signature of their own.
    const foreign = await post(ownership(other, original.id), other);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({
      path: 'editionInscriptionId',
      msg: 'editionInscriptionId: Inscription does not belongs to connected wallet',
    });
    // The holder's signature with the message changed after signing.
    const [idPart, , address, signed] = ownership(creator, original.id).split(':');
    const tampered = await post(`${idPart}:${Date.now() + 1}:${address}:${signed}`);
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toBe('Inscription signature is not valid');
    const stale = await post(ownership(creator, original.id, Date.now() - 2 * 86_400_000));
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].path).toBe('signature');
    const malformed = await post('not a signature');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('Inscription signature is not valid');
    const anonymous = await api(
      t,
      'POST',
      '/api/launchpad/editions/create',
      body(creator, original.id, 'anon', ownership(creator, original.id)),
    );
    expect(anonymous.status).toBe(401);
  });
});
