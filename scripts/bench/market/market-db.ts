import pg from 'pg';
import { createDb } from '../../../apps/server/src/db/create-db.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { generationSql, marketKey, withoutSecondaryIndexes, type Plan } from './generate.ts';
import { createDatabaseSql } from '../bench-database.ts';

// The benchmark's market lives in its own database (bench_market) on the given server: generated
// once, then reused while the plan, the generator and the migrations stay the same.

const DATABASE = 'bench_market';

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function marketUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

type Stored = { key: string; generatedAt: Date } | undefined;

async function storedMarket(serverUrl: string): Promise<Stored> {
  const exists = await withClient(serverUrl, async (c) => {
    const { rows } = await c.query('select 1 from pg_database where datname = $1', [DATABASE]);
    return rows.length > 0;
  });
  if (!exists) return undefined;
  return withClient(marketUrl(serverUrl), async (c) => {
    // No meta table: a generation that never finished.
    const { rows } = await c
      .query<{ key: string; generated_at: Date }>('select key, generated_at from bench_market_meta')
      .catch(() => ({ rows: [] as { key: string; generated_at: Date }[] }));
    return rows[0] && { key: rows[0].key, generatedAt: rows[0].generated_at };
  });
}

/** Drops and recreates bench_market, migrates it and generates the market; answers the seconds it took. */
async function generate(serverUrl: string, plan: Plan, log: (m: string) => void): Promise<number> {
  const started = performance.now();
  await withClient(serverUrl, async (c) => {
    await c.query(`drop database if exists ${DATABASE} with (force)`);
    await c.query(createDatabaseSql(DATABASE));
  });
  const db = await createDb({ kind: 'postgres', url: marketUrl(serverUrl) });
  await migrate(db);
  await db.close();
  await withClient(marketUrl(serverUrl), async (c) => {
    await c.query(`set session_replication_role = replica`);
    await c.query(`set maintenance_work_mem = '512MB'`);
    await c.query(`set work_mem = '256MB'`);
    await withoutSecondaryIndexes(c, async () => {
      for (const statement of generationSql(plan)) {
        const t = performance.now();
        await c.query(statement);
        log(
          `  ${statement.replace(/\s+/g, ' ').slice(0, 70)}… ${((performance.now() - t) / 1000).toFixed(1)} s`,
        );
      }
    });
    await c.query(
      `create table bench_market_meta (key text not null, generated_at timestamptz not null)`,
    );
    await c.query(`insert into bench_market_meta values ($1, now())`, [marketKey(plan)]);
  });
  return (performance.now() - started) / 1000;
}

/**
 * Moves every time of a stored market forward by its age, so "the last day" holds the same trades
 * as on the day it was generated (triggers off: no cached figure depends on a time).
 */
async function shiftTimes(url: string): Promise<void> {
  await withClient(url, async (c) => {
    await c.query(`set session_replication_role = replica`);
    await c.query('begin');
    await c.query(
      `create temporary table age as select now() - generated_at as d from bench_market_meta`,
    );
    await c.query(`update orderbook set listed_at = listed_at + (select d from age),
      closed_at = closed_at + (select d from age), created_at = created_at + (select d from age)`);
    await c.query(`update trade_history set created_at = created_at + (select d from age)`);
    await c.query(`update collections set created_at = created_at + (select d from age)`);
    await c.query(`update bench_market_meta set generated_at = now()`);
    await c.query('commit');
  });
}

export interface PreparedMarket {
  url: string;
  /** Seconds spent generating, or undefined when a stored market was reused. */
  generatedSeconds: number | undefined;
}

export async function prepareMarket(
  serverUrl: string,
  plan: Plan,
  options: { regenerate: boolean; log: (m: string) => void },
): Promise<PreparedMarket> {
  const url = marketUrl(serverUrl);
  const stored = options.regenerate ? undefined : await storedMarket(serverUrl);
  let generatedSeconds: number | undefined;
  if (stored?.key === marketKey(plan)) {
    const ageHours = (Date.now() - stored.generatedAt.getTime()) / 3_600_000;
    options.log(`reusing ${DATABASE} (generated ${ageHours.toFixed(1)} h ago)`);
    if (ageHours > 1) {
      options.log('moving its times forward to now');
      await shiftTimes(url);
    }
  } else {
    options.log(`generating ${DATABASE}: ${JSON.stringify(plan)}`);
    generatedSeconds = await generate(serverUrl, plan, options.log);
  }
  // autovacuum may be off: the visibility map (index-only scans) and statistics are ours to set.
  await withClient(url, (c) => c.query('vacuum analyze'));
  return { url, generatedSeconds };
}
