import { sql } from 'kysely';
import { BRC20SWAP_PATH, SwapPoolsInfoSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { seedDemoBrc20 } from '../src/features/demo/demo-brc20.ts';
import { DEMO_SEED } from '../src/features/demo/demo-collections.ts';
import { demoInscriberKey, demoOwners } from '../src/features/demo/demo-owners.ts';
import { demoSwapPlan, poolMints, seedDemoSwap } from '../src/features/demo/demo-swap.ts';
import { btcText, tokenText } from '../src/features/swap/swap-amounts.ts';
import { poolKeys } from '../src/features/swap/swap-pool.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

// ADR 017 "Demo": the regtest demo seeds pools for the utility token (omkt) and blok, with a
// few swaps in their history: carol buys omkt, dave buys blok, bob sells a transfer inscription
// of 1,000 blok; all completed, and a re-run does nothing.

describe('the demo swap plan', () => {
  it('mints each pool its tokens exactly, in bodies distinct from each other and from full mints', () => {
    const [omkt, blok] = demoSwapPlan('omkt').pools;
    for (const spec of [omkt!, blok!]) {
      const mints = poolMints(spec);
      const amounts = mints.map((m) => BigInt(JSON.parse(new TextDecoder().decode(m.body)).amt));
      expect(amounts.reduce((a, b) => a + b, 0n)).toBe(spec.tokens);
      expect(new Set(mints.map((m) => new TextDecoder().decode(m.body))).size).toBe(mints.length);
      expect(amounts.every((a) => a > 0n && a < spec.lim)).toBe(true);
    }
    expect(
      poolMints(omkt!)
        .map((m) => m.key)
        .slice(0, 2),
    ).toEqual(['swap/mint/omkt/999', 'swap/mint/omkt/998']);
    expect(poolMints(omkt!).at(-1)?.key).toBe('swap/mint/omkt/210');
  });

  it('pools only blok when the utility token is a 5-byte ticker the demo does not deploy', () => {
    const plan = demoSwapPlan('abcde');
    expect(plan.pools.map((p) => p.tick)).toEqual(['blok']);
    expect(plan.swaps.map((s) => s.owner)).toEqual(['dave', 'bob']);
  });
});

describe.each(databaseKinds())('the demo swap pools on %s', (kind) => {
  // A chain of its own: both runs seed and swap from a fresh one, with the same amounts.
  let node: TestNode;
  let t: TestApp;
  const owners = demoOwners(DEMO_SEED);
  const deps = () => ({
    market: t.deps,
    faucet: node.faucet,
    owners,
    inscriberKey: demoInscriberKey(DEMO_SEED),
    waitForIndexer: async () => {
      await t.sync();
      await indexBrc20(t.db, 'regtest');
    },
  });

  beforeAll(async () => {
    node = await startTestNode();
    t = await startTestApp(kind, node);
    await seedDemoBrc20(deps());
  });
  afterAll(async () => {
    await t?.close();
    await node?.stop();
  });

  /** What the pool's coins paid for its rungs: each commit's pool coins less its change. */
  async function rungCosts(tick: string): Promise<bigint> {
    const pool = poolKeys(t.deps.env, tick);
    const { rows } = await sql<{ txids: string[] }>`
      select c.txids from claimed_transactions c
      join swap_ladder l on c.ref = 'ladder:' || l.inscription_id
      where l.tick = ${tick}`.execute(t.db.kysely);
    const sats = (btc: number) => BigInt(Math.round(btc * 1e8));
    let cost = 0n;
    for (const row of rows) {
      const commit = await node.node.rpc.getRawTransactionVerbose(row.txids[0]!);
      for (const input of commit.vin) cost += sats(input.prevout?.value ?? 0);
      for (const output of commit.vout) {
        if (output.scriptPubKey.address === pool.address) cost -= sats(output.value);
      }
    }
    return cost;
  }

  async function poolInfo(tick: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BRC20SWAP_PATH}/swap_pools_info`,
      payload: {
        send_coin_type: 'btc',
        send_tick: 'btc',
        receive_coin_type: 'brc20',
        receive_tick: tick,
        address: '0',
      },
    });
    const body = res.json<{ code: number; msg: string; data: unknown }>();
    expect(body.msg).toBe('ok');
    return SwapPoolsInfoSchema.parse(body.data);
  }

  it('seeds both pools, swaps three times, completes them, and does it once', async () => {
    expect(await seedDemoSwap(deps())).toEqual({
      status: 'seeded',
      pools: ['omkt', 'blok'],
      minted: 21 + 21,
      funded: 80,
      swaps: 3,
    });
    expect(await seedDemoSwap(deps())).toEqual({ status: 'already-seeded' });

    const orders = await t.db.kysely
      .selectFrom('swap_orders')
      .select(['tick', 'direction', 'state', 'payment_address', 'send_amount', 'receive_amount'])
      .orderBy('seq')
      .execute();
    const paymentOf = (name: string) => owners.find((o) => o.name === name)?.paymentAddress;
    expect(orders.map((o) => [o.tick, o.direction, o.state, o.payment_address])).toEqual([
      ['omkt', 'buy', 'completed', paymentOf('carol')],
      ['blok', 'buy', 'completed', paymentOf('dave')],
      ['blok', 'sell', 'completed', paymentOf('bob')],
    ]);
    const [omktBuy, blokBuy, blokSale] = orders;
    // A buy pays at most what was typed: the least BTC that buys the tokens it gets.
    expect(BigInt(omktBuy?.send_amount ?? 0)).toBeLessThanOrEqual(200_000n);
    expect(BigInt(omktBuy?.send_amount ?? 0)).toBeGreaterThan(199_900n);
    expect(BigInt(blokBuy?.send_amount ?? 0)).toBeLessThanOrEqual(100_000n);
    expect(BigInt(blokBuy?.send_amount ?? 0)).toBeGreaterThan(99_900n);
    expect(blokSale?.send_amount).toBe(String(1000n * 10n ** 18n));

    // The pools' reserves: the tokens minted, less the buys, plus the sale; the BTC funded,
    // plus what each order moved the pool by (checked against the chain in swap.test.ts).
    const moved = await t.db.kysely
      .selectFrom('swap_orders')
      .select(['tick', 'btc_delta', 'token_delta'])
      .execute();
    const delta = (tick: string, field: 'btc_delta' | 'token_delta') =>
      moved.filter((o) => o.tick === tick).reduce((sum, o) => sum + BigInt(o[field]), 0n);
    const units = (n: bigint) => n * 10n ** 18n;
    // Each ladder keeps two rungs of two amounts, ready: inscribed and mined.
    const rungs = await t.db.kysely
      .selectFrom('swap_ladder')
      .select(['tick', 'amount'])
      .orderBy('tick')
      .orderBy('amount')
      .execute();
    expect(rungs.map((r) => [r.tick, BigInt(r.amount) / 10n ** 18n])).toEqual([
      ['blok', 500n],
      ['blok', 500n],
      ['blok', 5000n],
      ['blok', 5000n],
      ['omkt', 100n],
      ['omkt', 100n],
      ['omkt', 1000n],
      ['omkt', 1000n],
    ]);
    const omkt = await poolInfo('omkt');
    expect(omkt.ladder).toEqual([
      { amount: '100', ready: 2 },
      { amount: '1000', ready: 2 },
    ]);
    expect(omkt.tick2_volume).toBe(tokenText(units(20_000n) + delta('omkt', 'token_delta'), 18));
    expect(omkt.tick1_volume).toBe(
      btcText(40n * 125_000n + delta('omkt', 'btc_delta') - (await rungCosts('omkt'))),
    );
    const blok = await poolInfo('blok');
    expect(blok.tick2_volume).toBe(tokenText(units(100_000n) + delta('blok', 'token_delta'), 8));
    expect(blok.tick1_volume).toBe(
      btcText(40n * 50_000n + delta('blok', 'btc_delta') - (await rungCosts('blok'))),
    );
    // carol's buy took about 770 omkt, dave's about 4,760 blok; bob's sale gave 1,000 back.
    expect(Number(omkt.tick2_volume)).toBeGreaterThan(19_200);
    expect(Number(omkt.tick2_volume)).toBeLessThan(19_300);
    expect(Number(blok.tick2_volume)).toBeGreaterThan(96_200);
    expect(Number(blok.tick2_volume)).toBeLessThan(96_500);

    const pool = poolKeys(t.deps.env, 'blok');
    const coins = await t.deps.chain.source.addressUtxos(pool.address);
    expect(coins.length).toBeGreaterThanOrEqual(40);
  });
});
