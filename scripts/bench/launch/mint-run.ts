import { fork } from 'node:child_process';
import path from 'node:path';
import type { MintJob, MintResult } from './minter-process.ts';

/** Runs the minters in a child process (tsx loader) and answers what they saw. */
export function runMinters(job: MintJob): Promise<MintResult> {
  const child = fork(path.join(import.meta.dirname, 'minter-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<MintResult>((resolve, reject) => {
    child.once('message', (message: MintResult | { error: string }) => {
      if ('error' in message) reject(new Error(`minters: ${message.error}`));
      else resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`the minters' process exited (code ${code})`)));
    child.send(job);
  }).finally(() => child.kill());
}
