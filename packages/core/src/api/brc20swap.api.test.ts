import { describe, expect, it } from 'vitest';
import {
  SendSwapPsbtBodySchema,
  swapEnvelopeSchema,
  SwapPoolsInfoBodySchema,
  SwapTxSizeBodySchema,
} from './brc20swap.api.ts';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the swap calls (DotSwap V2 fields, issue 15)', () => {
  const pair = {
    send_coin_type: 'btc',
    send_tick: 'btc',
    receive_coin_type: 'brc20',
    receive_tick: 'OMKT',
  };
  const quote = {
    ...pair,
    send_amount: '0.001',
    receive_amount: '0',
    address: 'bcrt1qpayer',
    slipper: '0.5',
    fee_rate: 2,
  };

  it('takes the pools-info body with address 0 for nobody connected', () => {
    expect(SwapPoolsInfoBodySchema.parse({ ...pair, address: '0' })).toEqual({
      ...pair,
      address: '0',
    });
    expect(
      firstError(
        SwapPoolsInfoBodySchema.safeParse({ ...pair, send_coin_type: 'rune', address: '0' }),
      ),
    ).toBe('send_coin_type must be btc or brc20');
  });

  it('defaults the exact side, the inscriptions and the method', () => {
    expect(SwapTxSizeBodySchema.parse(quote)).toMatchObject({
      exact_side: 'send',
      ins: [],
      method: 'pools_swap',
    });
  });

  it.each([
    [{ slipper: '12.5' }, 'slipper must be at most 12'],
    [{ slipper: '-1' }, 'slipper must be a percentage such as "0.5"'],
    [{ send_amount: '1e3' }, 'send_amount must be a decimal string such as "12.5"'],
    [{ fee_rate: 0 }, 'fee_rate must be positive'],
    [{ ins: ['abc'] }, 'ins: not an inscription id'],
  ])('refuses %o naming the field', (change, message) => {
    expect(firstError(SwapTxSizeBodySchema.safeParse({ ...quote, ...change }))).toBe(message);
  });

  it('needs an order id and a psbt to send', () => {
    expect(firstError(SendSwapPsbtBodySchema.safeParse({ psbt: 'cHNidP8=' }))).toBe(
      'order_id is required',
    );
  });

  it('wraps data in DotSwap envelope, null data on a refusal', () => {
    const envelope = swapEnvelopeSchema(SendSwapPsbtBodySchema);
    expect(
      envelope.safeParse({
        code: 10180005,
        msg: 'Liquidity Pair Not Found',
        data: null,
        req_id: 'r1',
      }).success,
    ).toBe(true);
  });
});
