import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiEtags } from './api-etag.ts';

const app = Fastify();
let floor = '1000';

beforeAll(async () => {
  addApiEtags(app);
  app.get('/api/collections/:slug', async () => ({ success: true, payload: { floor } }));
  app.get('/api/notifications', async () => ({ success: true, payload: [] }));
  app.post('/api/collections/search', async () => ({ success: true, payload: [] }));
  app.get('/api/collections/missing', async (_req, reply) =>
    reply.code(404).send({ success: false, error: 'Not found' }),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, etag?: string) =>
  app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

describe('ETags on the public reads', () => {
  it('answers 304 with no body when the client holds the same bytes, 200 once they change', async () => {
    const first = await get('/api/collections/rocks');
    const etag = first.headers.etag as string;
    expect(first.statusCode).toBe(200);
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const again = await get('/api/collections/rocks', etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/collections/rocks', `W/${etag}, "other"`)).statusCode).toBe(304);

    floor = '2000';
    const changed = await get('/api/collections/rocks', etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true, payload: { floor: '2000' } });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('leaves other reads, writes and errors alone', async () => {
    expect((await get('/api/notifications')).headers.etag).toBeUndefined();
    const post = await app.inject({ method: 'POST', url: '/api/collections/search' });
    expect(post.headers.etag).toBeUndefined();
    const missing = await get('/api/collections/missing');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
