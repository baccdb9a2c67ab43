import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from '../../../e2e/harness.ts';
import { writeDocBlock } from '../bench-report.ts';
import { coldContext, measureLoad, type LoadFigures } from './measure.ts';
import { report, type PageResult } from './report.ts';
import { AB_ARMS, abReport } from './ab.ts';

// npm run bench:web [-- --runs 3] [--no-docs] [--ab]
// product.md#scale-and-delivery, web delivery: headless Chromium (Debian's, as the e2e tests use)
// loads /collections, a collection page and an inscription page, cold (empty cache) then warm (same
// browser, new tab), on two servers started side by side from the same build: one as the handler
// was before (WEB_STATIC_PLAIN=1: no compression, max-age=0) and one as it is now. Both seed the
// demo market. Run npm run build first. Exits 1 when a target is not met.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIST = path.join(ROOT, 'apps/web/dist');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-docs': { type: 'boolean', default: false },
    ab: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);

async function seededApp(env: Record<string, string>): Promise<RunningApp> {
  const app = await startApp({ SEED_DEMO: 'true', LOG_LEVEL: 'info', ...env });
  try {
    const seeded = await app.waitForLog(
      /"msg":"demo market( launches: \w+|: seed failed)/,
      300_000,
    );
    if (!seeded.includes('demo market launches: launched'))
      throw new Error(`the demo market did not seed: ${seeded}`);
    return app;
  } catch (error) {
    await app.stop();
    throw error;
  }
}

/** The three pages: the first demo collection and the first inscription in it. */
async function pagesOf(app: RunningApp): Promise<[string, string][]> {
  const text = (url: string) => fetch(`${app.baseUrl}${url}`).then((r) => r.text());
  const slug = /"slug":"([^"]+)"/.exec(await text('/api/collections'))?.[1];
  if (!slug) throw new Error('the demo seed made no collection');
  const items = await text(`/api/collections/${slug}/inscriptions`);
  const id = /[0-9a-f]{64}i\d+/.exec(items)?.[0];
  if (!id) throw new Error(`collection ${slug} has no inscription`);
  return [
    ['/collections', '/collections'],
    ['a collection page', `/collections/${slug}`],
    ['an inscription page', `/inscriptions/${id}`],
  ];
}

async function measureApp(browser: Browser, app: RunningApp): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const [name, url] of await pagesOf(app)) {
    const cold: LoadFigures[] = [];
    const warm: LoadFigures[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await coldContext(browser);
      cold.push(await measureLoad(context, `${app.baseUrl}${url}`));
      warm.push(await measureLoad(context, `${app.baseUrl}${url}`));
      await context.close();
    }
    results.push({ name, url, cold, warm });
  }
  return results;
}

async function main(): Promise<void> {
  if (args.ab) return abMain();
  if (!fs.existsSync(path.join(DIST, 'index.html.br')))
    throw new Error('no precompressed build in apps/web/dist: run npm run build first');
  const apps: RunningApp[] = [];
  let browser: Browser | undefined;
  try {
    const starting = [seededApp({ WEB_STATIC_PLAIN: '1' }), seededApp({})];
    const started = await Promise.allSettled(starting);
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [plainApp, app] = apps as [RunningApp, RunningApp];
    browser = await launchBrowser();
    const before = await measureApp(browser, plainApp);
    const after = await measureApp(browser, app);
    const { console: text, markdown, met } = report(before, after, runs);
    console.log(text);
    if (!args['no-docs'])
      await writeDocBlock(
        path.join(ROOT, 'docs/benchmarks.md'),
        'web',
        '## Web delivery (issue 18)',
        markdown,
      );
    process.exitCode = met ? 0 : 1;
  } finally {
    await browser?.close();
    await Promise.all(apps.map((app) => app.stop()));
  }
}

/**
 * --ab: one server as shipped, the collection page loaded cold `runs` times per arm, the arms
 * interleaved (each round in turn), each arm removing some of the tags the server added.
 */
async function abMain(): Promise<void> {
  const app = await seededApp({});
  const browser = await launchBrowser();
  try {
    const url = `${app.baseUrl}${(await pagesOf(app))[1]![1]}`;
    const lcp = new Map<string, number[]>(AB_ARMS.map(([name]) => [name, []]));
    for (let run = 0; run < runs; run++)
      for (const [name, transform] of AB_ARMS) {
        const context = await coldContext(browser);
        lcp.get(name)!.push((await measureLoad(context, url, transform)).lcpMs);
        await context.close();
      }
    console.log(abReport(url, lcp));
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
