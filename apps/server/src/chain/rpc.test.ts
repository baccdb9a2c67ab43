import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RpcConnection } from './rpc-connection.ts';
import { BitcoinRpc } from './rpc.ts';

// The gate in front of the node: a burst of calls never has more than 12 in flight at the node
// (Bitcoin Core refuses work past -rpcworkqueue), and every call still gets its own answer. The
// fake node holds its answers until told, so the count does not depend on timing.

let server: http.Server;
let url = '';
let held: (() => void)[] = [];
let isHolding = true;
let inFlight = 0;
let peak = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      const { id, params } = JSON.parse(body) as { id: number; params: number[] };
      const answer = () => {
        inFlight -= 1;
        res.end(JSON.stringify({ id, result: (params[0] ?? 0) * 2, error: null }));
      };
      if (isHolding) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('BitcoinRpc', () => {
  it('keeps at most 12 calls in flight, wallets included, and answers each in full', async () => {
    const rpc = new BitcoinRpc(() => ({ url, username: 'u', password: 'p' }));
    const wallet = rpc.forWallet('w');
    const calls = Array.from({ length: 200 }, (_, i) =>
      (i % 2 ? wallet : rpc).call<number>('double', [i]),
    );
    await vi.waitFor(() => expect(held).toHaveLength(12), { timeout: 5_000 });
    await sleep(200); // no 13th call arrives while the 12 are unanswered
    expect(held).toHaveLength(12);
    isHolding = false;
    for (const answer of held) answer();
    held = [];
    const answers = await Promise.all(calls);
    expect(answers).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
    expect(peak).toBeLessThanOrEqual(12);
    expect(inFlight).toBe(0);
  });
});

// The keep-alive connection: a socket the node closes as a call reuses it costs a retry, not an
// error, and a call outlasting the idle timeout (a long poll) is not cut by it.
describe('RpcConnection', () => {
  let node: http.Server;
  let nodeUrl = '';
  let closeNextReuse = false;
  let connections = 0;

  beforeAll(async () => {
    node = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        const socket = req.socket as typeof req.socket & { calls?: number };
        socket.calls = (socket.calls ?? 0) + 1;
        if (closeNextReuse && socket.calls > 1) {
          closeNextReuse = false;
          socket.destroy();
          return;
        }
        const answer = () => res.end(JSON.stringify({ id, result: method, error: null }));
        if (method === 'slow') setTimeout(answer, 400);
        else answer();
      });
    });
    node.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    node.closeAllConnections();
    await new Promise((resolve) => node.close(resolve));
  });

  it('keeps one socket for calls one after another', async () => {
    const rpc = new BitcoinRpc(() => ({ url: nodeUrl, username: 'u', password: 'p' }));
    const before = connections;
    for (const method of ['a', 'b', 'c']) expect(await rpc.call(method)).toBe(method);
    expect(connections - before).toBe(1);
  });

  it('sends a call again when the node closes the kept-alive socket it went on', async () => {
    const rpc = new BitcoinRpc(() => ({ url: nodeUrl, username: 'u', password: 'p' }));
    expect(await rpc.call('first')).toBe('first');
    closeNextReuse = true;
    expect(await rpc.call('second')).toBe('second');
    expect(closeNextReuse).toBe(false);
  });

  it('does not cut a call that outlasts the idle timeout', async () => {
    const rpc = new BitcoinRpc(
      () => ({ url: nodeUrl, username: 'u', password: 'p' }),
      undefined,
      new RpcConnection(100),
    );
    expect(await rpc.call('slow')).toBe('slow');
  });
});
