import fs from 'node:fs';
import path from 'node:path';
import { CpuMeter, processCpuSeconds } from '../market/cpu.ts';

/** CPU milliseconds of each process of the rush while the minters ran, from /proc (Linux). */
export type MintCpu = {
  /** This process: the server, and the bench's follower of the node. */
  serverMs: number;
  /** The backends serving the bench's database; undefined where /proc cannot tell. */
  databaseMs: number | undefined;
  bitcoindMs: number | undefined;
  /** The minters' process: signing, mostly (a real minter signs on their own device). */
  mintersMs: number;
};

type Sample = {
  meter: Awaited<ReturnType<CpuMeter['sample']>>;
  bitcoind: number | undefined;
};

/** The CPU seconds so far of this process, the database's backends and the node of `datadir`. */
export async function sampleMintCpu(databaseUrl: string, datadir: string): Promise<Sample> {
  // A connection of its own each time, left out of its sample and gone by the next.
  const meter = await CpuMeter.open(databaseUrl);
  try {
    return { meter: await meter.sample(), bitcoind: bitcoindSeconds(datadir) };
  } finally {
    await meter.close();
  }
}

/** What was spent between two samples; the minters count their own seconds (their process ends). */
export function mintCpuSpent(before: Sample, after: Sample, mintersSeconds: number): MintCpu {
  const spent = CpuMeter.spent(before.meter, after.meter);
  return {
    serverMs: spent.serverMs,
    databaseMs: spent.databaseMs,
    bitcoindMs:
      before.bitcoind === undefined || after.bitcoind === undefined
        ? undefined
        : (after.bitcoind - before.bitcoind) * 1000,
    mintersMs: mintersSeconds * 1000,
  };
}

function bitcoindSeconds(datadir: string): number | undefined {
  const pidFile = path.join(datadir, 'regtest', 'bitcoind.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  return processCpuSeconds(Number(fs.readFileSync(pidFile, 'utf8').trim()));
}
