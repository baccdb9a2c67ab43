import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// The files the schema is made of: the numbered migrations and the function files (ADR 024),
// read by migrate() and by the PGlite template's key.

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
export const FUNCTIONS_DIR = path.join(import.meta.dirname, 'functions');

/** The numbered .sql files in order: 0001_init.sql, 0002_....sql. */
export function listMigrations(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/** The function files (functions/<name>.sql, one function and its triggers each), by name. */
export function listFunctions(
  dir = FUNCTIONS_DIR,
): { name: string; file: string; sql: string; checksum: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^[a-z][a-z0-9_]*\.sql$/.test(f))
    .sort()
    .map((f) => {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      return { name: f.replace(/\.sql$/, ''), file: path.join(dir, f), sql: text, checksum };
    });
}
