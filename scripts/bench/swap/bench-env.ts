import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { pino } from 'pino';
import type { AppDeps } from '../../../apps/server/src/app-deps.ts';
import { selectChainSource } from '../../../apps/server/src/chain/sources/select-chain-source.ts';
import { createDb } from '../../../apps/server/src/db/create-db.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { loadEnv } from '../../../apps/server/src/env.ts';
import { indexBrc20 } from '../../../apps/server/src/indexer/brc20/brc20-follower.ts';
import { ChainEvents } from '../../../apps/server/src/indexer/chain-events.ts';
import { ChainFollower } from '../../../apps/server/src/indexer/follow-chain.ts';
import { startTestNode, type TestNode } from '../../../apps/server/test/helpers/regtest.ts';
import { createDatabaseSql } from '../bench-database.ts';

// What bench:swap runs on, as bench:launch's: a fresh regtest node (Bitcoin Core 30.2, temp
// datadir), a fresh PostgreSQL database (bench_swap, migrated, dropped at the end), and the
// server's parts wired as apps/server/src/main.ts wires them; sync() indexes inscriptions and
// BRC-20 to the tip, as the follower does.

const DATABASE = 'bench_swap';

export interface BenchEnv {
  node: TestNode;
  deps: AppDeps;
  databaseUrl: string;
  sync(): Promise<void>;
  mine(blocks?: number): Promise<void>;
  close(): Promise<void>;
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops the database once the pool's sessions are gone (see bench:launch's bench-env.ts). */
async function dropWhenClosed(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await client.query('select 1 from pg_stat_activity where datname = $1', [
        DATABASE,
      ]);
      if (rows.length === 0) break;
      await sleep(100);
    }
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );
    return `PostgreSQL ${rows[0]?.v ?? '?'}`;
  } finally {
    await client.end();
  }
}

export async function startBenchEnv(adminUrl: string, logLevel: string): Promise<BenchEnv> {
  const node = await startTestNode();
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const databaseUrl = url.toString();
  const closers: (() => Promise<void>)[] = [() => node.stop()];
  const close = async () => {
    for (const c of closers.reverse()) {
      await c().catch((err: unknown) => console.error('[bench:swap] cleanup:', err));
    }
  };
  try {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin(adminUrl, createDatabaseSql(DATABASE));
    closers.push(() => dropWhenClosed(adminUrl));
    const db = await createDb({ kind: 'postgres', url: databaseUrl });
    closers.push(() => db.close());
    await migrate(db);
    const env = loadEnv({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: logLevel,
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: path.join(node.datadir, 'server'),
      SEED_DEMO: 'false',
      // Behind a trusted proxy, as the README's deployment is: each swapper sends its own address
      // (X-Forwarded-For) and meets the default per-client write limit and reservation cap.
      TRUST_PROXY: '127.0.0.1',
    });
    const rpc = node.node.rpc;
    const log = pino({ level: env.LOG_LEVEL });
    const events = new ChainEvents();
    const deps: AppDeps = {
      env,
      db,
      chain: { rpc, faucet: node.faucet, events, source: selectChainSource(env, { db, rpc }) },
      jwtSecret: randomBytes(32),
      log,
    };
    const follower = new ChainFollower({ db, rpc, network: env.BITCOIN_NETWORK, events, log });
    const sync = async () => {
      await follower.syncOnce();
      await indexBrc20(db, env.BITCOIN_NETWORK);
    };
    return {
      node,
      deps,
      databaseUrl,
      sync,
      mine: async (blocks = 1) => {
        await node.faucet.mine(blocks);
        await sync();
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
