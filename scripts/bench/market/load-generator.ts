import autocannon from 'autocannon';

// The load generator (bench:market, bench:swap), in a process of its own so that it never shares
// the server's event loop. The parent sends a LoadRequest over IPC and receives a LoadResult for
// each.

export interface LoadRequest {
  url: string;
  connections: number;
  seconds: number;
  /** A JSON body: the request is then a POST (the swap's reads are). */
  body?: string;
}

export interface LoadResult {
  url: string;
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  /** Every response's latency in ms, sorted: exact percentiles, p95 included. */
  latenciesMs: number[];
}

async function load(request: LoadRequest): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        connections: request.connections,
        duration: request.seconds,
        ...(request.body !== undefined && {
          method: 'POST' as const,
          headers: { 'content-type': 'application/json' },
          body: request.body,
        }),
      },
      (err: unknown, done: autocannon.Result) => (err ? reject(err) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  return {
    url: request.url,
    requests: latencies.length,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    latenciesMs: latencies.sort((a, b) => a - b),
  };
}

process.on('message', (request: LoadRequest) => {
  load(request).then(
    (result) => process.send?.(result),
    (err: unknown) => process.send?.({ error: String(err) }),
  );
});
