import {
  EditionOrderSchema,
  featuredStatus,
  FeaturedLaunchesSchema,
  PublicLaunchpadSchema,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLaunches } from '../src/features/demo/demo-launches.ts';
import { DEMO_SEED } from '../src/features/demo/demo-collections.ts';
import { demoInscriberKey, demoOwners } from '../src/features/demo/demo-owners.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { api } from './helpers/trading.ts';

// ADR 010 "The demo market gains a live launch, a coming-soon launch": erin's two launches are
// really inscribed, deposited, signed and (the live one) minted from, through the services; and
// her edition of a rock she holds, of which alice mints three by our inscription service.

let node: TestNode;
let t: TestApp;
beforeAll(async () => {
  node = await startTestNode();
  t = await startTestApp('pglite', node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  await t.sync();
});
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe('the demo launches', () => {
  it('launch a live sale with a whitelist mint made, and one coming soon; once', async () => {
    const owners = demoOwners(DEMO_SEED);
    for (const owner of owners) await node.faucet.fund(owner.paymentAddress, 10_000_000n);
    await node.faucet.mine(1);
    await t.sync();
    const deps = {
      market: t.deps,
      faucet: node.faucet,
      owners,
      seed: DEMO_SEED,
      inscriberKey: demoInscriberKey(DEMO_SEED),
      waitForIndexer: async () => {
        await t.sync();
      },
    };
    expect(await seedDemoLaunches(deps)).toEqual({
      status: 'launched',
      launches: 3,
      minted: 2,
      editionsMinted: 3,
    });

    const live = PublicLaunchpadSchema.parse(
      (await api(t, 'GET', '/api/launchpad/by-slug/genesis-geodes')).body.payload,
    );
    expect(live).toMatchObject({ status: 'active', total_inscriptions: 12, minted: 2 });
    expect(live.remaining_inscriptions).toBe(10);
    const alice = owners[0]?.address ?? '';
    const allocation = await api(t, 'GET', `/api/launchpad/get-allocation/${live.id}/${alice}`);
    expect(allocation.body.payload).toMatchObject({ allocation: 2, minted: 2, remaining: 0 });

    const featured = FeaturedLaunchesSchema.parse(
      (await api(t, 'GET', '/api/launchpad/featured')).body.payload,
    );
    const status = Object.fromEntries(
      featured.psbt.map((l) => [
        l.slug,
        featuredStatus({ ...l, remaining: l.remaining_inscriptions }),
      ]),
    );
    expect(status).toEqual({ 'genesis-geodes': 'Live', 'future-facets': 'ComingSoon' });

    const edition = PublicLaunchpadSchema.parse(
      (await api(t, 'GET', '/api/launchpad/by-slug/quarry-light')).body.payload,
    );
    expect(edition).toMatchObject({
      status: 'active',
      launchpad_type: 'editions',
      total_inscriptions: 50,
      minted: 3,
      remaining_inscriptions: 47,
    });
    expect(featured.editions.map((l) => l.slug)).toEqual(['quarry-light']);
    // The edition order is the inscription service's (ADR 016): revealed, so 'inscribed'.
    const [orderId = ''] = (
      await t.db.kysely.selectFrom('edition_orders').select('id').execute()
    ).map((o) => o.id);
    const order = EditionOrderSchema.parse(
      (await api(t, 'GET', `/api/launchpad/editions/order/${orderId}`)).body.payload,
    );
    expect(order.status).toBe('inscribed');
    const orders = [{ reveal_txid: order.revealTxId }];
    const original = await t.db.kysely
      .selectFrom('launchpads')
      .select('edition_inscription_id')
      .where('id', '=', edition.id)
      .executeTakeFirstOrThrow();
    for (const i of [0, 1, 2]) {
      const minted = await api(
        t,
        'GET',
        `/api/shared/inscriptions/details/${orders[0]?.reveal_txid ?? ''}i${i}`,
      );
      expect(minted.body.payload).toMatchObject({
        address: owners[0]?.address,
        delegate: original.edition_inscription_id,
      });
    }

    expect(await seedDemoLaunches(deps)).toEqual({ status: 'already-launched' });
  });
});
