import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.ts';
import {
  pgliteTemplatePath,
  unpackDataDir,
  savePgliteTemplate,
  initdbOutputPath,
} from './pglite-template.ts';

export type DbKind = 'pglite' | 'postgres';

/** The database handle every part of the server receives. */
export interface Db {
  kysely: Kysely<Database>;
  kind: DbKind;
  /** Runs a multi-statement SQL script (migrations) on one connection, rolled back on error; not for values. */
  execScript(sql: string): Promise<void>;
  /** The schema the tables live in ('public' unless a test isolates itself). */
  schema: string;
  /**
   * LISTENs on a channel; the handler gets each NOTIFY payload after its transaction commits.
   * On PostgreSQL a dedicated connection reconnects by itself. Answers the unsubscribe.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite, a data dir initdb just made: saved as the template once migrate() has fully migrated it. */
  saveTemplate?(): Promise<void>;
}

const INT8_OID = 20;

export type DbOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** A fresh data dir's template (pglite-template.ts): default the cache's; false: none, initdb. */
      template?: string | false;
    }
  | { kind: 'postgres'; url: string; schema?: string; maxConnections?: number };

export async function createDb(options: DbOptions): Promise<Db> {
  return options.kind === 'pglite' ? createPglite(options) : createPostgres(options);
}

/**
 * Opens PGlite. A fresh data dir is unpacked from the template when there is one; else from the
 * initdb output made at install (or, without one, initdb makes it), and `saveTemplate` is
 * there for migrate() to call once it is fully migrated
 * (pglite-template.ts says why).
 */
async function openPglite(
  dataDir: string | undefined,
  template: string | false | undefined,
): Promise<{ client: PGlite; saveTemplate?: () => Promise<void> }> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const isFresh = dataDir !== undefined && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const file = isFresh && template !== false ? (template ?? pgliteTemplatePath()) : undefined;
  const migrated = file !== undefined && fs.existsSync(file);
  // No migrated template yet: PGlite's initdb output made at install, migrated from scratch (and
  // then saved as the template); with neither, PGlite's initdb makes the dir.
  const tarball = !file ? undefined : migrated ? file : existingFile(initdbOutputPath());
  if (dataDir && tarball) await unpackDataDir(tarball, dataDir);
  // int8 as a decimal string, exactly as node-postgres returns it: PGlite's default is a lossy number.
  // (The options-object form: PGlite ignores a second argument when the data dir is undefined.)
  const client = new PGlite({
    dataDir,
    parsers: { [INT8_OID]: (value: string) => value },
  });
  await client.waitReady;
  if (!file || migrated) return { client };
  let isSaved = false;
  const saveTemplate = async () => {
    if (!isSaved) await savePgliteTemplate(client, file);
    isSaved = true;
  };
  return { client, saveTemplate };
}

const existingFile = (file: string) => (fs.existsSync(file) ? file : undefined);

async function createPglite(options: { dataDir?: string; template?: string | false }): Promise<Db> {
  const { client, saveTemplate } = await openPglite(options.dataDir, options.template);
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    kysely,
    kind: 'pglite',
    schema: 'public',
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      return () => unlisten();
    },
    // On the dialect's one connection, held for the script: PGlite has a single session, so a
    // script run beside it could land inside another caller's transaction (ADR 023).
    execScript: (sql) =>
      kysely.connection().execute(async () => {
        try {
          await client.exec(sql);
        } catch (err) {
          await client.exec('ROLLBACK');
          throw err;
        }
      }),
    close: () => kysely.destroy(),
    ...(saveTemplate ? { saveTemplate } : {}),
  };
}

async function createPostgres(options: {
  url: string;
  schema?: string;
  maxConnections?: number;
}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    // A per-test-file schema keeps integration test files isolated on one server.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  if (options.schema) {
    const client = await pool.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    } finally {
      client.release();
    }
  }
  // The tables' schema: the test's own, or the first of the URL's search_path that exists (a
  // deployment may set `options=-c search_path=...`). The market's and the cluster's channels are
  // named after it, as the triggers name theirs after current_schema().
  const schema = options.schema ?? (await currentSchema(pool));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    kind: 'postgres',
    schema,
    listen: (channel, handler) => listenWithReconnect(options.url, channel, handler),
    // A query without values goes through the simple protocol, which accepts several statements;
    // a failed script leaves its transaction aborted, so roll back on that same connection.
    execScript: async (sql) => {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => kysely.destroy(),
  };
}

async function currentSchema(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ schema: string | null }>('select current_schema() as schema');
  return rows[0]?.schema ?? 'public';
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * LISTEN on its own client (a pooled connection would lose the subscription when released).
 * A dropped connection is reopened after a second; notifications sent meanwhile are lost, which
 * the pages cover by refetching on the next block or event.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  handler: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handler(msg.payload);
    });
    next.on('error', () => {
      void next.end().catch(() => undefined);
      if (!stopped && client === next)
        retry = setTimeout(() => void reconnect(), RECONNECT_DELAY_MS);
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    client = next;
  };
  const reconnect = async (): Promise<void> => {
    try {
      await connect();
    } catch {
      if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_DELAY_MS);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
