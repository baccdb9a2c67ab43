import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RegtestNode } from '../../src/chain/bitcoind.ts';
import { RegtestFaucet } from '../../src/chain/regtest-faucet.ts';
import { createDb, type Db, type DbKind } from '../../src/db/create-db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { jobSchemaOf } from '../../src/jobs/job-queue.ts';
import { freePort, type TestNode } from './regtest.ts';

// What the kill -9 tests share (claim-crash, inscription-service-crash, edition-crash): a node of
// their own that a spawned server (server-child.ts) can be pointed at, one database the test and
// the server take turns on, and waits that mine a block now and then.

export type CrashNode = TestNode & { rpcUrl: string };

/** A regtest node on a known port, so that a spawned server can be pointed at it. */
export async function startCrashNode(): Promise<CrashNode> {
  const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-regtest-'));
  const rpcPort = await freePort();
  const regtest = new RegtestNode({ datadir, rpcPort });
  await regtest.start();
  const faucet = new RegtestFaucet(regtest.rpc);
  await faucet.wallet();
  const cookie = fs.readFileSync(path.join(datadir, 'regtest/.cookie'), 'utf8').trim();
  return {
    node: regtest,
    faucet,
    datadir,
    rpcUrl: `http://${cookie}@127.0.0.1:${rpcPort}`,
    stop: async () => {
      await regtest.stop();
      fs.rmSync(datadir, { recursive: true, force: true });
    },
  };
}

/** One database the test process and the spawned server take turns on. */
export type Store = { open(): Promise<Db>; env: Record<string, string>; drop(): Promise<void> };

/** A store named `name` (its data directory and PostgreSQL schema), the server's env with `env`. */
export function storeFor(
  kind: DbKind,
  node: CrashNode,
  env: Record<string, string>,
  name: string,
  maxConnections = 4,
): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `om-${name}-`));
  const url = process.env.TEST_DATABASE_URL;
  const base = { DATA_DIR: dataDir, BITCOIND_RPC_URL: node.rpcUrl, ...env };
  if (kind === 'pglite' || !url) {
    return {
      open: async () => {
        const db = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
        await migrate(db);
        return db;
      },
      env: { ...base, DATABASE_URL: '' },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `${name.replaceAll('-', '_')}_${Date.now().toString(36)}`;
  const open = async () => {
    const db = await createDb({ kind: 'postgres', url, schema, maxConnections });
    await migrate(db);
    return db;
  };
  const separator = url.includes('?') ? '&' : '?';
  return {
    open,
    env: { ...base, DATABASE_URL: `${url}${separator}options=-c%20search_path%3D${schema}` },
    drop: async () => {
      const db = await open();
      await db.execScript(`DROP SCHEMA "${schema}" CASCADE`);
      await db.execScript(`DROP SCHEMA IF EXISTS "${jobSchemaOf(schema)}" CASCADE`);
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether the node has the transaction, in its mempool or a block (-txindex). */
export async function isKnown(node: TestNode, txid: string): Promise<boolean> {
  return node.node.rpc.call('getrawtransaction', [txid, 1]).then(
    () => true,
    () => false,
  );
}

/** Waits for `check`, mining a block now and then: each block is an event the server acts on. */
export async function untilWithBlocks(
  node: TestNode,
  check: () => Promise<boolean>,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await node.faucet.mine(1);
    await sleep(1_000);
  }
}

/** A request to a server that may die answering it: its status, or 'killed'. */
export async function send(
  method: 'PUT' | 'POST',
  baseUrl: string,
  url: string,
  body: object,
  token?: string,
): Promise<number | 'killed'> {
  return fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  }).then(
    (r) => r.status,
    () => 'killed' as const,
  );
}
