import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RegtestNode } from '../../src/chain/bitcoind.ts';
import { RegtestFaucet } from '../../src/chain/regtest-faucet.ts';

/**
 * Ports are picked below Linux's ephemeral range (32768–60999), not with `listen(0)`: a port the
 * kernel lent and took back can go at once to an outgoing connection's local end (a fetch, an
 * RPC call), and the server or bitcoind meant to listen on it then fails with EADDRINUSE (seen in
 * CI). Below the range only listeners compete, and the check below sees those.
 */
const PICKED_PORTS = { from: 20_000, to: 32_768 } as const;
const PICK_TRIES = 50;
/** Handed out by this process: a caller may ask twice before it listens on the first. */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < PICK_TRIES; attempt++) {
    const port =
      PICKED_PORTS.from + Math.floor(Math.random() * (PICKED_PORTS.to - PICKED_PORTS.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(
    `no free port in ${PICKED_PORTS.from}–${PICKED_PORTS.to} after ${PICK_TRIES} tries`,
  );
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
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
