/**
 * The statement that creates a bench's PostgreSQL database as README's "Running apart" says a
 * deployment's should be: collation C, as PGlite's (apps/server/src/db/collation.ts says why).
 * `name` is [a-z0-9_] only.
 */
export function createDatabaseSql(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a bench database name: ${name}`);
  return `CREATE DATABASE "${name}" TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`;
}
