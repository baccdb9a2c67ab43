import fs from 'node:fs';
import pg from 'pg';

/** CPU seconds (user + system) of a local process, from /proc; undefined off Linux or when gone. */
export function processCpuSeconds(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!fs.existsSync(stat)) return undefined;
  // After "(comm) ": utime and stime are the 12th and 13th fields, in clock ticks (100 a second).
  const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU time of the server process and of the PostgreSQL backends serving the database, when the
 * server is local: what a request costs, whatever else the machine is doing.
 */
export class CpuMeter {
  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<CpuMeter> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return new CpuMeter(client);
  }

  /** Seconds so far: this process, and each backend but the meter's own (by pid). */
  async sample(): Promise<{ server: number; backends: Map<number, number> | undefined }> {
    const { rows } = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const backends = new Map<number, number>();
    for (const { pid } of rows) {
      const seconds = processCpuSeconds(pid);
      if (seconds === undefined) return { server: this.serverSeconds(), backends: undefined };
      backends.set(pid, seconds);
    }
    return { server: this.serverSeconds(), backends };
  }

  /** Milliseconds of CPU between two samples (backends started meanwhile count from zero). */
  static spent(
    before: Awaited<ReturnType<CpuMeter['sample']>>,
    after: Awaited<ReturnType<CpuMeter['sample']>>,
  ): { serverMs: number; databaseMs: number | undefined } {
    const serverMs = (after.server - before.server) * 1000;
    if (!before.backends || !after.backends) return { serverMs, databaseMs: undefined };
    let seconds = 0;
    for (const [pid, now] of after.backends) seconds += now - (before.backends.get(pid) ?? 0);
    return { serverMs, databaseMs: seconds * 1000 };
  }

  private serverSeconds(): number {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
