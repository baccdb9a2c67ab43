import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let node: TestNode;
let t: TestApp;
beforeAll(async () => {
  node = await startTestNode();
  t = await startTestApp('pglite', node);
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
