import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { collationAdvice } from '../src/db/collation.ts';
import { createDb } from '../src/db/create-db.ts';

// The server warns at start when its PostgreSQL compares text through a locale (main.ts).

describe('collationAdvice', () => {
  it('has nothing to say about PGlite, whose database is collation C', async () => {
    const db = await createDb({ kind: 'pglite' });
    try {
      expect(await collationAdvice(db)).toBeUndefined();
    } finally {
      await db.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url).each([
    ['C', undefined],
    ['C.UTF-8', 'has collation C.UTF-8: create it with'],
  ])('on a PostgreSQL database of collation %s', async (collate, advice) => {
    const name = `om_collation_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `create database "${name}" template template0 lc_collate '${collate}' lc_ctype 'C.UTF-8'`,
      );
      const target = new URL(url!);
      target.pathname = `/${name}`;
      const db = await createDb({ kind: 'postgres', url: target.toString() });
      try {
        const said = await collationAdvice(db);
        if (advice === undefined) expect(said).toBeUndefined();
        else expect(said).toContain(`database "${name}" ${advice}`);
      } finally {
        await db.close();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
