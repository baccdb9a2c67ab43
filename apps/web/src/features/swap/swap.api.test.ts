// @vitest-environment node
import {
  FAILED_TO_BROADCAST_SWAP,
  FAILED_TO_FETCH_SWAP_PSBT,
  FAILED_TO_FETCH_SWAP_TX_SIZE,
  SWAP_CODES,
} from '@om/core';
import { describe, expect, it, vi } from 'vitest';
import { SwapApiError, swapApi } from './swap.api.ts';
import {
  envelope,
  poolsInfo,
  PAIR_BODY,
  sendBody,
  txSize,
  TX_SIZE_BODY,
} from './swap-test-fixtures.ts';

// product.md#errors: a swap call fails when HTTP is not ok, or code is not 0, or there is no data;
// the message comes from the response or is the call's own text; the pools poll: 'HTTP error!
// status: {n}'.

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const failure = async (call: () => Promise<unknown>) => {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SwapApiError);
  return (error as SwapApiError).message;
};

const calls = {
  txSize: () => swapApi.txSize(TX_SIZE_BODY),
  psbt: () =>
    swapApi.psbt({
      ...TX_SIZE_BODY,
      user_public_key: '02'.padEnd(66, 'a'),
      tx_size: 200,
      checksum: 'c',
      vins: [],
      usr_cnt: 1,
    }),
  send: () => swapApi.send(sendBody()),
};
const FALLBACKS = {
  txSize: FAILED_TO_FETCH_SWAP_TX_SIZE,
  psbt: FAILED_TO_FETCH_SWAP_PSBT,
  send: FAILED_TO_BROADCAST_SWAP,
};

describe('swap calls', () => {
  it('POSTs the body to /brc20swap/{call} and answers the parsed data', async () => {
    const fetch = answer(200, envelope(txSize()));
    expect(await swapApi.txSize(TX_SIZE_BODY)).toEqual(txSize());
    expect(fetch).toHaveBeenCalledWith(
      '/brc20swap/get_swap_psbt_txsize',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(TX_SIZE_BODY) }),
    );
  });

  it.each(Object.keys(calls) as (keyof typeof calls)[])(
    '%s: the response message when there is one, else its own text',
    async (name) => {
      const call = calls[name];
      const fallback = FALLBACKS[name];
      answer(200, {
        code: SWAP_CODES.slippageExceeded,
        msg: 'Slippage exceeded',
        data: null,
        req_id: 'r',
      });
      expect(await failure(call)).toBe('Slippage exceeded');
      answer(200, { code: SWAP_CODES.slippageExceeded, msg: '', data: null, req_id: 'r' });
      expect(await failure(call)).toBe(fallback);
      answer(200, { code: 0, msg: 'ok', data: null, req_id: 'r' });
      expect(await failure(call)).toBe('ok');
      answer(200, { code: 0, msg: '', req_id: 'r' });
      expect(await failure(call)).toBe(fallback);
      answer(400, {
        code: SWAP_CODES.badRequest,
        msg: 'fee_rate must be positive',
        data: null,
        req_id: 'r',
      });
      expect(await failure(call)).toBe('fee_rate must be positive');
      answer(502, '<html>Bad gateway</html>');
      expect(await failure(call)).toBe(fallback);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      answer(200, envelope({ unexpected: true }));
      expect(await failure(call)).toBe(fallback);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      expect(await failure(call)).toBe(fallback);
    },
  );

  it('keeps the envelope code of a refusal', async () => {
    answer(200, {
      code: SWAP_CODES.pairNotFound,
      msg: 'No pool for ordi/sats',
      data: null,
      req_id: 'r',
    });
    const error = await swapApi.txSize(TX_SIZE_BODY).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: SWAP_CODES.pairNotFound, status: 200 });
  });
});

describe('swap_pools_info', () => {
  it('answers the pair info', async () => {
    const fetch = answer(200, envelope(poolsInfo()));
    expect(await swapApi.poolsInfo(PAIR_BODY)).toEqual(poolsInfo());
    expect(fetch).toHaveBeenCalledWith('/brc20swap/swap_pools_info', expect.anything());
  });

  it.each([500, 404, 400])(
    "fails with 'HTTP error! status: %i' whatever the body",
    async (status) => {
      answer(status, {
        code: SWAP_CODES.badRequest,
        msg: 'address is required',
        data: null,
        req_id: 'r',
      });
      expect(await failure(() => swapApi.poolsInfo(PAIR_BODY))).toBe(
        `HTTP error! status: ${status}`,
      );
    },
  );

  it("gives the response's message for a refused pair", async () => {
    answer(200, {
      code: SWAP_CODES.pairNotFound,
      msg: 'Pair ordi/sats not found',
      data: null,
      req_id: 'r',
    });
    expect(await failure(() => swapApi.poolsInfo(PAIR_BODY))).toBe('Pair ordi/sats not found');
  });

  it('lets a cancelled poll stay a cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('Aborted', 'AbortError'))),
    );
    const error = await swapApi.poolsInfo(PAIR_BODY, controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });
});

describe('GET calls', () => {
  it('reads an order by id', async () => {
    const fetch = answer(200, {
      code: SWAP_CODES.orderNotFound,
      msg: 'Order not found',
      data: null,
      req_id: 'r',
    });
    expect(await failure(() => swapApi.order('o/1'))).toBe('Order not found');
    expect(fetch).toHaveBeenCalledWith(
      '/brc20swap/order?order_id=o%2F1',
      expect.objectContaining({ method: 'GET' }),
    );
  });
});
