import { sql } from 'kysely';
import type { Db } from './create-db.ts';

/**
 * Advice when the database compares text by a locale rather than byte by byte. PGlite's database
 * is created with collation C; a PostgreSQL one created with C.UTF-8 or another locale sorts UTF-8
 * text in the same order (code point order) but compares every text key (txids, inscription ids,
 * addresses) through the locale, which made indexing the bench chain 5 % slower
 * (docs/benchmarks.md, bench:indexer 2026-12-01). Undefined when it is C or POSIX.
 */
export async function collationAdvice(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ collate: string; name: string }>`
    select datcollate as collate, datname as name from pg_database
    where datname = current_database()`.execute(db.kysely);
  const row = rows[0];
  if (!row || row.collate === 'C' || row.collate === 'POSIX') return undefined;
  return (
    `database "${row.name}" has collation ${row.collate}: create it with ` +
    `"CREATE DATABASE ... TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'" ` +
    `(the same order, byte-wise comparisons: faster indexes)`
  );
}
