// npm run bench:web -- --ab --runs 8: what each tag the server adds to a collection page's
// index.html (apps/server/src/http/web-static-head.ts) does to its cold LCP, on one server.

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>\s*/g;
const SEED = /<script type="application\/json" id="collection-detail">[^<]*<\/script>\s*/g;

/** Each arm: a name and what it does to the HTML served (the first arm: nothing). */
export const AB_ARMS: readonly (readonly [string, (html: string) => string])[] = [
  ['as served (image preload + inlined detail)', (html) => html],
  ['without the image preload', (html) => html.replace(IMAGE_PRELOAD, '')],
  ['without the inlined detail', (html) => html.replace(SEED, '')],
  ['without either', (html) => html.replace(IMAGE_PRELOAD, '').replace(SEED, '')],
];

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export function abReport(url: string, lcp: ReadonlyMap<string, number[]>): string {
  const lines = [...lcp].map(
    ([name, values]) =>
      `${name.padEnd(44)} median ${Math.round(median(values))} ms  (${values.map(Math.round).join(', ')})`,
  );
  return [`Cold LCP of ${url}, arms interleaved:`, ...lines].join('\n');
}
