import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { percentile } from '../bench-report.ts';
import type { LoadFigures } from '../market/load.ts';
import type { LoadRequest, LoadResult } from './load-generator.ts';

/** autocannon in a child process (tsx loader), reused for every run. */
export class LoadGenerator {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'load-generator.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }

  run(request: LoadRequest): Promise<LoadFigures> {
    return new Promise((resolve, reject) => {
      this.child.once('message', (message: LoadResult | { error: string }) => {
        if ('error' in message) return reject(new Error(message.error));
        const sorted = message.latenciesMs;
        resolve({
          requests: message.requests,
          requestsPerSecond: message.requests / message.seconds,
          p50Ms: percentile(sorted, 50),
          p95Ms: percentile(sorted, 95),
          p99Ms: percentile(sorted, 99),
          non2xx: message.non2xx,
          errors: message.errors,
        });
      });
      this.child.send(request);
    });
  }

  stop(): void {
    this.child.kill();
  }
}
