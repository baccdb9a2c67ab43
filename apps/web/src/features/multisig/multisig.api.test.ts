import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { MultisigApiError, multisigApi } from './multisig.api.ts';
import { ACCOUNT, walletInfo } from '../../test/multisig-test-fixtures.ts';

const body = { userPublicKey: ACCOUNT.paymentPublicKey, userAddress: ACCOUNT.paymentAddress };

function answer(status: number, envelope: unknown, statusText = '') {
  const fetchMock = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(JSON.stringify(envelope), { status, statusText }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(call: Promise<unknown>): Promise<MultisigApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof MultisigApiError)) throw new Error(`expected a MultisigApiError`);
  return error;
}

describe('multisigApi', () => {
  it('posts the body and answers the parsed payload', async () => {
    const fetchMock = answer(200, { success: true, payload: walletInfo('multisig') });
    await expect(multisigApi.wallet('maker', body)).resolves.toEqual(walletInfo('multisig'));
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/multisig/get-maker-wallet');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it('throws a MultisigApiError with status text, code and errors (product.md#errors)', async () => {
    const errors = [
      {
        msg: 'userPublicKey must be a 33-byte compressed public key in hex',
        path: 'userPublicKey',
      },
    ];
    answer(400, { success: false, error: 'Validation error', errors }, 'Bad Request');
    const error = await failureOf(multisigApi.wallet('multisig', body));
    expect(error).toBeInstanceOf(ApiError);
    expect({
      statusText: error.statusText,
      code: error.code,
      errors: error.errors,
      message: error.message,
    }).toEqual({ statusText: 'Bad Request', code: 400, errors, message: 'Validation error' });
  });

  it('throws a MultisigApiError with code 0 when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failureOf(multisigApi.utxos('ms-1'));
    expect({ code: error.code, statusText: error.statusText, errors: error.errors }).toEqual({
      code: 0,
      statusText: 'Failed to fetch',
      errors: [],
    });
  });

  it('throws a MultisigApiError for a payload that is not what the contract says', async () => {
    answer(200, { success: true, payload: { txId: 42 } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await failureOf(multisigApi.confirmDeposit({ signedPsbt: 'cHNidP8=' }));
    expect(error.code).toBe(200);
    expect(error.message).toBe('Unexpected answer from the server');
    expect(logged).toHaveBeenCalledWith('Unexpected payload', expect.any(Error));
  });
});
