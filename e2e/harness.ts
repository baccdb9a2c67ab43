import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser } from 'playwright-core';
import { BitcoinRpc } from '../apps/server/src/chain/rpc.ts';
import { freePort } from '../apps/server/test/helpers/regtest.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const ARTIFACTS_DIR = path.join(ROOT, 'test-artifacts');

export interface RunningApp {
  baseUrl: string;
  /** The app's own regtest node, for tests that make chain activity a wallet could not. */
  rpc: BitcoinRpc;
  /** The server's DATA_DIR (removed on stop): demo owners' keys, the regtest platform fee key. */
  dataDir: string;
  /**
   * The first server log line (pino JSON) matching `pattern`, logged before or after the call.
   * Lines below warn reach only this, not the console: a story may run with LOG_LEVEL=info.
   */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it (server, embedded PGlite, its own regtest node, the built web
 * app), on free ports and a temporary data directory.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-e2e-'));
  const port = await freePort();
  const rpcPort = await freePort();
  // `node --import tsx`, not the tsx CLI: the CLI's extra process does not pass SIGTERM on in a
  // way that lets the server stop its bitcoind.
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        BITCOIND_RPC_PORT: String(rpcPort),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // The demo seed mines blocks in the background; a story that needs a quiet chain gets one.
        SEED_DEMO: 'false',
        // Two browsers on one address refetch the stable reads on every event: not what the
        // per-client read limit is for (the integration test checks that limit).
        READ_RATE_LIMIT_PER_MINUTE: '100000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const log = followLog(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} during start`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 120 s');
    await sleep(250);
  }
  const cookie = () =>
    fs.readFileSync(path.join(dataDir, 'bitcoin/regtest/.cookie'), 'utf8').trim().split(':');
  const rpc = new BitcoinRpc(() => {
    const [username = '', password = ''] = cookie();
    return { url: `http://127.0.0.1:${rpcPort}`, username, password };
  });
  return {
    baseUrl,
    rpc,
    dataDir,
    waitForLog: log.waitFor,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const KEPT_LOG_LINES = 20_000;
const PINO_WARN = 40;

/** The server's stdout: warnings and errors (and anything not pino's) to the console, all kept. */
function followLog(child: ChildProcess) {
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      if (!isQuiet(line)) process.stdout.write(`${line}\n`);
      lines.push(line);
      if (lines.length > KEPT_LOG_LINES) lines.shift();
      for (const waiter of waiters) {
        if (!waiter.pattern.test(line)) continue;
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) => {
    const seen = lines.find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const waiter = {
        pattern,
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`the server logged nothing matching ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  };
  return { waitFor };
}

function isQuiet(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const { level } = JSON.parse(line) as { level?: unknown };
    return typeof level === 'number' && level < PINO_WARN;
  } catch {
    return false;
  }
}

/** Debian's Chromium (or CHROME_PATH), headless; playwright-core never downloads a browser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Run in a page: the signed-in session's token as apps/web keeps it (lib/auth-session), or null. */
export function storedToken(): string | null {
  const raw = localStorage.getItem('om.session');
  return raw ? (JSON.parse(raw) as { token: string }).token : null;
}
