// Restart safety (ADR 005): the indexer runs in its own process, is SIGKILLed at random moments
// while it indexes a busy chain, is restarted each time, and must end with exactly the index that
// one uninterrupted run builds: no block, inscription, transfer or output lost or doubled.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type DbKind, type DbOptions } from '../src/db/create-db.ts';
import { mineBusyChain } from './helpers/busy-chain.ts';
import { consistent, dumpIndex, indexInvariants } from './helpers/index-dump.ts';
import type { IndexerChildConfig } from './helpers/indexer-child.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';
import { databaseKinds } from './helpers/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const CHILD = path.join(import.meta.dirname, 'helpers/indexer-child.ts');
const KILLS = 4;

interface ChildRun {
  /** Heights the child wrote, in order. */
  heights: number[];
  /** Whether SIGKILL ended it (not its own exit at the tip). */
  killed: boolean;
}

/** SIGKILLs the process group, unless it has already exited. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/**
 * Runs the child until "done", or SIGKILLs it `delayMs` after it reports writing a block at or
 * above `killFrom` (so most likely inside the next block's fetch or write transaction).
 */
function runChild(config: IndexerChildConfig, killFrom = Infinity, delayMs = 0): Promise<ChildRun> {
  // tsx runs the script in a node process of its own: a process group lets one SIGKILL take both.
  const child = spawn(TSX, [CHILD, JSON.stringify(config)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid as number;
  const run: ChildRun = { heights: [], killed: false };
  let isKillDue = false;
  let stderr = '';
  let buffered = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const height = /^block (\d+)$/.exec(line)?.[1];
      if (height === undefined) continue;
      run.heights.push(Number(height));
      if (Number(height) >= killFrom && !isKillDue) {
        isKillDue = true;
        void sleep(delayMs).then(() => killGroup(pid));
      }
    }
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => {
      run.killed = signal === 'SIGKILL';
      if (run.killed || code === 0) resolve(run);
      else reject(new Error(`indexer child exited with ${code ?? signal}: ${stderr}`));
    });
  });
}

const randomInt = (n: number) => Math.floor(Math.random() * n);

describe('restart safety: the indexer SIGKILLed while it indexes', () => {
  let chain: ScenarioChain;
  let firstBusy: number;
  let tip: number;
  const cleanups: (() => Promise<void>)[] = [];
  const childDatabases = new Map<DbKind, DbOptions>();

  beforeAll(async () => {
    // The children's databases are created (a PGlite data directory takes seconds) meanwhile.
    const prepared = Promise.all(
      databaseKinds().map(async (kind) => {
        const db = childDatabase(kind);
        childDatabases.set(kind, db);
        await runChild({ datadir: '', rpcPort: 0, db, prepareOnly: true });
      }),
    );
    chain = await ScenarioChain.start();
    firstBusy = (await chain.height()) + 1;
    const stats = await mineBusyChain(chain, 60, 3);
    expect(stats.envelopes).toBeGreaterThan(200);
    expect(stats.transfers).toBeGreaterThan(80);
    tip = await chain.height();
    await chain.sync(); // the clean runs: every database indexes the 60 blocks in one go
    await prepared;
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await chain?.stop();
  });

  /** Where a child process keeps its index of `kind`, and how the test opens it afterwards. */
  function childDatabase(kind: DbKind): DbOptions {
    if (kind === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-restart-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { kind: 'pglite', dataDir };
    }
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `t_restart_${randomBytes(4).toString('hex')}`;
    cleanups.push(async () => {
      const db = await createDb({ kind: 'postgres', url });
      await db.execScript(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    });
    return { kind: 'postgres', url, schema, maxConnections: 2 };
  }

  it('the uninterrupted index is consistent', async () => {
    const { blessedCount, cursedCount } = await chain.counters();
    expect(blessedCount + cursedCount).toBeGreaterThan(200);
    for (const db of chain.dbs()) {
      expect(await indexInvariants(db)).toEqual(consistent(blessedCount, cursedCount));
    }
  });

  // The databases' runs go side by side: each child spends most of its life starting up.
  it.concurrent.for(databaseKinds())(
    `on %s: ${KILLS} kills and restarts lose and duplicate nothing`,
    async (kind, { expect }) => {
      const options = childDatabases.get(kind) as DbOptions;
      const config = { datadir: chain.node.datadir, rpcPort: chain.rpcPort, db: options };
      const runs: ChildRun[] = [];
      // Kills spread over the busy blocks: each a random way into what is left to index.
      let indexed = firstBusy - 1;
      for (let kill = 0; kill < KILLS; kill++) {
        const share = Math.max(1, Math.floor((tip - indexed) / (KILLS - kill + 1)));
        const run = await runChild(config, indexed + 1 + randomInt(share), randomInt(15));
        indexed = Math.max(indexed, ...run.heights);
        runs.push(run);
      }
      runs.push(await runChild(config));
      expect(runs.map((r) => r.killed)).toEqual([...Array<boolean>(KILLS).fill(true), false]);
      // A block is reported once committed, so each run starts right after the last one reported
      // (or one further: committed, the process killed before it could say so). Lower would mean
      // committed blocks were lost; the last run reaches the tip.
      runs.slice(1).forEach((run, i) => {
        const reported = Math.max(...(runs[i] as ChildRun).heights);
        expect(run.heights[0], `run ${i + 2} after ${reported}`).toBeGreaterThan(reported);
        expect(run.heights[0], `run ${i + 2} after ${reported}`).toBeLessThanOrEqual(reported + 2);
      });
      expect(runs.at(-1)?.heights.at(-1)).toBe(tip);

      const restarted: Db = await createDb(options);
      try {
        const clean = chain.dbs()[databaseKinds().indexOf(kind)] as Db;
        expect(await dumpIndex(restarted)).toEqual(await dumpIndex(clean));
      } finally {
        await restarted.close();
      }
    },
  );
});
