import { fork } from 'node:child_process';
import path from 'node:path';
import type { MintJob, MintResult } from './minter-process.ts';

/**
 * Runs the minters in a child process (tsx loader) and answers what they saw; with `profileDir`,
 * the child writes its own V8 CPU profile there (--cpu-prof) when it leaves.
 */
export function runMinters(job: MintJob, profileDir?: string): Promise<MintResult> {
  const child = fork(path.join(import.meta.dirname, 'minter-process.ts'), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<MintResult>((resolve, reject) => {
    child.once('message', (message: MintResult | { error: string }) => {
      if ('error' in message) reject(new Error(`minters: ${message.error}`));
      else resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`the minters' process exited (code ${code})`)));
    child.send(job);
  }).finally(async () => {
    // The child leaves by itself once it has answered (writing its profile, if asked).
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
    if (child.exitCode === null) await Promise.race([exited, deadline]);
    child.kill();
  });
}
