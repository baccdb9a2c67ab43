import fs from 'node:fs';
import { BitcoinRpc } from '../../../apps/server/src/chain/rpc.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { openBenchDb } from './bench-db.ts';
import { RESULT_MARK, type NodeRef, type PhaseRequest } from './run-phase.ts';

// One measured phase in a process of its own, so its peak memory (maxRSS) is its own: the child
// side of run-phase.ts. The measuring code is imported by the phase that runs it, so that the
// 'prepare' process, whose peak is reported as the fresh PGlite data dir's, holds what creating
// and migrating one needs and not the indexer besides.

function nodeRpc(node: NodeRef): BitcoinRpc {
  const [username = '', password = ''] = fs.readFileSync(node.cookieFile, 'utf8').trim().split(':');
  return new BitcoinRpc(() => ({ url: node.url, username, password }));
}

async function run(request: PhaseRequest): Promise<unknown> {
  if (request.phase === 'prepare') {
    const db = await openBenchDb(request.db);
    await migrate(db);
    await db.close();
    return {};
  }
  const rpc = nodeRpc(request.node);
  if (request.phase === 'fetch') {
    const { measureFetch } = await import('./measure-fetch.ts');
    return measureFetch(rpc, request.tipHeight);
  }
  const db = await openBenchDb(request.db);
  try {
    if (request.phase === 'index') {
      const { measureIndex } = await import('./measure-index.ts');
      return await measureIndex(db, rpc, request);
    }
    const { measureLatency } = await import('./measure-latency.ts');
    const treasury = { ...request.treasury, value: BigInt(request.treasury.value) };
    const result = await measureLatency(db, rpc, { ...request, treasury });
    return { ...result, treasury: { ...result.treasury, value: result.treasury.value.toString() } };
  } finally {
    await db.close();
  }
}

const request = JSON.parse(process.argv[2] ?? '{}') as PhaseRequest;
const result = await run(request);
// maxRSS is in kilobytes: the process's peak resident memory, WASM heap (PGlite) included.
const usage = process.resourceUsage();
const output = {
  result,
  maxRssBytes: usage.maxRSS * 1024,
  cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
};
process.stdout.write(`\n${RESULT_MARK}${JSON.stringify(output)}\n`);
