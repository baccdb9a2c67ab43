import fs from 'node:fs';
import { sql } from 'kysely';
import type { Db } from './create-db.ts';
import { FUNCTIONS_DIR, listFunctions, listMigrations, MIGRATIONS_DIR } from './schema-files.ts';

/** Taken by every change of the schema, so concurrent server processes wait for each other. */
const SCHEMA_LOCK = 7265736;

/**
 * Applies every migration not applied yet, each in its own transaction, in order (forward only),
 * then every function file whose checksum changed (ADR 024). An advisory lock makes concurrent
 * server processes on one PostgreSQL wait for each other. A PGlite data dir initdb has just made
 * is then saved as the template for the next (pglite-template.ts). A test's own migrations
 * directory is some other schema: its functions are applied only when it names their directory.
 */
export async function migrate(
  db: Db,
  dir = MIGRATIONS_DIR,
  functionsDir: string | undefined = dir === MIGRATIONS_DIR ? FUNCTIONS_DIR : undefined,
): Promise<string[]> {
  // schema_function_calls: statements a migration's data move leaves for once the functions are in
  // place (`select rebuild_collection_stats()`), in the migration's own transaction.
  await db.execScript(`
    CREATE TABLE IF NOT EXISTS schema_migrations
      (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, checksum text NOT NULL);
    CREATE TABLE IF NOT EXISTS schema_function_calls (statement text PRIMARY KEY);
  `);
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
      SELECT pg_advisory_xact_lock(${SCHEMA_LOCK});
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
  if (functionsDir) await applyFunctions(db, functionsDir);
  // Only our own migrations make a template: a test's own directory is some other schema.
  if (dir === MIGRATIONS_DIR) await db.saveTemplate?.();
  return applied;
}

/**
 * Applies the function files whose checksum differs from the one recorded (all of them on a
 * database that never had them), then the calls migrations left, in one transaction under the
 * schema lock; answers the names applied. A file is `CREATE OR REPLACE` plus `DROP TRIGGER IF
 * EXISTS`/`CREATE TRIGGER`, so a process that waited for the lock and applies the same files again
 * changes nothing. Bodies are checked when called, not when created (as pg_dump restores them), so
 * files apply in name order whatever calls what; the db-functions test checks every body.
 */
export async function applyFunctions(db: Db, dir = FUNCTIONS_DIR): Promise<string[]> {
  const files = listFunctions(dir);
  const recorded = new Map(
    (
      await sql<{
        name: string;
        checksum: string;
      }>`SELECT name, checksum FROM schema_functions`.execute(db.kysely)
    ).rows.map((r) => [r.name, r.checksum]),
  );
  const changed = files.filter((f) => recorded.get(f.name) !== f.checksum);
  // A file removed: its function was dropped by a migration (ADR 024); forget its checksum.
  const removed = [...recorded.keys()].filter((name) => !files.some((f) => f.name === name));
  const calls = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM schema_function_calls`.execute(db.kysely);
  if (changed.length === 0 && removed.length === 0 && calls.rows[0]?.n === 0) return [];
  // Names are [a-z0-9_] and checksums hex (listFunctions), so quoting them inline is safe.
  const forget = ['', ...removed].map((name) => `'${name}'`).join(', ');
  const records = changed.map((f) => `('${f.name}', '${f.checksum}')`).join(', ');
  const record = records
    ? `INSERT INTO schema_functions (name, checksum) VALUES ${records}
         ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum;`
    : '';
  await db
    .execScript(
      `
      BEGIN;
      SELECT pg_advisory_xact_lock(${SCHEMA_LOCK});
      SET LOCAL check_function_bodies = off;
      ${changed.map((f) => `${f.sql}\n;`).join('\n')}
      DELETE FROM schema_functions WHERE name IN (${forget});
      ${record}
      DO $om$ DECLARE s text; BEGIN
        FOR s IN SELECT statement FROM schema_function_calls ORDER BY statement LOOP
          EXECUTE s;
        END LOOP;
        DELETE FROM schema_function_calls;
      END $om$;
      COMMIT;
    `,
    )
    .catch((err: unknown) => {
      const names = changed.map((f) => f.name).join(', ');
      throw new Error(
        `Functions ${names} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    });
  return changed.map((f) => f.name);
}
