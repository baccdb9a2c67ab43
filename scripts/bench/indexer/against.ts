import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median } from '../bench-report.ts';
import { serverNodeFlags } from '../server-node-flags.ts';
import { createBenchDatabase } from './bench-db.ts';
import { ensureChain, startWorkingNode } from './chain-cache.ts';
import { DEFAULT_PLAN } from './chain-generator.ts';
import type { IndexResult } from './measure-index.ts';
import type { NodeRef, PhaseOutput, PhaseRequest } from './run-phase.ts';

// npm run bench:indexer:against -- <git ref> [--rounds 3] [--kinds postgres,pglite] [--full]
// Before and after in one run: (2), the indexer from scratch on a fresh database, alternately
// with the tree of <ref> (a git worktree using this checkout's node_modules) and with this
// checkout, on the cached chain of bench:indexer; the order flips every round. --full indexes
// BRC-20 and runes after it, as bench:indexer's (2) does. Prints the rounds and medians; writes
// nothing. <ref> must be a tree whose scripts/bench/indexer/run-phase.ts speaks the same phases.
// Every phase runs with the Node flags of this checkout's apps/server `start`.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    kinds: { type: 'string', default: 'postgres,pglite' },
    full: { type: 'boolean', default: false },
    'chain-dir': { type: 'string', default: path.join(ROOT, 'data/bench/indexer-chain') },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const ref = positionals[0];
if (!ref) throw new Error('usage: npm run bench:indexer:against -- <git ref> [--rounds 3]');
const kinds = args.kinds.split(',') as ('postgres' | 'pglite')[];
const log = (msg: string) => console.log(`[bench:indexer:against] ${msg}`);

type RunPhase = <T>(request: PhaseRequest, nodeArgs?: readonly string[]) => Promise<PhaseOutput<T>>;
/** Both trees run with this checkout's server flags: only the code differs. */
const nodeFlags = serverNodeFlags();

/** A worktree of `ref` beside this checkout, sharing its installed packages. */
function worktreeOf(gitRef: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-bench-against-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, gitRef], { cwd: ROOT });
  for (const sub of ['.', 'apps/server', 'apps/web', 'packages/core', 'packages/bitcoin']) {
    const modules = path.join(ROOT, sub, 'node_modules');
    if (fs.existsSync(modules) && fs.existsSync(path.join(dir, sub))) {
      fs.symlinkSync(modules, path.join(dir, sub, 'node_modules'));
    }
  }
  return {
    dir,
    remove: () => execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT }),
  };
}

const { manifest } = await ensureChain(args['chain-dir'], DEFAULT_PLAN, {
  regenerate: false,
  log,
});
const before = worktreeOf(ref);
const working = await startWorkingNode(args['chain-dir'], manifest).catch((err: unknown) => {
  before.remove();
  throw err;
});
const node: NodeRef = {
  url: working.rpcUrl,
  cookieFile: path.join(working.datadir, 'regtest', '.cookie'),
};
const trees = [
  { label: `before (${ref})`, dir: before.dir },
  { label: 'after (this checkout)', dir: ROOT },
];
const seconds = new Map<string, number[]>();
try {
  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const kind of kinds) {
      for (const tree of round % 2 === 1 ? trees : [...trees].reverse()) {
        const modulePath = path.join(tree.dir, 'scripts/bench/indexer/run-phase.ts');
        const { runPhase } = (await import(modulePath)) as { runPhase: RunPhase };
        const db = await createBenchDatabase(kind, args.postgres);
        try {
          await runPhase({ phase: 'prepare', db: db.spec }, nodeFlags);
          const reader = kind === 'pglite' ? 'thread' : 'indexer';
          const request = { phase: 'index', node, db: db.spec, reader, indexOnly: !args.full };
          const { result } = await runPhase<IndexResult>(request as PhaseRequest, nodeFlags);
          if (result.inscriptions !== manifest.inscriptions) {
            throw new Error(`${tree.label} indexed ${result.inscriptions} inscriptions`);
          }
          const key = `${kind}, ${tree.label}`;
          seconds.set(key, [...(seconds.get(key) ?? []), result.seconds]);
          const cpu = result.databaseCpuSeconds?.toFixed(2) ?? '–';
          log(`round ${round}, ${key}: ${result.seconds.toFixed(2)} s (backend CPU ${cpu} s)`);
        } finally {
          await db.drop();
        }
      }
    }
  }
} finally {
  await working.close();
  before.remove();
}
for (const kind of kinds) {
  const [b, a] = trees.map((t) => seconds.get(`${kind}, ${t.label}`) ?? []);
  const line = (label: string, xs: number[]) =>
    `${kind}, ${label}: median ${median(xs).toFixed(2)} s of ${xs.map((x) => x.toFixed(2)).join(', ')}`;
  log(line(trees[0]!.label, b!));
  log(line(trees[1]!.label, a!));
  log(`${kind}: after / before ${(median(a!) / median(b!)).toFixed(3)}`);
}
