import { prepareLaunch } from '../../../apps/server/src/features/launchpad/launch-batches.worker.ts';
import { median } from '../bench-report.ts';
import { CpuMeter } from '../market/cpu.ts';
import type { BenchEnv } from './bench-env.ts';
import { insertSyntheticLaunch } from './synthetic-launch.ts';

// Part 1: the launch worker's preparation of a large launch (ADR 010), timed over several runs;
// between runs the batches and orderbook rows it wrote are deleted and the launch is
// 'initializing' again, so every run does the whole work.

export interface PrepareFigures {
  inscriptions: number;
  phases: number;
  runs: number;
  seconds: number[];
  /** CPU ms of this process and of PostgreSQL's backends, medians of the runs. */
  serverCpuMs: number;
  databaseCpuMs: number | undefined;
  depositPsbts: number;
  listingPsbts: number;
  orderbookRows: number;
  movedRows: number;
}

export async function measurePrepare(
  bench: BenchEnv,
  count: number,
  runs: number,
  log: (m: string) => void,
): Promise<PrepareFigures> {
  const { deps } = bench;
  const db = deps.db.kysely;
  const { launchpadId, phaseIds } = await insertSyntheticLaunch(bench, count, log);

  /** What the last run wrote. */
  const written = async () => {
    const batches = await db
      .selectFrom('psbt_batches')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
      .where('phase_id', 'in', phaseIds)
      .groupBy('kind')
      .execute();
    const orderbook = await db
      .selectFrom('orderbook')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('phase_id', 'in', phaseIds)
      .executeTakeFirstOrThrow();
    const moved = await db
      .selectFrom('launch_inscriptions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('launchpad_id', '=', launchpadId)
      .whereRef('outpoint', '<>', 'source_outpoint')
      .executeTakeFirstOrThrow();
    const of = (kind: string) => Number(batches.find((b) => b.kind === kind)?.n ?? 0);
    return {
      depositPsbts: of('deposit'),
      listingPsbts: of('listing'),
      orderbookRows: Number(orderbook.n),
      movedRows: Number(moved.n),
    };
  };
  /** Back to what the worker finds after create: no batch, no orderbook row, 'initializing'. */
  const reset = async () => {
    await db.deleteFrom('orderbook').where('phase_id', 'in', phaseIds).execute();
    await db.deleteFrom('psbt_batches').where('phase_id', 'in', phaseIds).execute();
    await db
      .updateTable('launch_inscriptions')
      .set((eb) => ({ outpoint: eb.ref('source_outpoint') }))
      .where('launchpad_id', '=', launchpadId)
      .execute();
    await db
      .updateTable('launchpads')
      .set({ status: 'initializing' })
      .where('id', '=', launchpadId)
      .execute();
  };

  const cpu = await CpuMeter.open(bench.databaseUrl);
  const seconds: number[] = [];
  const serverCpu: number[] = [];
  const databaseCpu: number[] = [];
  let counts = { depositPsbts: 0, listingPsbts: 0, orderbookRows: 0, movedRows: 0 };
  try {
    for (let run = 1; run <= runs; run += 1) {
      if (run > 1) await reset();
      const before = await cpu.sample();
      const started = performance.now();
      await prepareLaunch(deps, launchpadId);
      seconds.push((performance.now() - started) / 1000);
      const spent = CpuMeter.spent(before, await cpu.sample());
      serverCpu.push(spent.serverMs);
      if (spent.databaseMs !== undefined) databaseCpu.push(spent.databaseMs);
      const launch = await db
        .selectFrom('launchpads')
        .select(['status', 'failed_reason'])
        .where('id', '=', launchpadId)
        .executeTakeFirstOrThrow();
      if (launch.status !== 'pending_psbt_signature') {
        throw new Error(`part 1: the launch is ${launch.status}: ${launch.failed_reason ?? ''}`);
      }
      counts = await written();
      log(`  run ${run}: ${seconds.at(-1)?.toFixed(2)} s, ${JSON.stringify(counts)}`);
    }
  } finally {
    await cpu.close();
  }
  return {
    inscriptions: count,
    phases: phaseIds.length,
    runs,
    seconds,
    serverCpuMs: median(serverCpu),
    databaseCpuMs: databaseCpu.length === runs ? median(databaseCpu) : undefined,
    ...counts,
  };
}
