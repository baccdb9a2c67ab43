import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let node: TestNode;
let t: TestApp;
beforeAll(async () => {
  node = await startTestNode();
  t = await startTestApp('pglite', node, { WRITE_RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => {
  await t.close();
  await node.stop();
});

describe('bad requests get a clear 4xx in the envelope, never a 500 or a stack', () => {
  it('malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      headers: { 'content-type': 'application/json' },
      payload: '{"address": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'Request body is not valid JSON.',
      errors: [{ msg: 'Request body is not valid JSON.' }],
    });
  });

  it('an unsupported content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Unsupported content type: send application/json.');
  });

  it('an unknown API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'Not found: GET /api/nope' });
  });

  it('a malformed inscription id on /content', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/content/not-an-id' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe('id: Invalid inscription ID format.');
  });

  it('an unknown inscription on /content', async () => {
    const id = `${'a'.repeat(64)}i0`;
    const res = await t.app.inject({ method: 'GET', url: `/content/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(`Inscription ${id} not found.`);
  });

  it('too many writes from one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/mine',
        payload: { blocks: 0 },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json().error).toMatch(/^Too many requests: try again in \d+ s\.$/);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
