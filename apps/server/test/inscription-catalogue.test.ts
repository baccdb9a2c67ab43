import { EditionOrderSchema, InscriptionDetailsPayloadSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchEdition, signedMintOrder } from './helpers/editions.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, inscribeTo, mineAndSync, newTrader } from './helpers/trading.ts';

// product.md#walk-through-fixes item 6: an inscription's details name it as the market's catalogue
// does: its name, its collection by name, its traits with how many of the collection share each,
// and for an edition the launch that revealed it. An onboarded collection under review is nobody's
// word yet.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('inscription details from the catalogue on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const details = async (id: string) => {
    const res = await api(t, 'GET', `/api/shared/inscriptions/details/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return InscriptionDetailsPayloadSchema.parse(res.body.payload);
  };

  /** A collection of the given items, each with its name and traits. */
  async function collectionOf(
    slug: string,
    isUnderReview: boolean,
    items: { id: string; name: string; traits: [string, string][] }[],
  ) {
    const { id } = await t.db.kysely
      .insertInto('collections')
      .values({ slug, name: `The ${slug}`, is_under_review: isUnderReview, is_tradable: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const item of items) {
      await t.db.kysely
        .insertInto('inscriptions')
        .values({ inscription_id: item.id, collection_id: id, name: item.name })
        .execute();
      for (const [category, value] of item.traits) {
        await t.db.kysely
          .insertInto('attributes')
          .values({ inscription_id: item.id, collection_id: id, category, value })
          .execute();
      }
    }
  }

  it('names a collection item, links its collection by name and gives each trait its rarity', async () => {
    const holder = (await newTrader(t)).ordinals.address;
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await inscribeTo(node, t, holder)).id);
    const [six = '', seven = '', eight = '', nine = ''] = ids;
    await collectionOf(`punks-${kind}`, false, [
      {
        id: six,
        name: 'Block Punk #6',
        traits: [
          ['Hat', 'Crown'],
          ['Eyes', 'Laser'],
        ],
      },
      {
        id: seven,
        name: 'Block Punk #7',
        traits: [
          ['Hat', 'Cap'],
          ['Eyes', 'Laser'],
        ],
      },
      {
        id: eight,
        name: 'Block Punk #8',
        traits: [
          ['Hat', 'Cap'],
          ['Eyes', 'Laser'],
        ],
      },
      { id: nine, name: 'Block Punk #9', traits: [['Hat', 'Cap']] },
    ]);

    expect(await details(six)).toMatchObject({
      name: 'Block Punk #6',
      collectionSlug: `punks-${kind}`,
      collection: {
        slug: `punks-${kind}`,
        name: `The punks-${kind}`,
        supply: 4,
        isListed: true,
        launchSlug: null,
      },
      traits: [
        { category: 'Eyes', value: 'Laser', count: 3 },
        { category: 'Hat', value: 'Crown', count: 1 },
      ],
      edition: null,
    });
    expect((await details(nine)).traits).toEqual([{ category: 'Hat', value: 'Cap', count: 3 }]);
  });

  it('does not show an onboarded collection under review as the item’s, nor its name', async () => {
    const holder = (await newTrader(t)).ordinals.address;
    const { id } = await inscribeTo(node, t, holder);
    await collectionOf(`claimed-${kind}`, true, [
      { id, name: 'Claimed #1', traits: [['Hat', 'Crown']] },
    ]);
    expect(await details(id)).toMatchObject({
      name: null,
      collectionSlug: `claimed-${kind}`,
      collection: null,
      traits: [],
      edition: null,
    });
  });

  it('names an edition by the launch that revealed it; the original and a plain item by none', async () => {
    const creator = await newTrader(t);
    const buyer = await newTrader(t);
    const originalId = (await inscribeTo(node, t, creator.ordinals.address)).id;
    const launchId = await launchEdition(t, creator, originalId, {
      slug: `moons-${kind}`,
      numberOfEditions: 5,
      price: 10_000n,
    });
    await node.faucet.fund(buyer.payment.address, 400_000n);
    await mineAndSync(node, t);
    const { order, signedPsbt } = await signedMintOrder(t, buyer, launchId, 1);
    const submitted = await api(
      t,
      'POST',
      '/api/launchpad/editions/mint/submit',
      { orderId: order.orderId, signedPsbt },
      buyer.token,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const [editionId = ''] = EditionOrderSchema.parse(submitted.body.payload).inscriptionIds;
    await mineAndSync(node, t);

    expect(await details(editionId)).toMatchObject({
      delegate: originalId,
      name: null,
      collection: null,
      edition: { launchSlug: `moons-${kind}`, name: `Edition moons-${kind}`, originalId },
    });
    expect((await details(originalId)).edition).toBeNull();
    expect(await details((await inscribeTo(node, t, buyer.ordinals.address)).id)).toMatchObject({
      name: null,
      collection: null,
      traits: [],
      edition: null,
    });
  });
});
