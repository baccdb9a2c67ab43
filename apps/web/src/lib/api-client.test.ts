import { ConfigPayloadSchema, SatsStringSchema } from '@om/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, unwrapEnvelope } from './api-client.ts';
import { clearAuthSession, saveAuthSession } from './auth-session.ts';

const config = {
  network: 'regtest',
  devTools: true,
  productName: 'Ordinals Market',
  productTicker: 'omkt',
  inscriptionServiceUrl: '/api/inscription-service',
  tokenUrl: 'https://token.example',
  inscribeUrl: 'https://inscribe.example',
  contentOrigin: '',
  platformFeeBps: 100,
  platformFeeAddress: '',
  maxFeeRate: 500,
  xConnect: true,
  explorerTxUrl: '/tx/',
};

function mockFetch(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const fetchMock = vi.fn(
    async (_input: string, _init?: RequestInit) => new Response(text, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('unwrapEnvelope', () => {
  it('returns the parsed payload of a success', () => {
    expect(unwrapEnvelope(200, { success: true, payload: '42' }, SatsStringSchema)).toBe(42n);
  });

  it('throws status, error and errors of a failure', () => {
    const envelope = {
      success: false,
      error: 'Validation error',
      errors: [{ msg: 'blocks must be at least 1', path: 'blocks' }],
    };
    const error = (() => {
      try {
        unwrapEnvelope(400, envelope, SatsStringSchema);
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.status).toBe(400);
    expect(error?.error).toBe('Validation error');
    expect(error?.errors).toEqual([{ msg: 'blocks must be at least 1', path: 'blocks' }]);
    expect(error?.message).toBe('Validation error');
    expect(error?.messages).toEqual(['Validation error', 'blocks must be at least 1']);
  });

  it('uses the first errors[].msg as the message when error is empty', () => {
    const error = new ApiError(400, '', [{ msg: 'Invalid BTC address' }]);
    expect(error.message).toBe('Invalid BTC address');
  });

  it('rejects a payload that does not match the schema, and logs why for the developer', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => unwrapEnvelope(200, { success: true, payload: 'x' }, SatsStringSchema)).toThrow(
      'Unexpected answer from the server',
    );
    expect(logged).toHaveBeenCalledWith('Unexpected payload', expect.any(Error));
  });

  it('rejects an answer without the envelope', () => {
    expect(() => unwrapEnvelope(502, { hello: 'world' }, SatsStringSchema)).toThrow(ApiError);
  });
});

describe('api', () => {
  beforeEach(() => clearAuthSession());
  afterEach(() => vi.unstubAllGlobals());

  it('GETs and unwraps the payload', async () => {
    const fetchMock = mockFetch(200, { success: true, payload: config });
    await expect(api.get('/api/config', ConfigPayloadSchema)).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/config',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('POSTs JSON and sends the bearer token of the session', async () => {
    saveAuthSession({
      token: 'jwt-token',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      wallet: {
        id: 'dev',
        paymentAddress: 'a',
        paymentPublicKey: 'b',
        ordinalsAddress: 'c',
        ordinalsPublicKey: 'd',
      },
    });
    const fetchMock = mockFetch(200, { success: true, payload: '1' });
    await api.post('/api/dev/mine', { blocks: 1 }, SatsStringSchema);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(init?.body).toBe('{"blocks":1}');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer jwt-token',
    });
  });

  it('throws ApiError with the status of a 401', async () => {
    mockFetch(401, { success: false, error: 'user is not authenticated' });
    const error = await caught(api.get('/api/me', SatsStringSchema));
    expect(error.status).toBe(401);
    expect(error.message).toBe('user is not authenticated');
    expect(error.errors).toEqual([]);
  });

  it('throws ApiError when the answer is not JSON', async () => {
    mockFetch(502, '<html>Bad gateway</html>');
    const error = await caught(api.get('/api/config', ConfigPayloadSchema));
    expect(error.status).toBe(502);
  });
});
