import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { listMigrations } from '../src/db/schema-files.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

/** The tables product.md#market-calls names, and the document-store collections kept as tables. */
const SPEC_TABLES = [
  'addresses',
  'collections',
  'inscriptions',
  'attributes',
  'auctions',
  'launchpads',
  'launchpad_phases',
  'psbt_batches',
  'orderbook',
  'trade_history',
  'external_volume_data',
  'users',
  'profiles',
  'orders',
  'notifications',
  'pools',
  'rewards',
  'auth_challenges',
];

describe.each(databaseKinds())('migrations on %s', (kind) => {
  it('create every table of the spec, once, and a second run applies nothing', async () => {
    const db = await createTestDb(kind);
    try {
      const tables = await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(
        db.kysely,
      );
      const names = tables.rows.map((r) => r.table_name);
      for (const table of SPEC_TABLES) expect(names).toContain(table);
      expect(await migrate(db)).toEqual([]);
      const applied = await sql<{
        version: string;
      }>`SELECT version FROM schema_migrations ORDER BY version`.execute(db.kysely);
      expect(applied.rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
    } finally {
      await db.close();
    }
  });

  it('keep sats exact: int8 comes back as a decimal string on both databases', async () => {
    const db = await createTestDb(kind);
    try {
      const row = await sql<{ big: string }>`SELECT 9007199254740993::int8 AS big`.execute(
        db.kysely,
      );
      expect(row.rows[0]?.big).toBe('9007199254740993');
    } finally {
      await db.close();
    }
  });
});
