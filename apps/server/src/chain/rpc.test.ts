import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
