import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../../../apps/server/src/db/create-db.ts';
import { createDatabaseSql } from '../bench-database.ts';

/** Where a phase finds its database: a PostgreSQL database by URL, or a PGlite data dir. */
export type BenchDbSpec = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export interface BenchDatabase {
  spec: BenchDbSpec;
  drop(): Promise<void>;
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

/** A fresh, empty database of its own for one benchmark run, removed by drop(). */
export async function createBenchDatabase(
  kind: BenchDbSpec['kind'],
  adminUrl: string,
): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-bench-pglite-'));
    return {
      spec: { kind, dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // [a-z0-9_] only, so the name needs no quoting beyond the double quotes.
  const name = `om_bench_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, createDatabaseSql(name));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    spec: { kind, url: url.toString() },
    drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export function openBenchDb(spec: BenchDbSpec): Promise<Db> {
  return spec.kind === 'pglite'
    ? createDb({ kind: 'pglite', dataDir: spec.dataDir })
    : createDb({ kind: 'postgres', url: spec.url });
}
