import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { demoBrc20Plan, opArtwork, seedDemoBrc20 } from '../src/features/demo/demo-brc20.ts';
import { DEMO_SEED } from '../src/features/demo/demo-collections.ts';
import { demoInscriberKey, demoOwners } from '../src/features/demo/demo-owners.ts';
import { findInscribedArtworks } from '../src/features/demo/demo.queries.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api } from './helpers/trading.ts';

// ADR 015 "Demo": on a fresh regtest chain the demo deploys the utility token (PRODUCT_TICKER)
// and two more, mints them to the demo owners over a few blocks, and transfer-inscribes some of
// their balances: alice's 500 omkt and carol's 600 moon sent on, bob's 250 omkt and alice's
// 100.5 blok left in flight. Each operation is a text/plain reveal with one envelope.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

const owners = demoOwners(DEMO_SEED);
const addressOf = (name: string) => owners.find((o) => o.name === name)?.address;

describe('the demo plan', () => {
  it('has a distinct body for every operation, so a re-run finds each by its bytes', () => {
    const plan = demoBrc20Plan('omkt');
    const bodies = plan.stages.flat().map((op) => JSON.stringify(op.json));
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(plan.ticks).toEqual(['omkt', 'blok', 'moon']);
    expect(plan.stages[0]?.map((op) => op.json)).toEqual([
      { p: 'brc-20', op: 'deploy', tick: 'omkt', max: '21000000', lim: '1000', dec: '18' },
      { p: 'brc-20', op: 'deploy', tick: 'blok', max: '2100000', lim: '5000', dec: '8' },
      { p: 'brc-20', op: 'deploy', tick: 'moon', max: '10000', lim: '1000', dec: '0' },
    ]);
  });

  it('deploys a configured 4-byte ticker once, and leaves a 5-byte one (self-mint) out', () => {
    expect(demoBrc20Plan('MOON').ticks).toEqual(['MOON', 'blok']);
    expect(demoBrc20Plan('abcde').ticks).toEqual(['blok', 'moon']);
  });
});

describe.each(databaseKinds())('the demo BRC-20 tokens on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const seed = () =>
    seedDemoBrc20({
      market: t.deps,
      faucet: node.faucet,
      owners,
      inscriberKey: demoInscriberKey(DEMO_SEED),
      waitForIndexer: async () => {
        await t.sync();
        await indexBrc20(t.db, 'regtest');
      },
    });

  it('inscribes deploys, mints and transfers, sends two transfers on, and does it once', async () => {
    const plan = demoBrc20Plan('omkt');
    const ops = plan.stages.flat();
    const first = await seed();
    // A second chain (PostgreSQL after PGlite) on the same node finds the first run's work.
    expect(['seeded', 'already-seeded']).toContain(first.status);
    if (first.status === 'seeded') expect(first.ticks).toEqual(['omkt', 'blok', 'moon']);
    expect(await seed()).toEqual({ status: 'already-seeded' });

    const ids = await findInscribedArtworks(t.db, ops.map(opArtwork));
    expect([...ids.keys()].sort()).toEqual(ops.map((op) => op.key).sort());
    const rows = await t.db.kysely
      .selectFrom('chain_inscriptions')
      .select([
        'inscription_id',
        'content_type',
        'content',
        'genesis_height',
        'genesis_charms',
        'pointer',
        'number',
      ])
      .where('inscription_id', 'in', [...ids.values()])
      .execute();
    const byKey = new Map(rows.map((r) => [r.inscription_id, r]));
    const heights = (stage: number) =>
      new Set(
        (plan.stages[stage] ?? []).map((op) => byKey.get(ids.get(op.key) ?? '')?.genesis_height),
      );
    // Deploys, mints and transfers each in their own block, in that order.
    const [deploys, mints, transfers] = [0, 1, 2].map((i) => [...heights(i)]);
    expect([deploys?.length, mints?.length, transfers?.length]).toEqual([1, 1, 1]);
    expect(Number(deploys?.[0])).toBeLessThan(Number(mints?.[0]));
    expect(Number(mints?.[0])).toBeLessThan(Number(transfers?.[0]));
    for (const op of ops) {
      const row = byKey.get(ids.get(op.key) ?? '');
      expect(row?.content_type).toBe('text/plain;charset=utf-8');
      // Not cursed and no pointer: BRC-20 ignores anything else.
      expect(row?.genesis_charms).not.toContain('cursed');
      expect(Number(row?.number)).toBeGreaterThanOrEqual(0);
      expect(row?.pointer).toBeNull();
      expect(JSON.parse(new TextDecoder().decode(row?.content ?? new Uint8Array()))).toEqual(
        op.json,
      );
    }

    const where = async (key: string) => {
      const location = await t.deps.chain.source.inscriptionLocation(ids.get(key) ?? '');
      return location?.address;
    };
    expect(await where('brc20/transfer/omkt/alice/500')).toBe(addressOf('bob'));
    expect(await where('brc20/transfer/moon/carol/600')).toBe(addressOf('dave'));
    expect(await where('brc20/transfer/omkt/bob/250')).toBe(addressOf('bob'));
    expect(await where('brc20/transfer/blok/alice/100.5')).toBe(addressOf('alice'));
    expect(await where('brc20/mint/moon/carol/990')).toBe(addressOf('carol'));
  });
  it('shows the tokens, their minted supplies and the owners balances in the index', async () => {
    await seed();
    const token = async (tick: string) => {
      const res = await api(t, 'GET', `/api/brc20/tokens/${tick}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.payload.token as Record<string, unknown>;
    };
    expect(await token('omkt')).toMatchObject({
      decimals: 18,
      maxSupply: '21000000.000000000000000000',
      limitPerMint: '1000.000000000000000000',
      mintedSupply: '6400.000000000000000000',
      holders: 5,
    });
    expect(await token('blok')).toMatchObject({
      decimals: 8,
      mintedSupply: '8735.06789012',
      holders: 3,
    });
    expect(await token('moon')).toMatchObject({
      decimals: 0,
      mintedSupply: '9500',
      remainingSupply: '500',
      mintProgress: '95.00',
      holders: 5,
    });

    const balances = async (name: string) => {
      const res = await api(t, 'GET', `/api/brc20/balances/${addressOf(name)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.payload.balances as Record<string, string>[];
      return Object.fromEntries(
        rows.map((r) => [r.tick, `${r.overall} = ${r.available} + ${r.transferable}`]),
      );
    };
    const e18 = (n: number) => `${n}.000000000000000000`;
    // alice minted 2700 omkt and sent 500 to bob; bob's own 250 transfer is still unsent.
    expect(await balances('alice')).toEqual({
      omkt: `${e18(2200)} = ${e18(2200)} + ${e18(0)}`,
      blok: '2500.50000000 = 2400.00000000 + 100.50000000',
      moon: '1975 = 1975 + 0',
    });
    expect(await balances('bob')).toEqual({
      omkt: `${e18(2200)} = ${e18(1950)} + ${e18(250)}`,
      blok: '5000.00000000 = 5000.00000000 + 0.00000000',
      moon: '1965 = 1965 + 0',
    });
    // carol sent 600 moon to dave.
    expect((await balances('carol')).moon).toBe('1355 = 1355 + 0');
    expect((await balances('dave')).moon).toBe('2545 = 2545 + 0');
  });
});
