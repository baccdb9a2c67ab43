import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { applyFunctions, migrate } from '../src/db/migrate.ts';
import { listFunctions, listMigrations } from '../src/db/schema-files.ts';
import { createTestDb, databaseKinds, emptyTestDb } from './helpers/test-app.ts';

// ADR 024: every function and trigger lives in one file of db/functions, applied after the
// migrations. The live schema must hold exactly what the files say, every body must be valid, and a
// database whose functions came from the migrations as they were before (825e4c3, the last commit
// with the definitions in migration history) must end identical to a fresh one.

const OLD_HISTORY = '825e4c3';
// The function files as first written from that history: a file changed since is left out of the
// comparison with the old definitions (the upgraded database must still end identical).
const FILES_AS_OF = '51bbc8f';
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const hasOldHistory = (() => {
  try {
    for (const commit of [OLD_HISTORY, FILES_AS_OF])
      execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], {
        cwd: repoRoot,
        stdio: 'ignore',
      });
    return true;
  } catch {
    return false; // a shallow clone: the upgrade case cannot be rebuilt here.
  }
})();

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** What the files declare: each file's function (named as the file) and its triggers. */
function declared(): { functions: string[]; triggers: string[] } {
  const functions: string[] = [];
  const triggers: string[] = [];
  for (const { name, sql: text } of listFunctions()) {
    const defined = [...text.matchAll(/^create or replace function (\w+)\(/gim)].map((m) => m[1]);
    expect(defined, `${name}.sql defines ${name} and nothing else`).toEqual([name]);
    for (const m of text.matchAll(
      /^create trigger (\w+)[^;]*? on (\w+)[^;]*?execute function (\w+)\(/gims,
    )) {
      expect(m[3], `trigger ${m[1]} in ${name}.sql`).toBe(name);
      const drop = new RegExp(`^drop trigger if exists ${m[1]} on ${m[2]};`, 'im');
      expect(text, `${name}.sql drops ${m[1]} before creating it`).toMatch(drop);
      triggers.push(`${m[2]}.${m[1]}`);
    }
  }
  return {
    functions: functions.concat(listFunctions().map((f) => f.name)).sort(),
    triggers: triggers.sort(),
  };
}

/** The schema as text without its name: columns, constraints, indexes, types, routines, triggers. */
async function schemaOf(
  db: Db,
): Promise<{ functions: string[]; triggers: string[]; all: string[] }> {
  const { rows } = await sql<{ kind: string; name: string; item: string }>`
    SELECT 'function' AS kind, p.proname AS name, pg_get_functiondef(p.oid) AS item
    FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
    UNION ALL SELECT 'trigger', c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
    UNION ALL SELECT 'column', table_name || '.' || column_name,
      format('%s %s %s', data_type, is_nullable, column_default)
    FROM information_schema.columns WHERE table_schema = current_schema()
    UNION ALL SELECT 'constraint', conrelid::regclass::text || '.' || conname,
      pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT 'index', indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema()
    UNION ALL SELECT 'type', t.typname, coalesce(string_agg(
      a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum), '')
    FROM pg_type t JOIN pg_class c ON c.oid = t.typrelid AND c.relkind = 'c'
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0
    WHERE t.typnamespace = current_schema()::regnamespace GROUP BY t.typname
    ORDER BY 1, 2, 3`.execute(db.kysely);
  const prefix = `${db.schema}.`;
  const text = (s: string) => s.replaceAll(`"${db.schema}".`, '').replaceAll(prefix, '');
  const all = rows.map((r) => `${r.kind} ${text(r.name)}: ${text(r.item)}`);
  return {
    functions: rows
      .filter((r) => r.kind === 'function')
      .map((r) => r.name)
      .sort(),
    triggers: rows
      .filter((r) => r.kind === 'trigger')
      .map((r) => r.name)
      .sort(),
    all,
  };
}

/** The function files changed (or removed) since `commit`, by name. */
function filesChangedSince(commit: string): Set<string> {
  const names = execFileSync(
    'git',
    ['diff', '--name-only', commit, '--', 'apps/server/src/db/functions/'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return new Set(
    names
      .split('\n')
      .filter((f) => f.endsWith('.sql'))
      .map((f) => path.basename(f, '.sql')),
  );
}

/** The migrations of OLD_HISTORY up to `below` (exclusive), in a directory of their own. */
function oldMigrations(below = '9999'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-old-migrations-'));
  temporary.push(dir);
  const listing = execFileSync(
    'git',
    ['ls-tree', '--name-only', OLD_HISTORY, 'apps/server/src/db/migrations/'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  for (const file of listing.split('\n').filter((f) => f.endsWith('.sql'))) {
    if (path.basename(file) >= below) continue;
    const text = execFileSync('git', ['show', `${OLD_HISTORY}:${file}`], { cwd: repoRoot });
    fs.writeFileSync(path.join(dir, path.basename(file)), text);
  }
  return dir;
}

describe.each(databaseKinds())('db functions on %s', (kind) => {
  let fresh: string[] = [];

  it('are exactly the files: each function and trigger of the schema has one', async () => {
    const db = await createTestDb(kind);
    try {
      const files = declared();
      const schema = await schemaOf(db);
      expect(schema.functions).toEqual(files.functions);
      expect(schema.triggers).toEqual(files.triggers);
      fresh = schema.all;
    } finally {
      await db.close();
    }
  });

  it('have valid bodies, and applying the files again changes nothing', async () => {
    const db = await createTestDb(kind);
    try {
      const before = await schemaOf(db);
      // With check_function_bodies on (the default), a SQL function's body is planned when created.
      const files = listFunctions().map((f) => `${f.sql}\n;`);
      await db.execScript(
        `BEGIN; SET LOCAL check_function_bodies = on; ${files.join('\n')} COMMIT;`,
      );
      expect((await schemaOf(db)).all).toEqual(before.all);
    } finally {
      await db.close();
    }
  });

  it('apply again only when their file changed, and forget a removed file', async () => {
    const db = await createTestDb(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-functions-'));
    temporary.push(dir);
    try {
      expect(await applyFunctions(db)).toEqual([]);
      for (const f of listFunctions())
        fs.copyFileSync(f.file, path.join(dir, path.basename(f.file)));
      fs.appendFileSync(path.join(dir, 'escape_like.sql'), '-- changed\n');
      expect(await applyFunctions(db, dir)).toEqual(['escape_like']);
      expect(await applyFunctions(db, dir)).toEqual([]);
      fs.rmSync(path.join(dir, 'escape_like.sql'));
      expect(await applyFunctions(db, dir)).toEqual([]);
      const { rows } = await sql<{
        name: string;
      }>`SELECT name FROM schema_functions ORDER BY name`.execute(db.kysely);
      expect(rows.map((r) => r.name)).toEqual(listFunctions(dir).map((f) => f.name));
    } finally {
      await db.close();
    }
  });

  it.skipIf(!hasOldHistory)(
    `end identical on a database migrated with the history of ${OLD_HISTORY}`,
    async () => {
      const db = await emptyTestDb(kind);
      try {
        const old = oldMigrations();
        expect(await migrate(db, old)).toEqual(listMigrations(old).map((m) => m.version));
        // The old history created every function and trigger itself, as the files (unchanged
        // since they were written from it) do.
        const changed = filesChangedSince(FILES_AS_OF);
        const owner = (line: string) =>
          /^function (\w+):/.exec(line)?.[1] ?? /EXECUTE FUNCTION (\w+)\(/.exec(line)?.[1] ?? '';
        const routines = (all: string[]) =>
          all.filter((line) => /^(function|trigger) /.test(line) && !changed.has(owner(line)));
        expect(routines((await schemaOf(db)).all)).toEqual(routines(fresh));
        const oldVersions = new Set(listMigrations(old).map((m) => m.version));
        const newer = listMigrations().filter((m) => !oldVersions.has(m.version));
        expect(await migrate(db)).toEqual(newer.map((m) => m.version));
        expect((await schemaOf(db)).all).toEqual(fresh);
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM schema_functions`.execute(db.kysely);
        expect(rows[0]?.n).toBe(listFunctions().length);
      } finally {
        await db.close();
      }
    },
  );

  // A database left at an older version of the old history, with rows, upgrades through the new
  // migrations: the data moves that called functions (0003, 0006, 0011) leave their rebuild for
  // once the functions are in place, and the caches end as a rebuild makes them.
  it.skipIf(!hasOldHistory).each(['0003', '0006', '0011'])(
    'rebuild the caches of a database of the old history before %s',
    async (below) => {
      const db = await emptyTestDb(kind);
      try {
        await migrate(db, oldMigrations(below));
        const k = db.kysely;
        await sql`insert into collections (slug, name) values ('up', 'Up')`.execute(k);
        await sql`insert into inscriptions (inscription_id, collection_id)
          select 'a' || n || repeat('0', 62) || 'i0', c.id
          from collections c, generate_series(1, 3) n`.execute(k);
        await sql`insert into attributes (inscription_id, collection_id, category, value)
          select inscription_id, collection_id, 'Eyes',
            case when inscription_id like 'a1%' then 'Red' else 'Blue' end
          from inscriptions`.execute(k);
        await sql`insert into orderbook (inscription_id, collection_id, status, price, outpoint,
            output_value, maker_payment_address, maker_ordinal_address, listed_at)
          select inscription_id, collection_id, 'active', 5000, repeat('b', 64) || ':0', 10000,
            'bc1qpay',
            'bc1pord', now() from inscriptions where inscription_id like 'a2%'`.execute(k);

        await migrate(db);
        const caches = async () =>
          (
            await sql<{ row: string }>`
              select format('stats %s %s %s %s %s %s', supply, listed, floor_price, owners,
                next_slot,
                listed_bits) as row from collection_stats
              union all select format('item %s %s', inscription_id, slot) from collection_items
              union all select format('bits %s %s %s', category, value, bits)
              from collection_trait_bits
              union all select format('pending %s', statement) from schema_function_calls
              order by 1`.execute(k)
          ).rows.map((r) => r.row);
        const upgraded = await caches();
        expect(upgraded).toEqual([
          'bits Eyes Blue 011',
          'bits Eyes Red 1',
          `item a1${'0'.repeat(62)}i0 0`,
          `item a2${'0'.repeat(62)}i0 1`,
          `item a3${'0'.repeat(62)}i0 2`,
          'stats 3 1 5000 0 3 01',
        ]);
        await sql`select rebuild_collection_stats()`.execute(k);
        expect(await caches()).toEqual(upgraded);
      } finally {
        await db.close();
      }
    },
  );
});
