import fs from 'node:fs';
import os from 'node:os';
import * as prettier from 'prettier';

// What every bench:* script reports with: percentiles, the machine line, and the generated block
// it keeps in docs/benchmarks.md.

/** Nearest-rank percentile (0-100) of the samples; NaN without any. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

/** Thousands separated, `digits` decimals: 1,234.5. */
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const mark = (ok: boolean) => (ok ? 'met' : '**not met**');

export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const ram = fmt(os.totalmem() / 1024 ** 3);
  return `${os.cpus().length} cores (${cpu}), ${ram} GB RAM, Node ${process.version}`;
}

/**
 * Replaces the script's generated block (between `<!-- bench:{name}:start ... -->` and its end
 * marker) in docs/benchmarks.md, or appends `heading` and the block when it is absent; formatted
 * as the repository's Prettier formats Markdown (npm run lint checks it).
 */
export async function writeDocBlock(
  file: string,
  name: string,
  heading: string,
  markdown: string,
): Promise<void> {
  const startMarker = `<!-- bench:${name}:start (written by npm run bench:${name}) -->`;
  const endMarker = `<!-- bench:${name}:end -->`;
  const block = `${startMarker}\n\n${markdown}\n\n${endMarker}`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + endMarker.length)
      : `${text.trimEnd()}\n\n${heading}\n\n${block}\n`;
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
}
