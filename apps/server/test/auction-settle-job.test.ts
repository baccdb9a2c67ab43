import { AuctionSchema } from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startQueues } from '../src/jobs/job-queue.ts';
import { JobsPayloadSchema } from '../src/jobs/jobs-status.ts';
import { JOBS } from '../src/jobs/jobs.ts';
import { settlementKey } from '../src/features/auctions/auction-settle.schedule.ts';
import {
  auctionBody,
  auctionSeller,
  fundCoins,
  multisigOf,
  openAuction,
  placeBid,
} from './helpers/auctions.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, mineAndSync, newTrader } from './helpers/trading.ts';

// Auctions settled by their job (ADR 023), with the sweep loop off (AUCTION_SWEEP_MS=0): the
// confirm schedules the settlement at the auction's end in its own transaction, the dev end route
// schedules it now, and the job settles to the highest bid. GET /api/system/jobs shows the queues
// and a failed job with its error.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

interface JobRow {
  state: string;
  start_after: Date;
  singleton_key: string | null;
  data: { auctionId: string };
}

describe.each(databaseKinds())('auction settlement by the job queue on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      AUCTION_SWEEP_MS: '0',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const schema = () => t.deps.jobs!.schema;
  const settleJobsOf = async (auctionId: string) =>
    (
      await sql<JobRow>`select state::text as state, start_after, singleton_key, data
        from ${sql.table(`${schema()}.job`)}
        where name = 'auction-settle' and data->>'auctionId' = ${auctionId}
        order by created_on`.execute(t.db.kysely)
    ).rows;
  const auctionOf = async (slug: string) =>
    AuctionSchema.parse((await api(t, 'GET', `/api/launchpad/auctions/${slug}`)).body.payload);
  const ownerOf = async (inscriptionId: string) =>
    (await api(t, 'GET', `/api/shared/inscriptions/details/${inscriptionId}`)).body.payload
      ?.address as string | undefined;

  it('schedules the settlement at the end, and the job settles an auction ended now', async () => {
    const { trader: seller, item } = await auctionSeller(node, t);
    const slug = `job-settle-${kind}`;
    const body = auctionBody(seller, item, { slug, startPrice: 20_000n });
    const { auctionId } = await openAuction(t, seller, body);

    // Confirmed: one job, due at the auction's end, keyed by the auction and that end.
    const endDate = new Date(body.endDate * 1000);
    const [scheduled, ...others] = await settleJobsOf(auctionId);
    expect(others).toEqual([]);
    expect(scheduled).toMatchObject({
      state: 'created',
      singleton_key: settlementKey(auctionId, endDate),
      data: { auctionId },
    });
    expect(new Date(scheduled!.start_after).getTime()).toBe(endDate.getTime());

    const bidder = await newTrader(t);
    const wallet = await multisigOf(t, bidder.payment);
    await fundCoins(node, wallet.address, [100_000n, 1_000n, 1_000n]);
    await mineAndSync(node, t);
    await placeBid(t, slug, bidder, 20_000n);

    // Ended now: a second job, due now; the sweep is off, so only the job can settle it.
    const ended = await api(t, 'POST', `/api/dev/auctions/${slug}/end`);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    await vi.waitFor(
      async () => {
        const settled = await auctionOf(slug);
        expect(settled.status).toBe('settled');
        expect(settled.bids).toMatchObject([{ amount: '20000', status: 'won' }]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const settled = await auctionOf(slug);
    expect(settled.settlement_txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await node.node.rpc.getRawMempool()).toContain(settled.settlement_txid);
    await mineAndSync(node, t);
    expect(await ownerOf(item.id)).toBe(bidder.ordinals.address);

    const jobs = await settleJobsOf(auctionId);
    expect(jobs.map((j) => j.state)).toEqual(['created', 'completed']);
  });

  it('shows operators the queues and a failed job with its error', async () => {
    // A queue of the test's own on the same pg-boss schema, whose job fails at once.
    const flaky = await startQueues<{ 'test-flaky': { n: number } }>(
      { db: t.db, log: t.deps.log, works: true, pollingIntervalSeconds: 0.5 },
      { 'test-flaky': { retryLimit: 0 } },
    );
    try {
      await flaky.work('test-flaky', async () => {
        throw new Error('the node cannot be reached');
      });
      const id = await flaky.send('test-flaky', { n: 1 });
      const operator = await newTrader(t);
      const jobsPage = async () => {
        const res = await api(t, 'GET', '/api/system/jobs', undefined, operator.token);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return JobsPayloadSchema.parse(res.body.payload);
      };
      await vi.waitFor(
        async () => {
          const { failed } = await jobsPage();
          expect(failed).toContainEqual(
            expect.objectContaining({
              id,
              name: 'test-flaky',
              error: 'the node cannot be reached',
            }),
          );
        },
        { timeout: 20_000, interval: 200 },
      );
      const { queues } = await jobsPage();
      expect(queues).toContainEqual(expect.objectContaining({ name: 'test-flaky', failed: 1 }));
      expect(queues).toContainEqual(
        expect.objectContaining({ name: 'auction-settle', completed: 1 }),
      );
      // Every queue of jobs.ts is listed, each with its counts.
      expect(queues.map((q) => q.name)).toEqual(expect.arrayContaining(Object.keys(JOBS)));
    } finally {
      await flaky.stop();
    }
  });

  it('refuses the jobs page without a session', async () => {
    const anonymous = await api(t, 'GET', '/api/system/jobs');
    expect(anonymous.status).toBe(401);
  });
});
