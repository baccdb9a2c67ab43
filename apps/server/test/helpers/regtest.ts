import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RegtestNode } from '../../src/chain/bitcoind.ts';
import { RegtestFaucet } from '../../src/chain/regtest-faucet.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestNode {
  node: RegtestNode;
  faucet: RegtestFaucet;
  datadir: string;
  stop(): Promise<void>;
}

/** A fresh regtest node for one test file: own datadir and port, 101 blocks, removed afterwards. */
export async function startTestNode(): Promise<TestNode> {
  const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-regtest-'));
  const node = new RegtestNode({ datadir, rpcPort: await freePort() });
  await node.start();
  const faucet = new RegtestFaucet(node.rpc);
  await faucet.wallet();
  return {
    node,
    faucet,
    datadir,
    stop: async () => {
      await node.stop();
      fs.rmSync(datadir, { recursive: true, force: true });
    },
  };
}
