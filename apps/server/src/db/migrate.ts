import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './create-db.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** The numbered .sql files in order: 0001_init.sql, 0002_....sql. */
export function listMigrations(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/**
 * Applies every migration not applied yet, each in its own transaction, in order. Forward only.
 * An advisory lock makes concurrent server processes on one PostgreSQL wait for each other. A PGlite
 * data dir initdb has just made is then saved as the template for the next (pglite-template.ts).
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.execScript(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set(
    (
      await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db.kysely)
    ).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const { version, file } of listMigrations(dir)) {
    if (done.has(version)) continue;
    const sql = fs.readFileSync(file, 'utf8');
    // Version names are [0-9a-z_] (checked by listMigrations), so quoting them inline is safe.
    await db
      .execScript(
        `
      BEGIN;
      SELECT pg_advisory_xact_lock(7265736);
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = '${version}') THEN
          RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'om:already-applied';
        END IF;
      END $$;
      ${sql}
      ;
      INSERT INTO schema_migrations (version) VALUES ('${version}');
      COMMIT;
    `,
      )
      .then(
        () => applied.push(version),
        (err: unknown) => {
          // Another process applied it between our read and our lock: nothing to do.
          if (err instanceof Error && err.message.includes('om:already-applied')) return;
          throw new Error(
            `Migration ${version} failed: ${err instanceof Error ? err.message : String(err)}`,
          );
        },
      );
  }
  // Only our own migrations make a template: a test's own directory is some other schema.
  if (dir === MIGRATIONS_DIR) await db.saveTemplate?.();
  return applied;
}
