// Restart safety of the BRC-20 index: the follower runs in its own process and is SIGKILLed at
// random moments while it indexes a chain busy with deploys, mints and transfers; restarted each
// time, it must end with exactly the BRC-20 index (events, balances, tickers, transferables, block
// and cumulative hashes) of one uninterrupted run, on every test database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbKind, type DbOptions } from '../src/db/create-db.ts';
import { keyLock, type Lock } from './helpers/chain-builder.ts';
import { brc20Dump, indexBrc20Everywhere, inscribeTo, sendTo } from './helpers/brc20-scenario.ts';
import type { IndexerChildConfig } from './helpers/indexer-child.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';
import { databaseKinds } from './helpers/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const CHILD = path.join(import.meta.dirname, 'helpers/brc20-child.ts');
const KILLS = 4;
const BLOCKS = 16;

interface ChildRun {
  heights: number[];
  killed: boolean;
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/**
 * Runs the child to "done", or SIGKILLs it `delayMs` after it commits BRC-20 block `killAt`. The
 * child also freezes itself then and asks for the kill ("kill-me"), so a parent slow to read its
 * pipe on a busy machine cannot let it run on to the tip.
 */
function runChild(config: IndexerChildConfig, killAt?: number, delayMs = 0): Promise<ChildRun> {
  const childConfig =
    killAt === undefined ? config : { ...config, freezeAt: killAt, freezeDelayMs: delayMs };
  const child = spawn(TSX, [CHILD, JSON.stringify(childConfig)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid as number;
  const run: ChildRun = { heights: [], killed: false };
  let stderr = '';
  let buffered = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'kill-me') killGroup(pid);
      const height = /^brc20 (\d+)$/.exec(line)?.[1];
      if (height === undefined) continue;
      run.heights.push(Number(height));
      if (Number(height) === killAt) void sleep(delayMs).then(() => killGroup(pid));
    }
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => {
      run.killed = signal === 'SIGKILL';
      if (run.killed || code === 0) resolve(run);
      else reject(new Error(`brc20 child exited with ${code ?? signal}: ${stderr}`));
    });
  });
}

describe('BRC-20 restart safety: the follower SIGKILLed while it indexes', () => {
  let chain: ScenarioChain;
  let firstBusy: number;
  let tip: number;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    chain = await ScenarioChain.start();
    firstBusy = (await chain.height()) + 1;
    const holders: Lock[] = Array.from({ length: 4 }, () => keyLock());
    await chain.mine([
      inscribeTo(chain, holders[0]!, { op: 'deploy', tick: 'kill', max: '100000', lim: '50' }).tx,
      inscribeTo(chain, holders[1]!, {
        op: 'deploy',
        tick: 'REST',
        max: '2000',
        lim: '7',
        dec: '3',
      }).tx,
    ]);
    for (let b = 0; b < BLOCKS; b++) {
      const owner = holders[b % holders.length]!;
      const next = holders[(b + 1) % holders.length]!;
      const give = inscribeTo(chain, owner, { op: 'transfer', tick: 'kill', amt: '3' });
      await chain.mine([
        inscribeTo(chain, owner, { op: 'mint', tick: 'kill', amt: '50' }).tx,
        inscribeTo(chain, next, { op: 'mint', tick: 'rest', amt: '6.125' }).tx,
        give.tx,
      ]);
      await chain.mine([sendTo(give.coin, next)]);
    }
    tip = await chain.height();
    await indexBrc20Everywhere(chain);
  }, 300_000);
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await chain?.stop();
  });

  function childDatabase(kind: DbKind): DbOptions {
    if (kind === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-brc20-restart-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { kind: 'pglite', dataDir };
    }
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `t_brc20_restart_${randomBytes(4).toString('hex')}`;
    cleanups.push(async () => {
      const db = await createDb({ kind: 'postgres', url });
      await db.execScript(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    });
    return { kind: 'postgres', url, schema, maxConnections: 2 };
  }

  it.for(databaseKinds())(
    `on %s: ${KILLS} kills inside BRC-20 blocks lose and duplicate nothing`,
    { timeout: 400_000 },
    async (kind) => {
      const config = {
        datadir: chain.node.datadir,
        rpcPort: chain.rpcPort,
        db: childDatabase(kind),
      };
      await runChild({ ...config, prepareOnly: true });
      const runs: ChildRun[] = [];
      let indexed = firstBusy;
      for (let kill = 0; kill < KILLS; kill++) {
        const share = Math.max(1, Math.floor((tip - indexed) / (KILLS - kill + 1)));
        const killAt = indexed + 1 + Math.floor(Math.random() * share);
        const run = await runChild(config, killAt, Math.floor(Math.random() * 15));
        indexed = Math.max(indexed, ...run.heights);
        runs.push(run);
      }
      runs.push(await runChild(config));
      expect(runs.map((r) => r.killed)).toEqual([...Array<boolean>(KILLS).fill(true), false]);
      // Each run resumes right after the last block reported (or one further: committed, then
      // killed before it said so): nothing committed was lost or written twice.
      runs.slice(1).forEach((run, i) => {
        const reported = Math.max(...(runs[i] as ChildRun).heights);
        if (run.heights.length === 0) return;
        expect(run.heights[0]).toBeGreaterThan(reported);
        expect(run.heights[0]).toBeLessThanOrEqual(reported + 2);
      });
      expect(runs.at(-1)?.heights.at(-1) ?? indexed).toBe(tip);

      const restarted = await createDb(config.db);
      try {
        const clean = chain.dbs()[databaseKinds().indexOf(kind)]!;
        const expected = await brc20Dump(clean);
        expect(expected.events.length).toBeGreaterThan(4 * BLOCKS);
        expect(await brc20Dump(restarted)).toEqual(expected);
      } finally {
        await restarted.close();
      }
    },
  );
});
