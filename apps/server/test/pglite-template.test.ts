import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/create-db.ts';
import { migrate } from '../src/db/migrate.ts';
import { initdbOutputPath, pgliteVersion, unpackDataDir } from '../src/db/pglite-template.ts';
import { listMigrations } from '../src/db/schema-files.ts';

// product.md#scale-and-delivery: a fresh PGlite data dir is unpacked from a template
// (pglite-template.ts) rather than initdb'd; the first one, from PGlite's initdb output made at
// install. One made either way must be exactly one made by initdb, fully migrated; a data dir that already exists must never be replaced by it, and still
// migrates what it lacks. PGlite only: the template is PGlite's, whatever TEST_DATABASE_URL says.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'om-pglite-template-'));
const template = path.join(root, 'cache', 'template.tar.gz');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const allVersions = listMigrations().map((m) => m.version);

async function appliedVersions(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    version: string;
  }>`SELECT version FROM schema_migrations ORDER BY version`.execute(db.kysely);
  return rows.map((r) => r.version);
}

/** Everything the migrations create in the schema, as text: columns, constraints, indexes, functions, triggers, views. */
async function schemaOf(db: Db): Promise<string[]> {
  const { rows } = await sql<{ item: string }>`
    SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable,
      column_default) AS item
    FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT format('constraint %s %s %s', conrelid::regclass, conname,
      pg_get_constraintdef(oid)) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT format('function %s %s', p.oid::regprocedure, md5(p.prosrc))
    FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL SELECT format('trigger %s', pg_get_triggerdef(t.oid)) FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
    UNION ALL SELECT format('view %s %s', viewname, md5(definition)) FROM pg_views
    WHERE schemaname = 'public'
    ORDER BY 1`.execute(db.kysely);
  return rows.map((r) => r.item);
}

describe('a fresh PGlite data dir from the template', () => {
  let oldWay: string[] = [];

  it("has PGlite's initdb output for the installed PGlite, made by npm install (npm run db:pglite-initdb)", () => {
    expect(
      fs.existsSync(initdbOutputPath()),
      `no initdb output for PGlite ${pgliteVersion()}`,
    ).toBe(true);
  });

  it('is saved once the initdb output made at install was unpacked and migrate() applied every migration', async () => {
    const db = await createDb({ kind: 'pglite', dataDir: path.join(root, 'a'), template });
    try {
      expect(fs.existsSync(template)).toBe(false);
      expect(await migrate(db)).toEqual(allVersions);
      expect(fs.existsSync(template)).toBe(true);
      oldWay = await schemaOf(db);
    } finally {
      await db.close();
    }
    expect(oldWay.length).toBeGreaterThan(100);
  });

  it('has every migration applied and the schema of a data dir made the old way', async () => {
    const db = await createDb({ kind: 'pglite', dataDir: path.join(root, 'b'), template });
    try {
      expect(await appliedVersions(db)).toEqual(allVersions);
      expect(await migrate(db)).toEqual([]);
      expect(await schemaOf(db)).toEqual(oldWay);
      // A working database, not a copy of a catalog: the triggers run and int8 stays a string.
      await sql`INSERT INTO users (address, public_key) VALUES ('bc1qtemplate', '02ab')`.execute(
        db.kysely,
      );
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(db.kysely);
      expect(rows[0]?.n).toBe('1');
    } finally {
      await db.close();
    }
  });

  it('is unpacked again after a start killed midway, PG_VERSION being written last', async () => {
    const dataDir = path.join(root, 'killed');
    fs.mkdirSync(dataDir);
    await unpackDataDir(template, dataDir);
    // What a kill before the last step leaves: every file of the template but the marker, one of
    // them cut short (the control file: PostgreSQL cannot start on it unless it is written again).
    fs.rmSync(path.join(dataDir, 'PG_VERSION'));
    fs.truncateSync(path.join(dataDir, 'global', 'pg_control'), 100);
    const db = await createDb({ kind: 'pglite', dataDir, template });
    try {
      expect(await appliedVersions(db)).toEqual(allVersions);
      expect(await schemaOf(db)).toEqual(oldWay);
    } finally {
      await db.close();
    }
  });

  it('leaves an existing data dir as it is, which still migrates what it lacks', async () => {
    const dataDir = path.join(root, 'c');
    const early = path.join(root, 'early-migrations');
    fs.mkdirSync(early);
    for (const m of listMigrations().slice(0, 3)) {
      fs.copyFileSync(m.file, path.join(early, path.basename(m.file)));
    }
    const before = await createDb({ kind: 'pglite', dataDir, template: false });
    await migrate(before, early);
    await sql`INSERT INTO users (address, public_key) VALUES ('bc1qexisting', '02cd')`.execute(
      before.kysely,
    );
    await before.close();

    const db = await createDb({ kind: 'pglite', dataDir, template });
    try {
      expect(await appliedVersions(db)).toEqual(allVersions.slice(0, 3));
      expect(await migrate(db)).toEqual(allVersions.slice(3));
      expect(await schemaOf(db)).toEqual(oldWay);
      const { rows } = await sql<{ address: string }>`SELECT address FROM users`.execute(db.kysely);
      expect(rows.map((r) => r.address)).toEqual(['bc1qexisting']);
    } finally {
      await db.close();
    }
  });
});
