import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { whileLaunchLocked } from '../src/features/launchpad/launch-prepare.schedule.ts';
import { launchInfo, publicLaunchBody } from './helpers/launch.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, inscribeTo, mineAndSync, newTrader } from './helpers/trading.ts';

// A launch's preparation as a job (ADR 023): the create sends it in its own transaction, keyed by
// the launch, and the job builds the batches. A launch another pass holds (the sweep) is not
// prepared by the job at the same time: the job waits for its retry, then finds it prepared.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

interface JobRow {
  state: string;
  singleton_key: string | null;
  retry_count: number;
}

describe.each(databaseKinds())('launch preparation by the job queue on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const prepareJobs = async (launchpadId: string) =>
    (
      await sql<JobRow>`select state::text as state, singleton_key, retry_count
        from ${sql.table(`${t.deps.jobs!.schema}.job`)}
        where name = 'launch-prepare' and data->>'launchpadId' = ${launchpadId}
        order by created_on`.execute(t.db.kysely)
    ).rows;

  it('prepares a created launch through its job, once', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 2; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    await mineAndSync(node, t);
    const body = publicLaunchBody(
      creator,
      `prepare-job-${kind}`,
      items.map((i) => i.id),
      10_000n,
    );
    const created = await api(t, 'POST', '/api/launchpad/create', body, creator.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.payload.launchpadId as string;
    await vi.waitFor(
      async () => {
        expect(await prepareJobs(id)).toMatchObject([{ state: 'completed', singleton_key: id }]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const info = await launchInfo(t, id);
    expect(info.status).toBe('pending_psbt_signature');
    expect(info.phases[0]?.psbts.length).toBeGreaterThan(0);
    // Sent again (the launch prepared), the job leaves it as it is.
    await t.deps.jobs!.send('launch-prepare', { launchpadId: id }, { singletonKey: id });
    await vi.waitFor(
      async () => {
        expect((await prepareJobs(id)).map((j) => j.state)).toEqual(['completed', 'completed']);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await launchInfo(t, id)).toEqual(info);
  });

  it('leaves a launch another pass holds to it, and retries', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 2; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    await mineAndSync(node, t);
    const body = publicLaunchBody(
      creator,
      `prepare-held-${kind}`,
      items.map((i) => i.id),
      10_000n,
    );
    const created = await api(t, 'POST', '/api/launchpad/create', body, creator.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.payload.launchpadId as string;
    // A launch prepared here would be taken from its initializing state: make it initialize
    // again and hold it, as the sweep would while it prepares.
    // The preparation the create sent first: vi.waitFor's default second is too short for it on
    // a busy machine (it failed there two runs in three).
    await vi.waitFor(
      async () => {
        expect((await prepareJobs(id)).map((j) => j.state)).toEqual(['completed']);
      },
      { timeout: 20_000, interval: 200 },
    );
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sweep = whileLaunchLocked(t.deps, id, () => held);
    await sql`update launchpads set status = 'initializing' where id = ${id}`.execute(t.db.kysely);
    await t.deps.jobs!.send('launch-prepare', { launchpadId: id }, { singletonKey: id });
    await vi.waitFor(
      async () => {
        const jobs = await prepareJobs(id);
        expect(jobs.map((j) => j.state)).toEqual(['completed', 'retry']);
      },
      { timeout: 20_000, interval: 200 },
    );
    // The sweep is done (here it puts the launch back as it was prepared): the retry finds
    // nothing to do.
    await sql`update launchpads set status = 'pending_psbt_signature' where id = ${id}`.execute(
      t.db.kysely,
    );
    release();
    expect(await sweep).toBe(true);
    await vi.waitFor(
      async () => {
        expect((await prepareJobs(id)).map((j) => j.state)).toEqual(['completed', 'completed']);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect((await launchInfo(t, id)).status).toBe('pending_psbt_signature');
  }, 120_000);
});
