import pg from 'pg';

/**
 * Named leases between server processes (ADR 022): PostgreSQL advisory locks held by one
 * connection of this process's own. A process that dies, even by kill -9, drops its connection,
 * and PostgreSQL frees its leases at once: a standby takes them on its next try. The connection is
 * never pooled, so a lease cannot leak to whoever borrows it next; losing it means this process
 * may no longer act as if it held anything, so `onLost` is told and the process should stop.
 */
export class Leases {
  private held = new Set<string>();
  private isClosed = false;
  /** The connection's queries, one after another (pg no longer queues them for us). */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly client: pg.Client,
    private readonly schema: string,
  ) {}

  /** Leases of `schema`'s deployment (isolated test schemas on one server never meet). */
  static async open(url: string, schema: string, onLost: (err: Error) => void): Promise<Leases> {
    const client = new pg.Client({ connectionString: url, application_name: 'om-leases' });
    await client.connect();
    const leases = new Leases(client, schema);
    const lost = (err: Error) => {
      if (leases.isClosed) return;
      leases.isClosed = true;
      leases.held.clear();
      onLost(err);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the leases connection ended')));
    return leases;
  }

  /** Takes the lease if no process holds it; answers whether this process now holds it. */
  async tryTake(name: string): Promise<boolean> {
    if (this.isClosed) return false;
    if (this.held.has(name)) return true;
    const { rows } = await this.query<{ taken: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as taken',
      name,
    );
    const taken = rows[0]?.taken === true;
    if (taken) this.held.add(name);
    return taken;
  }

  /** Tries every `everyMs` until the lease is taken (answers true) or `signal` aborts (false). */
  async take(name: string, signal: AbortSignal, everyMs = 1_000): Promise<boolean> {
    while (!signal.aborted && !this.isClosed) {
      if (await this.tryTake(name)) return true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, everyMs);
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done, { once: true });
      });
    }
    return false;
  }

  async release(name: string): Promise<void> {
    if (!this.held.delete(name) || this.isClosed) return;
    await this.query('select pg_advisory_unlock(hashtextextended($1, 0))', name);
  }

  /** Runs `fn` holding the lease; answers false without running it when another process holds it. */
  async whileHeld(name: string, fn: () => Promise<void>): Promise<boolean> {
    if (!(await this.tryTake(name))) return false;
    try {
      await fn();
    } finally {
      await this.release(name);
    }
    return true;
  }

  private query<R extends pg.QueryResultRow>(text: string, name: string) {
    const run = this.queue.then(() => this.client.query<R>(text, [this.key(name)]));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Apart from every other advisory lock (those use their own prefixes or numbers). */
  private key(name: string): string {
    return `om-lease:${this.schema}:${name}`;
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.held.clear();
    await this.client.end();
  }
}
