import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { JobsPayloadSchema } from '../src/jobs/jobs-status.ts';
import { cyclePayoutKey, sendReadyCycle } from '../src/features/rewards/mining/cycle-close.job.ts';
import { rewardsWallet } from '../src/features/rewards/payouts/rewards-wallet.ts';
import { platformFeeAddress } from '../src/trading/platform-fee.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, newTrader, paidTo } from './helpers/trading.ts';

// The mining cycle's payout as a job (ADR 023): once the cycle's last block is indexed, the
// `mining-cycle-payout` job keyed by the cycle pays its holders. Sent again and again (each block,
// here by hand too), a cycle has one job and one payout; a node that cannot be reached leaves the
// job waiting for its retry, visible to operators, and the retry pays.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

const FEES = 50_000n;

interface JobRow {
  state: string;
  retry_count: number;
  singleton_key: string | null;
}

describe.each(databaseKinds())('the mining cycle payout job on %s', (kind) => {
  const tick = kind === 'pglite' ? 'mcja' : 'mcjb';
  let t: TestApp;
  let start: number;

  beforeAll(async () => {
    const height = await node.node.rpc.getBlockCount();
    start = (Math.floor((height + 4) / 144) + 1) * 144;
    t = await startTestApp(kind, node, {
      PRODUCT_TICKER: tick,
      XP_START_HEIGHT: String(start),
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const mineTo = async (height: number) => {
    const tip = await node.node.rpc.getBlockCount();
    if (height > tip) await node.faucet.mine(height - tip);
    await t.sync();
    await indexBrc20(t.db, 'regtest');
  };
  const payoutJobs = async () =>
    (
      await sql<JobRow>`select state::text as state, retry_count, singleton_key
        from ${sql.table(`${t.deps.jobs!.schema}.job`)}
        where name = 'mining-cycle-payout' order by created_on`.execute(t.db.kysely)
    ).rows;

  it('pays a cycle once through one job, retried while the node cannot be reached', async () => {
    const alice = await newTrader(t);
    await mineTo(start - 3);
    await inscribe(node, alice.ordinals.address, [
      {
        contentType: 'text/plain',
        body: JSON.stringify({ p: 'brc-20', op: 'deploy', tick, max: '1000', lim: '1000' }),
      },
    ]);
    await mineTo(start - 2);
    await inscribe(node, alice.ordinals.address, [
      {
        contentType: 'text/plain',
        body: JSON.stringify({ p: 'brc-20', op: 'mint', tick, amt: '1000' }),
      },
    ]);
    await mineTo(start + 1);
    await node.faucet.fund(platformFeeAddress(t.deps.env) ?? '', FEES);
    await node.faucet.fund(rewardsWallet(t.deps.env).address, 50_000n);
    await mineTo(start + 2);

    // The node stops answering the fee estimate the payout needs: the job fails and waits.
    const fees = vi
      .spyOn(t.deps.chain.source, 'recommendedFees')
      .mockRejectedValue(new Error('the node cannot be reached'));
    try {
      await mineTo(start + 143);
      const cycle = start / 144;
      // Sent by hand twice besides the block pass: one job.
      await sendReadyCycle(t.deps);
      await sendReadyCycle(t.deps);
      await vi.waitFor(
        async () => {
          const jobs = await payoutJobs();
          expect(jobs).toMatchObject([{ state: 'retry', singleton_key: cyclePayoutKey(cycle) }]);
          expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(await sendReadyCycle(t.deps)).toBeNull();
      expect(await payoutJobs()).toHaveLength(1);
      const operator = await newTrader(t);
      const res = await api(t, 'GET', '/api/system/jobs', undefined, operator.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { queues } = JobsPayloadSchema.parse(res.body.payload);
      expect(queues).toContainEqual(
        expect.objectContaining({ name: 'mining-cycle-payout', retry: 1, completed: 0 }),
      );
      expect(await t.db.kysely.selectFrom('mining_cycles').select('cycle').execute()).toEqual([]);
    } finally {
      fees.mockRestore();
    }

    // The node is back: the retry (after its backoff) pays the cycle, once.
    const cycle = start / 144;
    await vi.waitFor(
      async () => {
        expect(await payoutJobs()).toMatchObject([{ state: 'completed' }]);
      },
      // The backoff doubles from 5-10 s at each failed try.
      { timeout: 90_000, interval: 250 },
    );
    const closed = await t.db.kysely.selectFrom('mining_cycles').selectAll().execute();
    expect(closed).toMatchObject([{ cycle, state: 'paid', fees: String(FEES), carried_in: '0' }]);
    const [row] = closed;
    expect(BigInt(row!.paid) + BigInt(row!.carried_out)).toBe(FEES);
    expect(await paidTo(node, row!.txid ?? '', alice.ordinals.address)).toBe(BigInt(row!.paid));
    const journal = await t.db.kysely
      .selectFrom('claimed_transactions')
      .select(['ref', 'txids'])
      .where('kind', '=', 'reward-payout')
      .execute();
    expect(journal).toEqual([{ ref: `mining:${cycle}`, txids: [row!.txid] }]);

    // Closed, the cycle is sent no more.
    expect(await sendReadyCycle(t.deps)).toBeNull();
    expect(await payoutJobs()).toHaveLength(1);
  }, 300_000);
});
