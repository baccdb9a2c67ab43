import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchDbSpec } from './bench-db.ts';

// The parent passes a PhaseRequest as JSON in argv[2]; the child answers on its last stdout line,
// after RESULT_MARK.

export interface NodeRef {
  url: string;
  cookieFile: string;
}

export type PhaseRequest =
  | { phase: 'prepare'; db: BenchDbSpec }
  | { phase: 'fetch'; node: NodeRef; tipHeight: number }
  | {
      phase: 'index';
      node: NodeRef;
      db: BenchDbSpec;
      /**
       * Where getblock's answers are read, parsed and decoded: the block reader thread (PGlite in
       * the product) or the indexer's own thread (PostgreSQL, and PGlite before).
       */
      reader: 'thread' | 'indexer';
      /** The inscription index alone, without BRC-20 and runes after it. */
      indexOnly: boolean;
    }
  | {
      phase: 'latency';
      node: NodeRef;
      db: BenchDbSpec;
      seed: string;
      treasury: { txid: string; vout: number; value: string };
      blocks: number;
      perBlock: number;
    };

export const RESULT_MARK = 'PHASE-RESULT ';

const PHASE_FILE = path.join(import.meta.dirname, 'phase.ts');

export interface PhaseOutput<T> {
  result: T;
  /** The child's peak resident memory. */
  maxRssBytes: number;
  /** The child's CPU time, user + system. */
  cpuSeconds: number;
}

/** Runs one phase in a child node process (tsx loader) and answers its result and peak RSS. */
export async function runPhase<T>(
  request: PhaseRequest,
  nodeArgs: readonly string[] = [],
): Promise<PhaseOutput<T>> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', PHASE_FILE, JSON.stringify(request)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARK));
  if (code !== 0 || !line) throw new Error(`phase ${request.phase} failed (exit ${code})`);
  return JSON.parse(line.slice(RESULT_MARK.length)) as PhaseOutput<T>;
}
