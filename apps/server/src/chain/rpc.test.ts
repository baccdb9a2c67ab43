import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RpcConnection } from './rpc-connection.ts';
import { BitcoinRpc } from './rpc.ts';

// The gate in front of the node: a burst of calls never has more than 12 in flight at the node
// (Bitcoin Core refuses work past -rpcworkqueue), and every call still gets its own answer. The
// fake node holds its answers until told, so the count does not depend on timing.

type Call = { id: number; method: string; params: number[] };

/** A node on a free port handing each JSON-RPC call, parsed, to `onCall`; over TLS with `tls`. */
async function fakeNode(
  onCall: (call: Call, answer: (result: unknown) => void, req: http.IncomingMessage) => void,
  tls?: { key: string; cert: string },
) {
  const handle: http.RequestListener = (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = JSON.parse(body) as Call;
      onCall(call, (result) => res.end(JSON.stringify({ id: call.id, result, error: null })), req);
    });
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  const { port } = server.address() as AddressInfo;
  return { server, close, url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}` };
}

const rpcAt = (url: string, connection?: RpcConnection) =>
  new BitcoinRpc(() => ({ url, username: 'u', password: 'p' }), undefined, connection);

let url = '';
let closeNode = async () => {};
let held: (() => void)[] = [];
let isHolding = true;
let inFlight = 0;
let peak = 0;

beforeAll(async () => {
  ({ url, close: closeNode } = await fakeNode(({ params }, answer) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    const double = () => {
      inFlight -= 1;
      answer((params[0] ?? 0) * 2);
    };
    if (isHolding) held.push(double);
    else double();
  }));
});
afterAll(() => closeNode());

describe('BitcoinRpc', () => {
  it('keeps at most 12 calls in flight, wallets included, and answers each in full', async () => {
    const rpc = rpcAt(url);
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
  let nodeUrl = '';
  let closeNode = async () => {};
  let closeNextReuse = false;
  let connections = 0;

  beforeAll(async () => {
    const node = await fakeNode(({ method }, answer, req) => {
      const socket = req.socket as typeof req.socket & { calls?: number };
      socket.calls = (socket.calls ?? 0) + 1;
      if (closeNextReuse && socket.calls > 1) {
        closeNextReuse = false;
        socket.destroy();
        return;
      }
      if (method === 'slow') setTimeout(() => answer(method), 400);
      else answer(method);
    });
    node.server.on('connection', () => (connections += 1));
    ({ url: nodeUrl, close: closeNode } = node);
  });
  afterAll(() => closeNode());

  it('keeps one socket for calls one after another', async () => {
    const rpc = rpcAt(nodeUrl);
    const before = connections;
    for (const method of ['a', 'b', 'c']) expect(await rpc.call(method)).toBe(method);
    expect(connections - before).toBe(1);
  });

  it('sends a call again when the node closes the kept-alive socket it went on', async () => {
    const rpc = rpcAt(nodeUrl);
    expect(await rpc.call('first')).toBe('first');
    closeNextReuse = true;
    expect(await rpc.call('second')).toBe('second');
    expect(closeNextReuse).toBe(false);
  });

  it('does not cut a call that outlasts the idle timeout', async () => {
    const rpc = rpcAt(nodeUrl, new RpcConnection(100));
    expect(await rpc.call('slow')).toBe('slow');
  });
});

// A node behind TLS (an RPC endpoint behind a proxy): the same keep-alive calls over https, and a
// certificate that cannot be verified is refused, never called past. The certificate is made for
// the test by openssl, for 127.0.0.1.
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasOpenssl)('RpcConnection over TLS', () => {
  let tlsUrl = '';
  let cert = '';
  let closeNode = async () => {};
  let connections = 0;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-rpc-tls-'));
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    cert = fs.readFileSync(certFile, 'utf8');
    const key = fs.readFileSync(keyFile, 'utf8');
    fs.rmSync(dir, { recursive: true, force: true });
    const node = await fakeNode(({ method }, answer) => answer(method), { key, cert });
    node.server.on('secureConnection', () => (connections += 1));
    ({ url: tlsUrl, close: closeNode } = node);
  });
  afterAll(() => closeNode());

  it('calls a node whose certificate it trusts, on one kept-alive connection', async () => {
    const rpc = rpcAt(tlsUrl, new RpcConnection(undefined, { ca: cert }));
    const before = connections;
    for (const method of ['a', 'b', 'c']) expect(await rpc.call(method)).toBe(method);
    expect(connections - before).toBe(1);
  });

  it('refuses a node whose certificate it cannot verify', async () => {
    const before = connections;
    await expect(rpcAt(tlsUrl).call('a')).rejects.toMatchObject({
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    expect(connections - before).toBe(0);
  });
});
