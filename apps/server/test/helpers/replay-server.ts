import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** A recorded answer: a fixture file under test/fixtures, or a literal body. */
export interface Replay {
  status?: number;
  fixture?: string;
  body?: string;
  /** Answer this late, to test timeouts. */
  delayMs?: number;
}

interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ReplayServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 (port 0) that answers "METHOD /path" with recorded responses of a
 * real API (Esplora, ord), and 404 for anything else, as those servers do.
 */
export async function startReplayServer(routes: Record<string, Replay>): Promise<ReplayServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const replay = routes[`${req.method} ${req.url}`];
      const answer = () => {
        if (!replay) return res.writeHead(404).end('Not Found');
        const text = replay.fixture
          ? fs.readFileSync(path.join(FIXTURES, replay.fixture), 'utf8')
          : (replay.body ?? '');
        const type = replay.fixture?.endsWith('.json') ? 'application/json' : 'text/plain';
        res.writeHead(replay.status ?? 200, { 'content-type': type }).end(text);
      };
      if (replay?.delayMs) setTimeout(answer, replay.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
