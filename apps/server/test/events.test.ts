import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let node: TestNode;
let t: TestApp;
beforeAll(async () => {
  node = await startTestNode();
  t = await startTestApp('pglite', node, {
    EVENT_STREAMS_PER_CLIENT: '3',
    EVENT_STREAM_LIFETIME_SECONDS: '2',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await node.stop();
});

describe('the live events stream', () => {
  it('announces indexed blocks and mempool transactions as server-sent events', async () => {
    const { port } = t.app.server.address() as { port: number };
    // Listeners of the app itself (the trade tracker) stay; the stream's own must go.
    const appListeners = t.events.listenerCount('block');
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/shared/events`, {
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    t.events.emit('block', {
      height: 7,
      hash: 'ab',
      inscriptionsCreated: 1,
      inscriptionsMoved: ['x'],
    });
    t.events.emit('mempool', { txids: ['cd'] });
    await readUntil('event: mempool');
    expect(text).toContain(
      'event: block\ndata: {"height":7,"hash":"ab","inscriptionsCreated":1,"inscriptionsMoved":["x"]}\n\n',
    );
    expect(text).toContain('event: mempool\ndata: {"txids":["cd"]}\n\n');
    controller.abort();
    await expect.poll(() => t.events.listenerCount('block')).toBe(appListeners);
  });
});

describe('event streams are bounded', () => {
  const url = () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;

  /** Opens a stream and reads it up to its ready event. */
  async function openStream(controller: AbortController) {
    const res = await fetch(`${url()}/api/shared/events`, { signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: ready')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += new TextDecoder().decode(value);
    }
    return { reader, text };
  }

  it('refuses a client past its cap with a 429 in the envelope, from one listener in all', async () => {
    const blockListeners = t.events.listenerCount('block');
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) await openStream(controller);
    expect(t.events.listenerCount('block')).toBe(blockListeners);
    for (let i = 0; i < 5; i++) {
      const refused = await fetch(`${url()}/api/shared/events`);
      expect(refused.status).toBe(429);
      const msg = 'Too many event streams from this client (at most 3): close one and try again.';
      expect(await refused.json()).toEqual({ success: false, error: msg, errors: [{ msg }] });
    }
    controller.abort();
    // Closed streams free their slots.
    await expect
      .poll(async () => {
        const again = new AbortController();
        const res = await fetch(`${url()}/api/shared/events`, { signal: again.signal });
        again.abort();
        return res.status;
      })
      .toBe(200);
  });

  it('ends each stream at its lifetime, having told the browser when to reconnect', async () => {
    const controller = new AbortController();
    const { reader, text } = await openStream(controller);
    expect(text.startsWith('retry: 3000\n\n')).toBe(true);
    const started = Date.now();
    while (!(await reader.read()).done);
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

describe('a process holds at most EVENT_STREAMS_MAX streams, over all clients', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp('pglite', node, { EVENT_STREAMS_MAX: '2' });
    await small.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('answers 429 past the total', async () => {
    const url = `http://127.0.0.1:${(small.app.server.address() as { port: number }).port}/api/shared/events`;
    const controller = new AbortController();
    for (let i = 0; i < 2; i++) {
      expect((await fetch(url, { signal: controller.signal })).status).toBe(200);
    }
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    const msg = 'Too many event streams are open: try again in a minute.';
    expect(await refused.json()).toEqual({ success: false, error: msg, errors: [{ msg }] });
    controller.abort();
  });
});
