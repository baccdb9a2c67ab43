import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/create-db.ts';
import { startQueues, type JobQueue } from '../src/jobs/job-queue.ts';
import type { QueueOptions } from '../src/jobs/jobs.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// pg-boss through our adapter (ADR 023), on PGlite and on PostgreSQL: retries with backoff,
// singleton keys, sends inside a transaction, and `startAfter`.

interface TestJobs {
  flaky: { n: number };
  keyed: { n: number };
  later: { n: number };
}
const QUEUES: Record<keyof TestJobs, QueueOptions> = {
  flaky: { retryLimit: 3, retryDelay: 1, retryBackoff: true },
  keyed: { policy: 'short' },
  later: {},
};

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface JobRow {
  state: string;
  retry_count: number;
  output: { message?: string } | null;
}

describe.each(databaseKinds())('the job queue (%s)', (kind) => {
  let db: Db | undefined;
  let jobs: JobQueue<TestJobs> | undefined;
  afterEach(async () => {
    await jobs?.stop();
    await db?.close();
    jobs = undefined;
    db = undefined;
  });

  async function start(): Promise<{ db: Db; jobs: JobQueue<TestJobs> }> {
    db = await createTestDb(kind);
    const log = pino({ level: 'silent' });
    jobs = await startQueues<TestJobs>(
      { db, log, works: true, pollingIntervalSeconds: 0.5 },
      QUEUES,
    );
    return { db, jobs };
  }

  const jobRow = async (db: Db, schema: string, id: string) => {
    const { rows } = await sql<JobRow>`select state, retry_count, output from ${sql.table(
      `${schema}.job`,
    )} where id = ${id}`.execute(db.kysely);
    return rows[0];
  };

  it('retries a job that failed once, after a backoff, and completes it', async () => {
    const { db, jobs } = await start();
    const attempts: number[] = [];
    await jobs.work('flaky', async () => {
      attempts.push(Date.now());
      if (attempts.length === 1) throw new Error('the node cannot be reached');
    });
    const id = await jobs.send('flaky', { n: 1 });
    expect(id).toBeTruthy();
    const done = await until(async () => {
      const row = await jobRow(db, jobs.schema, id!);
      return row?.state === 'completed' ? row : undefined;
    });
    expect(done.retry_count).toBe(1);
    expect(attempts).toHaveLength(2);
    // retryDelay 1 s with backoff: the first retry waits between 1 and 2 s.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
  });

  it('keeps a job that keeps failing as failed, with its error', async () => {
    const { db, jobs } = await start();
    await jobs.work('later', async () => {
      throw new Error('this one never works');
    });
    const id = await jobs.send('later', { n: 1 });
    const failed = await until(async () => {
      const row = await jobRow(db, jobs.schema, id!);
      return row?.state === 'failed' ? row : undefined;
    });
    expect(failed.output?.message).toBe('this one never works');
  });

  it('drops a second job of the same singleton key while the first waits', async () => {
    const { db, jobs } = await start();
    const startAfter = new Date(Date.now() + 60_000);
    const first = await jobs.send('keyed', { n: 1 }, { singletonKey: 'auction-1', startAfter });
    const second = await jobs.send('keyed', { n: 2 }, { singletonKey: 'auction-1', startAfter });
    const other = await jobs.send('keyed', { n: 3 }, { singletonKey: 'auction-2', startAfter });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(other).toBeTruthy();
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(
      `${jobs.schema}.job`,
    )} where name = 'keyed'`.execute(db.kysely);
    expect(rows[0]?.n).toBe('2');
  });

  it('sends inside a transaction: a rollback leaves no job, a commit leaves one', async () => {
    const { db, jobs } = await start();
    let rolledBackId: string | null = null;
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        rolledBackId = await jobs.send(
          'later',
          { n: 1 },
          { trx, startAfter: new Date(Date.now() + 60_000) },
        );
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(rolledBackId).toBeTruthy();
    expect(await jobRow(db, jobs.schema, rolledBackId!)).toBeUndefined();

    const committedId = await db.kysely
      .transaction()
      .execute((trx) =>
        jobs.send('later', { n: 2 }, { trx, startAfter: new Date(Date.now() + 60_000) }),
      );
    expect((await jobRow(db, jobs.schema, committedId!))?.state).toBe('created');
  });

  it('runs a job no earlier than its startAfter', async () => {
    const { jobs } = await start();
    const ran: { n: number; at: number }[] = [];
    await jobs.work('later', async (data) => {
      ran.push({ n: data.n, at: Date.now() });
    });
    const startAfter = new Date(Date.now() + 2_000);
    await jobs.send('later', { n: 7 }, { startAfter });
    const [run] = await until(async () => (ran.length > 0 ? ran : undefined));
    expect(run?.n).toBe(7);
    // pg-boss compares start_after with the database's now(); allow the clock's rounding.
    expect(run!.at).toBeGreaterThanOrEqual(startAfter.getTime() - 50);
  });
});

// Processes of a split deployment start together on one database: each installs pg-boss's schema
// when it finds none. Without startedAlone's lock, the losers failed on pg_namespace's unique
// index and the process exited (CI, run-modes.test.ts). PostgreSQL only: PGlite is one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the job queue started by many processes', () => {
  it('starts four queues at once on a database without pg-boss, every one of them', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const log = pino({ level: 'silent' });
    for (let round = 0; round < 3; round++) {
      const first = await createTestDb('postgres');
      const others = await Promise.all(
        [1, 2, 3].map(() =>
          createDb({ kind: 'postgres', url, schema: first.schema, maxConnections: 2 }),
        ),
      );
      const dbs = [first, ...others];
      const started = await Promise.allSettled(
        dbs.map((db, i) => startQueues<TestJobs>({ db, log, works: i < 2 }, QUEUES)),
      );
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
      for (const db of others) await db.close();
      await first.close();
      expect(failures).toEqual([]);
    }
  }, 60_000);
});
