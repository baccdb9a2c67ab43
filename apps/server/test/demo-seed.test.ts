import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoArtworks, demoCollections } from '../src/features/demo/demo-collections.ts';
import { fundCommits } from '../src/features/demo/demo-inscribe.ts';
import { demoInscriberKey, demoOwners, ownerOf } from '../src/features/demo/demo-owners.ts';
import { buildReveal, planCommits } from '../src/features/demo/demo-transactions.ts';
import { seedDemoMarket } from '../src/features/demo/demo-seed.service.ts';
import { ChainFollower } from '../src/indexer/follow-chain.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

const SEED_TIMEOUT = 180_000;

describe.each(databaseKinds())('the demo market seeded on a fresh regtest chain (%s)', (kind) => {
  let node: TestNode;
  let t: TestApp;
  let dataDir: string;
  const stopIndexer = new AbortController();
  let indexing: Promise<void>;
  const owners = demoOwners();
  const log = pino({ level: 'silent' });

  const seed = (options: { seed?: string } = {}) =>
    seedDemoMarket({ db: t.db, rpc: node.node.rpc, faucet: node.faucet, dataDir, log, ...options });
  const clearCatalogue = async () => {
    await t.db.kysely.deleteFrom('attributes').execute();
    await t.db.kysely.deleteFrom('inscriptions').execute();
    await t.db.kysely.deleteFrom('collections').execute();
  };

  beforeAll(async () => {
    node = await startTestNode();
    t = await startTestApp(kind, node);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-demo-'));
    // As in main: the follower runs on its own and the seed waits for it.
    const follower = new ChainFollower({
      db: t.db,
      rpc: node.node.rpc,
      network: 'regtest',
      events: t.events,
      log,
    });
    indexing = follower.run(stopIndexer.signal);
  });
  afterAll(async () => {
    stopIndexer.abort();
    await indexing;
    await t.close();
    await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const catalogue = () =>
    t.db.kysely
      .selectFrom('collections as c')
      .innerJoin('inscriptions as i', 'i.collection_id', 'c.id')
      .leftJoin('chain_inscriptions as ch', 'ch.inscription_id', 'i.inscription_id')
      .select([
        'c.slug',
        'i.inscription_id',
        'i.name',
        'i.file_type',
        'ch.address',
        'ch.content_type',
      ])
      .orderBy('i.inscription_id')
      .execute();

  it(
    'inscribes three collections on chain and lists them, well within a minute',
    async () => {
      const result = await seed();
      console.info(`demo seed (${kind}): ${JSON.stringify(result)}`);
      expect(result).toMatchObject({
        status: 'seeded',
        collections: 3,
        items: 144,
        inscribed: 150,
      });
      // The target is 60 s; the bound is loose so a slow CI machine does not flake.
      expect(result.elapsedMs).toBeLessThan(120_000);

      const collections = await t.db.kysely.selectFrom('collections').selectAll().execute();
      expect(collections.map((c) => c.slug).sort()).toEqual([
        'block-punks',
        'mempool-moons',
        'regtest-rocks',
      ]);
      for (const c of collections) {
        expect(c).toMatchObject({ is_tradable: true, is_under_review: false });
        expect(c.icon).toBe(`/content/${c.inscription_icon}`);
        expect(c.banner_image).toMatch(/^\/content\/[0-9a-f]{64}i0$/);
        expect(c.description?.length).toBeGreaterThan(20);
        expect(c.website_link).toMatch(/^https:\/\//);
      }
    },
    SEED_TIMEOUT,
  );

  it('puts 20 to 100 inscriptions in each collection, each on chain with a demo owner', async () => {
    const rows = await catalogue();
    const sizes = new Map<string, number>();
    for (const r of rows) sizes.set(r.slug, (sizes.get(r.slug) ?? 0) + 1);
    expect(Object.fromEntries(sizes)).toEqual({
      'regtest-rocks': 48,
      'block-punks': 64,
      'mempool-moons': 32,
    });
    const ownerAddresses = new Set(owners.map((o) => o.address));
    for (const r of rows) {
      expect(ownerAddresses.has(r.address ?? ''), `${r.name} owner`).toBe(true);
      expect(r.content_type).toBe(r.file_type);
    }
    expect(new Set(rows.map((r) => r.address)).size).toBeGreaterThanOrEqual(4);
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo', 'owners.json'), 'utf8'));
    expect(saved.owners.map((o: { address: string }) => o.address)).toEqual(
      owners.map((o) => o.address),
    );
  });

  it('serves an SVG rock and a PNG punk at /content, and their details name the collection', async () => {
    const rows = await catalogue();
    const rock = rows.find((r) => r.name === 'Regtest Rock #1')!;
    const punk = rows.find((r) => r.name === 'Block Punk #1')!;

    const svg = await t.app.inject({ method: 'GET', url: `/content/${rock.inscription_id}` });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><title>Regtest Rock #1<\/title>/,
    );

    const png = await t.app.inject({ method: 'GET', url: `/content/${punk.inscription_id}` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shared/inscriptions/details/${punk.inscription_id}`,
    });
    expect(details.json().payload).toMatchObject({
      collectionSlug: 'block-punks',
      contentType: 'image/png',
      outputValue: '10000',
    });
  });

  it('stores every trait as an attribute of its collection', async () => {
    const attributes = await t.db.kysely
      .selectFrom('attributes as a')
      .innerJoin('collections as c', 'c.id', 'a.collection_id')
      .select(['c.slug', 'a.category', 'a.value'])
      .execute();
    const bySlug = (slug: string) => attributes.filter((a) => a.slug === slug);
    expect(bySlug('regtest-rocks')).toHaveLength(48 * 6);
    expect(bySlug('block-punks')).toHaveLength(64 * 7);
    expect(bySlug('mempool-moons')).toHaveLength(32 * 6);
    expect(new Set(bySlug('block-punks').map((a) => a.category))).toEqual(
      new Set(['Background', 'Type', 'Clothes', 'Hair', 'Eyes', 'Mouth', 'Accessory']),
    );
  });

  it('does nothing when seeded again', async () => {
    const before = {
      height: await node.node.rpc.getBlockCount(),
      catalogue: await catalogue(),
      collections: await t.db.kysely.selectFrom('collections').selectAll().execute(),
    };
    const again = await seed();
    expect(again.status).toBe('already-seeded');
    expect(await node.node.rpc.getBlockCount()).toBe(before.height);
    expect(await catalogue()).toEqual(before.catalogue);
    expect(await t.db.kysely.selectFrom('collections').selectAll().execute()).toEqual(
      before.collections,
    );
  });

  it(
    'relists what is already on chain when the catalogue is lost, inscribing nothing twice',
    async () => {
      const before = await catalogue();
      const inscriptionCount = async () =>
        (await t.db.kysely.selectFrom('chain_inscriptions').select('inscription_id').execute())
          .length;
      const onChain = await inscriptionCount();
      await clearCatalogue();

      const resumed = await seed();
      expect(resumed).toMatchObject({ status: 'seeded', inscribed: 0 });
      expect(await catalogue()).toEqual(before);
      expect(await inscriptionCount()).toBe(onChain);
    },
    SEED_TIMEOUT,
  );

  it(
    'finishes a run killed mid-way: its reveals are mined, its commits spent, nothing inscribed twice',
    async () => {
      // Other art, so that none of it is on chain yet.
      const other = 'om-demo/test-interrupted';
      const key = demoInscriberKey(other);
      const owners = demoOwners(other);
      const artworks = demoArtworks(demoCollections(other));
      // The killed run had funded the first 10 commits and broadcast 4 of their reveals.
      const plans = planCommits(
        artworks.slice(0, 10).map((artwork) => ({
          artwork,
          owner: ownerOf(artwork.key, owners).address,
        })),
        key,
      );
      const deps = { db: t.db, rpc: node.node.rpc, faucet: node.faucet };
      const splitTxid = await fundCommits(deps, plans, key);
      for (const [vout, plan] of plans.slice(0, 4).entries()) {
        const reveal = buildReveal(plan, { txid: splitTxid, vout, value: plan.value }, key);
        await node.node.rpc.sendRawTransaction(reveal.hex);
      }
      const height = await node.node.rpc.getBlockCount();
      await clearCatalogue();

      const resumed = await seed({ seed: other });
      expect(resumed).toMatchObject({ status: 'seeded', inscribed: 146, reusedCommits: 6 });
      const created = await t.db.kysely
        .selectFrom('chain_inscriptions')
        .select(['inscription_id', 'content'])
        .where('genesis_height', '>', height)
        .execute();
      const contents = new Set(created.map((c) => Buffer.from(c.content!).toString('base64')));
      expect(created).toHaveLength(artworks.length);
      expect(contents.size).toBe(artworks.length);
      const listed = await catalogue();
      expect(listed).toHaveLength(144);
      const createdIds = new Set(created.map((c) => c.inscription_id));
      expect(listed.every((r) => createdIds.has(r.inscription_id))).toBe(true);
    },
    SEED_TIMEOUT,
  );
});
