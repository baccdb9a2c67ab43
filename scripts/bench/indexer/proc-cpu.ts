import fs from 'node:fs';

/** CPU time (user + system) of a local process so far, from /proc; undefined off Linux. */
export function processCpuSeconds(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!fs.existsSync(stat)) return undefined;
  // Fields after "(comm) ": utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
