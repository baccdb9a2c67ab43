import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED } from '../src/features/demo/demo-collections.ts';
import { demoOwners } from '../src/features/demo/demo-owners.ts';
import { DEMO_RUNE, seedDemoRunes } from '../src/features/demo/demo-runes.ts';
import { rewardsWallet } from '../src/features/rewards/payouts/rewards-wallet.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

// The demo's rune on a fresh regtest chain (docs/product.md#runes): erin etches it with a premine
// and open terms through a commit 6 blocks deep, alice (twice), bob and carol mint it, and erin
// sends 12,345.67 to dave and 20,000.00 to the rewards wallet (the rune raffle's) through the
// send service; a second run finds all of it and does nothing.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

const owners = demoOwners(DEMO_SEED);
const addressOf = (name: string) => owners.find((o) => o.name === name)?.address ?? '';

describe.each(databaseKinds())('the demo rune on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node);
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const seed = () =>
    seedDemoRunes({
      market: t.deps,
      faucet: node.faucet,
      owners,
      rewardsAddress: rewardsWallet(t.deps.env).address,
      waitForIndexer: async () => {
        await t.sync();
        await t.syncRunes();
      },
    });
  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return (res.json() as { payload: T }).payload;
  };
  const balance = async (name: string) => {
    const address = name === 'rewards' ? rewardsWallet(t.deps.env).address : addressOf(name);
    const { balances } = await get<{ balances: { name: string; amount: string }[] }>(
      `/api/runes/balances/${address}`,
    );
    return balances.find((b) => b.name === DEMO_RUNE)?.amount;
  };

  it('etches, mints and sends the rune once', async () => {
    const first = await seed();
    // A second database on the same node finds the first one's chain.
    if (first.status === 'seeded') {
      expect(first).toMatchObject({
        rune: DEMO_RUNE,
        etched: true,
        minted: 4,
        sent: true,
        funded: true,
      });
    }
    expect(await seed()).toEqual({ status: 'already-seeded' });

    const { rune } = await get<{
      rune: {
        spacedName: string;
        symbol: string;
        divisibility: number;
        premine: string;
        mints: string;
      };
    }>(`/api/runes/${encodeURIComponent(DEMO_RUNE)}`);
    expect(rune).toMatchObject({
      name: DEMO_RUNE,
      symbol: '◈',
      divisibility: 2,
      premine: '50000000',
      mints: '4',
      holders: 6,
    });
    expect(await balance('erin')).toBe(String(50_000_000n - 1_234_567n - 2_000_000n));
    expect(await balance('dave')).toBe('1234567');
    expect(await balance('alice')).toBe('200000');
    expect(await balance('bob')).toBe('100000');
    expect(await balance('carol')).toBe('100000');
    expect(await balance('rewards')).toBe('2000000');
  });
});
