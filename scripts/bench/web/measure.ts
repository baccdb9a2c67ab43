import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

// One page load in headless Chromium, seen through the DevTools protocol: what crossed the wire
// (encodedDataLength: headers and compressed body), what the cache answered, and the page's LCP.

export interface LoadFigures {
  /** Bytes of JavaScript on the wire, headers included, until the network went quiet. */
  jsBytes: number;
  /** The same, compressed bodies only. */
  jsBodyBytes: number;
  /** Bytes of every response on the wire. */
  totalBytes: number;
  /** Every request the page made (cache hits included). */
  requests: number;
  /** Requests that reached the server (200 or 304). */
  network: number;
  /** Script requests answered 304: a chunk the browser had but had to ask about. */
  revalidatedChunks: number;
  /** Largest Contentful Paint, ms after navigation start. */
  lcpMs: number;
}

interface Seen {
  type: string;
  /** The status on the wire: a revalidated file reads 200 in responseReceived, 304 here. */
  status: number;
  cached: boolean;
  bytes: number;
  headerBytes: number;
}

/** A fresh browser context: an empty HTTP cache, as a first visit has. */
export async function coldContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 } });
}

/**
 * Loads `url` in a new tab of `context` (a cold context on its first load, warm after) and waits
 * for the network to go quiet: what "before interaction" means here.
 */
export async function measureLoad(
  context: BrowserContext,
  url: string,
  transformHtml?: (html: string) => string,
): Promise<LoadFigures> {
  const page = await context.newPage();
  if (transformHtml) await rewriteDocument(page, url, transformHtml);
  const cdp = await context.newCDPSession(page);
  const seen = await watchNetwork(cdp);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const lcpMs = await largestContentfulPaint(page);
  await cdp.detach();
  await page.close();
  const all = [...seen.values()];
  const onWire = all.filter((r) => !r.cached);
  const scripts = all.filter((r) => r.type === 'Script');
  return {
    jsBytes: sum(scripts.filter((r) => !r.cached).map((r) => r.bytes)),
    jsBodyBytes: sum(scripts.filter((r) => !r.cached).map((r) => r.bytes - r.headerBytes)),
    totalBytes: sum(onWire.map((r) => r.bytes)),
    requests: all.length,
    network: onWire.length,
    revalidatedChunks: scripts.filter((r) => r.status === 304).length,
    lcpMs,
  };
}

/**
 * The document at `url` answered with its HTML passed through `transform` (an A/B arm: a link or
 * a script removed), the rest of the page untouched. Both arms of an A/B go through it.
 */
async function rewriteDocument(page: Page, url: string, transform: (html: string) => string) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-encoding']; // the body below is the decoded text
    delete headers['content-length'];
    await route.fulfill({
      status: response.status(),
      headers,
      body: transform(await response.text()),
    });
  });
}

async function watchNetwork(cdp: CDPSession): Promise<Map<string, Seen>> {
  const seen = new Map<string, Seen>();
  const entry = (id: string) => {
    let item = seen.get(id);
    if (!item)
      seen.set(id, (item = { type: 'Other', status: 0, cached: false, bytes: 0, headerBytes: 0 }));
    return item;
  };
  await cdp.send('Network.enable');
  // The in-memory cache is per page; a warm load's new tab reads the disk cache, as a revisit does.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  cdp.on('Network.requestWillBeSent', (e) => {
    entry(e.requestId).type = e.type ?? 'Other';
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    entry(e.requestId).cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const item = entry(e.requestId);
    item.type = e.type;
    item.headerBytes = e.response.encodedDataLength;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) item.cached = true;
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    entry(e.requestId).status = e.statusCode;
  });
  cdp.on('Network.loadingFinished', (e) => {
    entry(e.requestId).bytes = e.encodedDataLength;
  });
  return seen;
}

/** The last largest-contentful-paint entry's time (the final LCP), or NaN when none was painted. */
async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries.at(-1)?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 2_000);
      }),
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
