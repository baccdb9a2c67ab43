import { fmt, machine, mark, median } from '../bench-report.ts';
import type { LoadFigures } from './measure.ts';

export interface PageResult {
  name: string;
  url: string;
  cold: LoadFigures[];
  warm: LoadFigures[];
}

const TARGET_JS_KB = 250;
const TARGET_LCP_MS = 1_000;

const kb = (bytes: number) => fmt(bytes / 1000, 1);
const med = (loads: LoadFigures[], pick: (f: LoadFigures) => number) => median(loads.map(pick));

function rows(results: PageResult[], label: string): string[] {
  return results.map((page) => {
    const { cold, warm } = page;
    return [
      `| ${label} | ${page.name} | ${kb(med(cold, (f) => f.jsBodyBytes))}`,
      kb(med(cold, (f) => f.jsBytes)),
      kb(med(cold, (f) => f.totalBytes)),
      fmt(med(cold, (f) => f.lcpMs)),
      fmt(med(warm, (f) => f.lcpMs)),
      `${fmt(med(warm, (f) => f.requests))} / ${fmt(med(warm, (f) => f.network))}`,
      fmt(med(warm, (f) => f.revalidatedChunks)),
      `${kb(med(warm, (f) => f.totalBytes))} |`,
    ].join(' | ');
  });
}

/** The console text, the docs block, and whether every target is met by the "after" server. */
export function report(before: PageResult[], after: PageResult[], runs: number) {
  const collection = after.find((page) => page.url.startsWith('/collections/'));
  const collectionJs = collection ? med(collection.cold, (f) => f.jsBodyBytes) : Number.NaN;
  const worstLcp = Math.max(...after.map((page) => med(page.cold, (f) => f.lcpMs)));
  const revalidated = Math.max(...after.map((page) => med(page.warm, (f) => f.revalidatedChunks)));
  const jsMet = collectionJs <= TARGET_JS_KB * 1000;
  const lcpMet = worstLcp <= TARGET_LCP_MS;
  const warmMet = revalidated === 0;
  const table = [
    '| Server | Page | Cold: JS, compressed bodies (kB) | Cold: JS with headers (kB) | Cold: all bytes (kB) | Cold: LCP (ms) | Warm: LCP (ms) | Warm: requests / reaching the server | Warm: revalidated chunks (304) | Warm: bytes (kB) |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...rows(before, 'before'),
    ...rows(after, 'after'),
  ];
  const markdown = [
    `Medians of ${runs} cold and ${runs} warm loads per page, headless Chromium on loopback; ` +
      `${machine()}; ${new Date().toISOString().slice(0, 10)}. kB = 1,000 bytes on the wire, ` +
      'until the network is quiet (before interaction). "before": the static handler as it was ' +
      '(WEB_STATIC_PLAIN=1: no compression, `max-age=0`); "after": precompressed brotli, ' +
      '`immutable` assets, `no-cache` index.html.',
    '',
    ...table,
    '',
    '| Target (after) | Measured | |',
    '| --- | --: | --- |',
    `| ≤ ${TARGET_JS_KB} kB of compressed JavaScript (bodies) before interaction, collection page | ${kb(collectionJs)} kB | ${mark(jsMet)} |`,
    `| LCP ≤ ${fmt(TARGET_LCP_MS)} ms on loopback, cold, worst page | ${fmt(worstLcp)} ms | ${mark(lcpMet)} |`,
    `| Zero revalidated chunks on a warm load, worst page | ${fmt(revalidated)} | ${mark(warmMet)} |`,
  ].join('\n');
  return { console: markdown, markdown, met: jsMet && lcpMet && warmMet };
}
