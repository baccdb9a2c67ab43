// The live 'brc20' event: 'block' goes out when the inscription index wrote a block, before the
// BRC-20 rows of that block exist; 'brc20' follows once the BRC-20 pass committed them, so a page
// that refreshes token balances on it reads the new rows. On every test database.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainFollower } from '../src/indexer/follow-chain.ts';
import { inscribeTo, users } from './helpers/brc20-scenario.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

/** The stream's text up to `needle`, read from an open GET /api/shared/events. */
async function openStream(t: TestApp, signal: AbortSignal) {
  const { port } = t.app.server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}/api/shared/events`, { signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += decoder.decode(value);
    }
    return text;
  };
}

/** The ticker's minted supply as the API answers it now, or its status when there is none. */
async function mintedNow(t: TestApp, tick: string): Promise<string | number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/brc20/tokens/${tick}` });
  if (res.statusCode !== 200) return res.statusCode;
  return (res.json() as { payload: { token: { mintedSupply: string } } }).payload.token
    .mintedSupply;
}

let chain: ScenarioChain;
beforeAll(async () => {
  chain = await ScenarioChain.start();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(databaseKinds())("the 'brc20' live event (%s)", (kind) => {
  let t: TestApp;
  let follower: ChainFollower;
  const { alice } = users();
  // One chain for every database: each deploys its own ticker.
  const tick = kind === 'pglite' ? 'evlt' : 'evpg';
  beforeAll(async () => {
    // An app of its own, indexed by a follower that tells this app's events (the SSE hub's).
    t = await startTestApp(kind, chain.node);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    follower = new ChainFollower({
      db: t.db,
      rpc: chain.rpc,
      network: 'regtest',
      events: t.events,
      log: pino({ level: 'silent' }),
    });
    await follower.syncOnce();
    await follower.syncBrc20();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("follows 'block' once that height's BRC-20 rows are readable, and reaches the stream", async () => {
    const controller = new AbortController();
    const readUntil = await openStream(t, controller.signal);
    await readUntil('event: ready');
    const deploy = inscribeTo(chain, alice, { op: 'deploy', tick, max: '1000', lim: '10' });
    const mint = inscribeTo(chain, alice, { op: 'mint', tick, amt: '7' });
    const block = await chain.mine([deploy.tx, mint.tx]);

    // What a page would read when each event arrives, read in the handler itself.
    const seen: { event: string; height: number; minted: Promise<string | number> }[] = [];
    const onBlock = (e: { height: number }) =>
      seen.push({ event: 'block', height: e.height, minted: mintedNow(t, tick) });
    const onBrc20 = (e: { height: number }) =>
      seen.push({ event: 'brc20', height: e.height, minted: mintedNow(t, tick) });
    t.events.on('block', onBlock);
    t.events.on('brc20', onBrc20);
    try {
      await follower.syncOnce();
      await follower.syncBrc20();
    } finally {
      t.events.off('block', onBlock);
      t.events.off('brc20', onBrc20);
    }
    const answers = await Promise.all(
      seen.map(async (s) => ({ event: s.event, height: s.height, minted: await s.minted })),
    );
    expect(answers).toEqual([
      // The inscription index wrote the block; its tokens are not there yet.
      { event: 'block', height: block.height, minted: 404 },
      { event: 'brc20', height: block.height, minted: '7.000000000000000000' },
    ]);

    const text = await readUntil('event: brc20');
    expect(text).toContain(`event: brc20\ndata: {"height":${block.height}}\n\n`);
    expect(text.indexOf('event: block')).toBeLessThan(text.indexOf('event: brc20'));
    controller.abort();
  });

  it('says nothing when a BRC-20 pass had no block to write', async () => {
    const heights: number[] = [];
    const onBrc20 = (e: { height: number }) => heights.push(e.height);
    t.events.on('brc20', onBrc20);
    expect(await follower.syncBrc20()).toBe(true);
    t.events.off('brc20', onBrc20);
    expect(heights).toEqual([]);
  });
});
