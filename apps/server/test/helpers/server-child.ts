import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './regtest.ts';

// The server as a real child process (`node --import tsx apps/server/src/main.ts`, as e2e/harness.ts
// starts it), for the tests that kill it: with the crash preload, CRASH_ON_BROADCAST set kills it
// at its first broadcast.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const PRELOAD = path.join(import.meta.dirname, 'crash-on-broadcast.ts');

export interface ServerChild {
  baseUrl: string;
  /** Resolves with the signal that ended it (null for an exit code). */
  exited: Promise<NodeJS.Signals | null>;
  /** SIGTERM, and waits for the shutdown. */
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL: no shutdown, as a crashed machine) and waits for its end. */
  kill(): Promise<void>;
}

export async function spawnServer(env: Record<string, string>): Promise<ServerChild> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', PRELOAD, path.join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        WEB_DIST_DIR: '/nonexistent',
        READ_RATE_LIMIT_PER_MINUTE: '1000000',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited during start (${child.exitCode ?? child.signalCode})`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 120 s');
    await sleep(200);
  }
  return {
    baseUrl,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
