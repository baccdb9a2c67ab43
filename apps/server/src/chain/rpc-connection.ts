import http from 'node:http';
import https from 'node:https';

/**
 * Calls in flight to one node from this process, at most: Bitcoin Core refuses work beyond its
 * queue (-rpcworkqueue, 16 by default) with "Work queue depth exceeded", so under a burst (200
 * minters at once) the rest wait here instead of failing.
 */
const MAX_IN_FLIGHT = 12;

/**
 * A free socket is closed after this long idle, well before bitcoind drops it itself
 * (-rpcservertimeout, 30 s): a call then never picks a socket the node is closing.
 */
const IDLE_SOCKET_MS = 10_000;

export type RpcReply = { status: number; text: string };

/**
 * What a node's clients (its wallets' included) share: a FIFO gate of MAX_IN_FLIGHT calls and a
 * pool of as many keep-alive sockets. node:http rather than fetch: undici's fetch builds web
 * streams and clones each request, which cost 15 % of the server's CPU during a mint rush
 * (docs/benchmarks.md, bench:launch).
 */
export class RpcConnection {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly agents: { 'http:': http.Agent; 'https:': https.Agent };

  /**
   * `tls.ca`: the certificates a node behind TLS may be signed by, instead of Node's (a test's own;
   * a deployment behind a private CA sets NODE_EXTRA_CA_CERTS, which Node's default adds).
   */
  constructor(idleSocketMs = IDLE_SOCKET_MS, tls: Pick<https.AgentOptions, 'ca'> = {}) {
    // An agent's timeout closes idle sockets only: a long call (waitfornewblock) is not cut.
    const options = { keepAlive: true, maxSockets: MAX_IN_FLIGHT, timeout: idleSocketMs };
    this.agents = {
      'http:': new http.Agent(options),
      'https:': new https.Agent({ ...options, ...tls }),
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.inFlight >= MAX_IN_FLIGHT) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.inFlight += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes to the next waiter as is; only when nobody waits does it free up.
      if (next) next();
      else this.inFlight -= 1;
    }
  }

  /** POSTs a JSON body; a call that met a kept-alive socket as the node closed it goes once more. */
  async post(endpoint: string, authorization: string, body: string): Promise<RpcReply> {
    try {
      return await this.postOnce(endpoint, authorization, body);
    } catch (err) {
      if (err instanceof ReusedSocketClosed) return this.postOnce(endpoint, authorization, body);
      throw err;
    }
  }

  private postOnce(endpoint: string, authorization: string, body: string): Promise<RpcReply> {
    const url = new URL(endpoint);
    const transport = url.protocol === 'https:' ? https : http;
    const agent = this.agents[url.protocol === 'https:' ? 'https:' : 'http:'];
    return new Promise((resolve, reject) => {
      const req = transport.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        // Every call we make may be repeated: nothing was answered on a socket closed under it.
        const isClosed = err.code === 'ECONNRESET' || err.code === 'EPIPE';
        reject(req.reusedSocket && isClosed ? new ReusedSocketClosed(err) : err);
      });
      req.end(body);
    });
  }
}

class ReusedSocketClosed extends Error {
  constructor(cause: Error) {
    super('the node closed a kept-alive connection', { cause });
  }
}
