import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../db/create-db.ts';
import type { Database } from '../db/database.ts';
import { JOBS, type JobMap, type QueueOptions } from './jobs.ts';

// The job queue (ADR 023): pg-boss 10 on our own `Db`, PGlite or PostgreSQL alike, through one
// adapter. Its retries with backoff, singleton keys, `startAfter` schedules and kept job states
// replace the worker loops' "find my work in the tables" where the work is an item.

/** Anything Kysely runs a query on: the database, or a transaction the caller holds. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** pg-boss's own schema: `pgboss`, or a test's `<schema>_pgboss` (dropped with the test's). */
export function jobSchemaOf(schema: string): string {
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}

/**
 * pg-boss's `db` option over Kysely. A statement runs on Kysely's connection (on PGlite its only
 * one, so it never interleaves with a transaction); its scripts (schema, migrations, maintenance:
 * `BEGIN; … COMMIT;` under its advisory lock, no rows wanted) go to `db.execScript`, the one way
 * to run several statements on PGlite. Over a transaction only single statements come.
 */
function pgBossAdapter(executor: Executor, db?: Db): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      if (db && !values?.length && /^\s*BEGIN;/.test(text)) {
        await db.execScript(text);
        return { rows: [] };
      }
      const result = await executor.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Runs pg-boss's start (which installs its schema when missing) and the queues' creation in one
 * process at a time. Its own install waits on an advisory lock and then runs `CREATE SCHEMA IF NOT
 * EXISTS`, but the waiter's catalog view can predate the winner's commit, so processes starting
 * together failed on pg_namespace's unique index (seen in CI: an api process exited at start);
 * queues created together (each a partition attached to one table) deadlocked. Under a session
 * lock, the next process's `isInstalled` is a fresh statement that sees the schema. PGlite is one
 * process with one connection: nothing to race, and no connection to spare.
 */
async function startedAlone(db: Db, schema: string, start: () => Promise<unknown>): Promise<void> {
  if (db.kind === 'pglite') {
    await start();
    return;
  }
  const key = `om.pgboss.start.${schema}`;
  await db.kysely.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(hashtext(${key}))`.execute(conn);
    try {
      await start();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(conn);
    }
  });
}

interface SendOptions {
  /** Not before this time (a schedule: an auction's end). */
  startAfter?: Date;
  /** At most one job of this key waits at a time: a second send is dropped (answers null). */
  singletonKey?: string;
  /** Sent in this transaction: the job exists if and only if the transaction commits. */
  trx?: Executor;
}

/** The queue of `M`'s jobs: jobs.ts's JobMap, or a test's own. */
export interface JobQueue<M extends object = JobMap> {
  /** The job's id, or null when a job of the same singleton key already waits. */
  send<N extends keyof M & string>(
    name: N,
    data: M[N],
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Runs `handler` for each job of `name` in this process, when it works (RUN_MODE `all` or
   * `worker`); an `api` process only sends. A thrown error fails the job: retried with backoff
   * until its queue's retry limit, then kept as failed with the error's message.
   */
  work<N extends keyof M & string>(name: N, handler: (data: M[N]) => Promise<void>): Promise<void>;
  /**
   * Whether a job of `name` and `singletonKey` waits, waits for a retry or runs. A sender that
   * repeats itself (each block) asks first: a singleton key only drops a second send while the
   * first waits, not while it runs or waits for its retry.
   */
  isPending(name: keyof M & string, singletonKey: string): Promise<boolean>;
  /** pg-boss's schema, for the operators' view of the jobs. */
  schema: string;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Whether this process runs jobs (RUN_MODE `all` or `worker`) or only sends them (`api`). */
  works: boolean;
  /** How often an idle worker looks for jobs; a send in this process wakes its workers at once. */
  pollingIntervalSeconds?: number;
}

/** Creates pg-boss's schema and jobs.ts's queues (idempotent), and starts it. */
export function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  return startQueues(options, JOBS);
}

/** Creates pg-boss's schema and `queues` (idempotent), and starts it. */
export async function startQueues<M extends object>(
  options: JobQueueOptions,
  queues: Record<keyof M & string, QueueOptions>,
): Promise<JobQueue<M>> {
  const { db, log, works } = options;
  const schema = jobSchemaOf(db.schema);
  const boss = new PgBoss({
    db: pgBossAdapter(db.kysely, db),
    schema,
    // No cron here; maintenance (expiring, archiving) only where jobs run.
    schedule: false,
    supervise: works,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue: error'));
  await startedAlone(db, schema, async () => {
    await boss.start();
    for (const [name, queue] of Object.entries<QueueOptions>(queues)) {
      await boss.createQueue(name, { name, ...queue });
    }
  });
  const workerIds = new Map<string, string>();
  return {
    schema,
    send: async (name, data, sendOptions = {}) => {
      const { trx, startAfter, singletonKey } = sendOptions;
      const id = await boss.send(name, data as object, {
        ...(startAfter ? { startAfter } : {}),
        ...(singletonKey ? { singletonKey } : {}),
        ...(trx ? { db: pgBossAdapter(trx) } : {}),
      });
      // Due now and sent here: this process's worker need not wait for its next poll. (In a
      // transaction the job is not visible yet; the poll finds it.)
      const workerId = workerIds.get(name);
      if (id && workerId && !trx && !startAfter) boss.notifyWorker(workerId);
      return id;
    },
    work: async (name, handler) => {
      if (!works) return;
      const workerId = await boss.work<M[typeof name]>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async ([job]) => {
          if (job) await handler(job.data);
        },
      );
      workerIds.set(name, workerId);
    },
    isPending: async (name, singletonKey) => {
      const { rows } = await sql<{ pending: number }>`
        select 1 as pending from ${sql.table(`${schema}.job`)}
        where name = ${name} and singleton_key = ${singletonKey}
          and state in ('created', 'retry', 'active')
        limit 1`.execute(db.kysely);
      return rows.length > 0;
    },
    stop: () => boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 }),
  };
}
