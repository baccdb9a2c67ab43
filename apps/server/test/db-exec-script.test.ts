import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// A script (migrations, pg-boss's maintenance) must never land inside another caller's
// transaction: on PGlite's single session it would be rolled back with it (ADR 023).
describe.each(databaseKinds())('db.execScript beside a transaction (%s)', (kind) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('waits for the transaction instead of running inside it', async () => {
    db = await createTestDb(kind);
    const { kysely } = db;
    let scriptRan: Promise<void> | undefined;
    const failing = kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      scriptRan = db!.execScript(
        'CREATE TABLE script_made (a int); INSERT INTO script_made VALUES (1);',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back on purpose');
    });
    await expect(failing).rejects.toThrow('rolled back on purpose');
    await scriptRan;
    const { rows } = await sql<{ a: number }>`select a from script_made`.execute(kysely);
    expect(rows).toEqual([{ a: 1 }]);
  });

  it('rolls a failed script back and leaves the database usable', async () => {
    db = await createTestDb(kind);
    await expect(
      db.execScript('BEGIN; CREATE TABLE half_made (a int); SELECT no_such_column; COMMIT;'),
    ).rejects.toThrow();
    const { rows } = await sql<{
      n: string;
    }>`select count(*)::text as n from pg_tables where tablename = 'half_made'`.execute(db.kysely);
    expect(rows[0]?.n).toBe('0');
  });
});
