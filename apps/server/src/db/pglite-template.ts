import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { listFunctions, listMigrations } from './schema-files.ts';

// Why a template (product.md#scale-and-delivery): PGlite's initdb runs a second, in-memory PGlite
// beside the one being opened and copies its result over, so creating a data dir holds two
// PostgreSQL heaps at once and peaks at about 900 MB; unpacking a data dir (`unpackDataDir`) holds
// one, about 450 MB, and our migrations on top add about 60 more. So the first data dir, unpacked
// from PGlite's initdb output made at install, and fully migrated by migrate(), is dumped
// here, and a later fresh one is unpacked from it, already migrated. The key is the PGlite version and every migration's and function file's name
// and text: a new or changed migration or function (or PGlite) means a new template, made the old
// way once (from the install's initdb output, or by initdb when there is none). An existing data dir never sees a template; it just migrates. In-memory databases
// (tests) keep initdb: their migrations may be a test's own.

const PGLITE_PACKAGE = path.resolve(
  path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
  '../package.json',
);
const CACHE_DIR = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/om-pglite');

/** The installed PGlite's version. */
export function pgliteVersion(): string {
  return (JSON.parse(fs.readFileSync(PGLITE_PACKAGE, 'utf8')) as { version: string }).version;
}

/**
 * PGlite's own initdb output for the installed PGlite, made at install (`npm install` runs
 * `npm run db:pglite-initdb`, a process of its own), so that even the first data dir of a fresh
 * clone is unpacked, one heap, instead of initdb'd, two: the migrations then run on it and it
 * becomes the template. Kept beside the templates, it follows a PGlite upgrade by itself; an
 * install without scripts has none, and the first start runs initdb as before.
 */
export function initdbOutputPath(version = pgliteVersion(), cacheDir = CACHE_DIR): string {
  return path.join(cacheDir, `initdb-${version}.tar.gz`);
}

/** Where the template for the installed PGlite, migrations and functions is (or will be). */
export function pgliteTemplatePath(cacheDir = CACHE_DIR): string {
  const version = pgliteVersion();
  const hash = createHash('sha256').update(version);
  for (const { version: name, file } of listMigrations()) {
    hash.update(`\0${name}\0`).update(fs.readFileSync(file));
  }
  for (const { name, sql } of listFunctions()) hash.update(`\0functions/${name}\0`).update(sql);
  return path.join(cacheDir, `migrated-${version}-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/**
 * Unpacks a data dir tarball (a template, or PGlite's initdb output) into `dataDir`, streamed from
 * disk: PGlite's own `loadDataDir` holds the whole tarball, unpacked (about 44 MB), in memory
 * beside PostgreSQL's heap, which put a first start about 45 MB above a restart's peak. PGlite
 * then opens the dir as it opens an existing one. PG_VERSION, what marks a data dir as made, is
 * written last, so a start killed midway leaves a dir that the next start unpacks again.
 */
export async function unpackDataDir(file: string, dataDir: string): Promise<void> {
  const isMarker = (entry: string) => entry.replace(/^\/+/, '') === 'PG_VERSION';
  await tar.x({ file, cwd: dataDir, filter: (entry) => !isMarker(entry) });
  await tar.x({ file, cwd: dataDir, filter: isMarker });
}

/**
 * Saves a data dir just created and fully migrated as the template. A CHECKPOINT first, so the
 * copy needs no WAL replay; written to a temporary name, then renamed, so a reader sees a whole
 * tarball or none. The template only saves memory and time, so a cache that cannot be written
 * (a read-only install) leaves things as they were.
 */
export async function savePgliteTemplate(client: PGlite, file: string): Promise<void> {
  await client.exec('CHECKPOINT');
  const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temporary, tarball);
    fs.renameSync(temporary, file);
  } catch (err) {
    fs.rmSync(temporary, { force: true });
    const code = err instanceof Error && 'code' in err ? String(err.code) : '';
    if (code !== 'EACCES' && code !== 'EROFS') throw err;
  }
}

/** Writes PGlite's own initdb output for the installed PGlite where initdbOutputPath says. */
export async function writeInitdbOutput(file = initdbOutputPath()): Promise<number> {
  const client = await PGlite.create();
  await client.exec('CHECKPOINT');
  const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  await client.close();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Whole or absent, as the templates: a reader never unpacks half a tarball.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, tarball);
  fs.renameSync(temporary, file);
  return tarball.length;
}
