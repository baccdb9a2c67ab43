import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { AppDeps } from '../../src/app-deps.ts';
import { buildApp } from '../../src/app.ts';
import { selectChainSource } from '../../src/chain/sources/select-chain-source.ts';
import { createDb, type Db, type DbKind } from '../../src/db/create-db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { listMigrations } from '../../src/db/schema-files.ts';
import { loadEnv } from '../../src/env.ts';
import { ChainEvents } from '../../src/indexer/chain-events.ts';
import { ChainFollower } from '../../src/indexer/follow-chain.ts';
import { jobSchemaOf, startJobQueue } from '../../src/jobs/job-queue.ts';
import type { TestNode } from './regtest.ts';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function databaseKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A database with no migration applied: in-memory PGlite, or a new schema on the test PostgreSQL
 * (`prefix` names it); close() drops the schema and its job queue's.
 */
export async function emptyTestDb(kind: DbKind, prefix = 't', maxConnections = 2): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (kind === 'pglite' || !url) return createDb({ kind: 'pglite' });
  const schema = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const db = await createDb({ kind: 'postgres', url, schema, maxConnections });
  return {
    ...db,
    close: async () => {
      await db.execScript(`DROP SCHEMA "${schema}" CASCADE`);
      await db.execScript(`DROP SCHEMA IF EXISTS "${jobSchemaOf(schema)}" CASCADE`);
      await db.close();
    },
  };
}

/** A fresh, migrated database: in-memory PGlite, or a new schema on the test PostgreSQL. */
export async function createTestDb(kind: DbKind): Promise<Db> {
  const db = await emptyTestDb(kind, 't', 4);
  await migrate(db);
  return db;
}

/**
 * A database of an earlier version, migrated up to (not including) `version`: for a migration's
 * test to fill with rows of the old shape, then `migrate(db)` the rest. close() drops it.
 */
export async function databaseBefore(kind: DbKind, version: string): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-mig-'));
  try {
    for (const m of listMigrations()) {
      if (m.version < version) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
    }
    const db = await emptyTestDb(kind, 'mig');
    await migrate(db, dir);
    return db;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  events: ChainEvents;
  /** What the app was built with: for tests that call services directly. */
  deps: AppDeps;
  /** Indexes the node's chain up to its tip, as the server's follower would. */
  sync(): Promise<number>;
  /** The BRC-20 and runes indexes up to the inscription index's tip; true once caught up. */
  syncBrc20(): Promise<boolean>;
  syncRunes(): Promise<boolean>;
  close(): Promise<void>;
}

/** The whole API in-process (app.inject), on a fresh database and the given regtest node. */
export async function startTestApp(
  kind: DbKind,
  node: TestNode,
  env: Record<string, string> = {},
  /** A database the test made itself (e.g. one a spawned server opens too); closed on close. */
  ownDb?: Db,
): Promise<TestApp> {
  const db = ownDb ?? (await createTestDb(kind));
  // Tests read far more than a third party may (READ_RATE_LIMIT_PER_MINUTE, 60): a test of the
  // limit sets its own.
  const parsedEnv = loadEnv({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    READ_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const isRegtest = parsedEnv.BITCOIN_NETWORK === 'regtest';
  const events = new ChainEvents();
  const deps: AppDeps = {
    env: parsedEnv,
    db,
    chain: {
      rpc: node.node.rpc,
      faucet: isRegtest ? node.faucet : undefined,
      events,
      source: selectChainSource(parsedEnv, { db, rpc: node.node.rpc }),
    },
    // JWT_SECRET as main.ts reads it, so that a spawned server accepts this app's sign-ins.
    jwtSecret: parsedEnv.JWT_SECRET
      ? new TextEncoder().encode(parsedEnv.JWT_SECRET)
      : randomBytes(32),
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  };
  // The job queue as main.ts starts it in `all` mode, polling faster for the tests.
  deps.jobs = await startJobQueue({ ...deps, works: true, pollingIntervalSeconds: 0.5 });
  const app = await buildApp(deps);
  const follower = new ChainFollower({
    db,
    rpc: node.node.rpc,
    network: parsedEnv.BITCOIN_NETWORK,
    events,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  return {
    app,
    db,
    events,
    deps,
    sync: () => follower.syncOnce(),
    syncBrc20: () => follower.syncBrc20(),
    syncRunes: () => follower.syncRunes(),
    close: async () => {
      await app.close();
      await deps.jobs?.stop();
      await db.close();
    },
  };
}
