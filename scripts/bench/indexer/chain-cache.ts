import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { RegtestNode } from '../../../apps/server/src/chain/bitcoind.ts';
import { freePort } from '../../../apps/server/test/helpers/regtest.ts';
import { processCpuSeconds } from './proc-cpu.ts';
import {
  GENERATOR_VERSION,
  generateChain,
  type ChainManifest,
  type ChainPlan,
} from './chain-generator.ts';

const manifestPath = (cacheDir: string) => path.join(cacheDir, 'manifest.json');
const nodeDir = (cacheDir: string) => path.join(cacheDir, 'node');

function readManifest(cacheDir: string, plan: ChainPlan): ChainManifest | undefined {
  if (!fs.existsSync(manifestPath(cacheDir)) || !fs.existsSync(nodeDir(cacheDir))) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestPath(cacheDir), 'utf8')) as ChainManifest;
  const isCurrent =
    manifest.generator === GENERATOR_VERSION && isDeepStrictEqual(manifest.plan, plan);
  return isCurrent ? manifest : undefined;
}

/**
 * The generated chain, from the cache when it holds one for this plan and generator version;
 * otherwise generated into the cache (the node is stopped cleanly so its datadir can be copied).
 */
export async function ensureChain(
  cacheDir: string,
  plan: ChainPlan,
  opts: { regenerate: boolean; log: (msg: string) => void },
): Promise<{ manifest: ChainManifest; isFresh: boolean }> {
  const cached = opts.regenerate ? undefined : readManifest(cacheDir, plan);
  if (cached) return { manifest: cached, isFresh: false };
  fs.rmSync(cacheDir, { recursive: true, force: true });
  fs.mkdirSync(cacheDir, { recursive: true });
  opts.log(`generating the chain into ${cacheDir} (a few minutes)`);
  const node = new RegtestNode({ datadir: nodeDir(cacheDir), rpcPort: await freePort() });
  await node.start();
  try {
    const manifest = await generateChain(node.rpc, plan, opts.log);
    fs.writeFileSync(manifestPath(cacheDir), `${JSON.stringify(manifest, null, 2)}\n`);
    return { manifest, isFresh: true };
  } finally {
    await node.stop();
  }
}

export interface WorkingNode {
  node: RegtestNode;
  datadir: string;
  rpcUrl: string;
  /** bitcoind's CPU time so far (user + system), from /proc; undefined off Linux. */
  cpuSeconds(): number | undefined;
  close(): Promise<void>;
}

/**
 * A node on a copy of the cached chain, so the latency phase can mine on it and the cache stays as
 * generated. Throws when the copy's tip is not the manifest's (a damaged cache: --regenerate).
 */
export async function startWorkingNode(
  cacheDir: string,
  manifest: ChainManifest,
): Promise<WorkingNode> {
  const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-bench-node-'));
  fs.cpSync(nodeDir(cacheDir), datadir, { recursive: true });
  const rpcPort = await freePort();
  const node = new RegtestNode({ datadir, rpcPort });
  const close = async () => {
    await node.stop();
    fs.rmSync(datadir, { recursive: true, force: true });
  };
  await node.start();
  const height = await node.rpc.getBlockCount();
  const hash = height === manifest.tipHeight ? await node.rpc.getBlockHash(height) : undefined;
  if (hash !== manifest.tipHash) {
    await close();
    throw new Error(
      `the cached chain in ${cacheDir} ends at ${height}, not ${manifest.tipHeight} ${manifest.tipHash}: rerun with --regenerate`,
    );
  }
  const pid = Number(fs.readFileSync(path.join(datadir, 'regtest', 'bitcoind.pid'), 'utf8'));
  return {
    node,
    datadir,
    rpcUrl: `http://127.0.0.1:${rpcPort}`,
    cpuSeconds: () => processCpuSeconds(pid),
    close,
  };
}
