// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  curveFees,
  directionOf,
  localQuote,
  maximumSent,
  pairFromParams,
  parseCoinAmount,
  percentText,
  saleAfterNetworkFee,
  saleNetworkFee,
  slippageError,
  txSizeBody,
  userPublicKey,
  type LocalQuote,
} from './swap-form.ts';
import { poolsInfo, TICK, txSize } from './swap-test-fixtures.ts';

const T = 10n ** 18n;

describe('the pair', () => {
  it.each([
    ['?send=btc&receive=OMKT', { send: 'btc', receive: 'omkt' }],
    ['?send=ordi&receive=btc', { send: 'ordi', receive: 'btc' }],
    ['', { send: 'btc', receive: 'omkt' }],
    ['?send=ordi', { send: 'ordi', receive: 'btc' }],
  ])('%s', (query, pair) => {
    expect(pairFromParams(new URLSearchParams(query), 'omkt')).toEqual(pair);
  });

  it('is a buy or a sell against BTC, a route between two tokens, nothing for one coin', () => {
    expect(directionOf({ send: 'btc', receive: 'omkt' })).toEqual({
      direction: 'buy',
      tick: 'omkt',
    });
    expect(directionOf({ send: 'omkt', receive: 'btc' })).toEqual({
      direction: 'sell',
      tick: 'omkt',
    });
    expect(directionOf({ send: 'omkt', receive: 'ordi' })).toEqual({
      direction: 'route',
      tick: 'omkt',
    });
    expect(directionOf({ send: 'btc', receive: 'btc' })).toBeUndefined();
  });
});

describe('amounts and slippage', () => {
  it.each([
    ['0.001', 'btc', 100_000n],
    ['0.000000001', 'btc', undefined],
    ['12.5', TICK, 12n * T + T / 2n],
    ['1.123', 'ordi2', undefined],
    ['-1', 'btc', undefined],
    ['', 'btc', undefined],
  ])('%s of %s', (text, coin, units) => {
    expect(parseCoinAmount(text, coin, coin === 'ordi2' ? 2 : 18)).toBe(units);
  });

  it.each([
    ['0.5', undefined],
    ['12', undefined],
    ['0', undefined],
    ['12.001', 'Slippage must be a percentage from 0 to 12, such as 0.5.'],
    ['0.0001', 'Slippage must be a percentage from 0 to 12, such as 0.5.'],
    ['abc', 'Slippage must be a percentage from 0 to 12, such as 0.5.'],
  ])('slippage %s', (text, error) => {
    expect(slippageError(text)).toBe(error);
  });

  it('fee fractions become parts per million, rounded up', () => {
    expect(curveFees(poolsInfo(), 'buy')).toEqual({ platformPpm: 4000n, lpPpm: 16000n });
    expect(
      curveFees(
        poolsInfo({
          platform_service_fee_sell_percent: '0.0000001',
          liquider_service_sell_percent: '0.02',
        }),
        'sell',
      ),
    ).toEqual({ platformPpm: 1n, lpPpm: 20000n });
  });

  it('the most sent is the quote plus the slippage, rounded up', () => {
    expect(maximumSent(51_044n, '0.5')).toBe(51_300n);
    expect(maximumSent(51_044n, '0')).toBe(51_044n);
  });

  it('prints hundredths of a percent', () => {
    expect(percentText(10n)).toBe('0.10 %');
    expect(percentText(1234n)).toBe('12.34 %');
  });
});

describe('the local quote (core curve on the polled reserves)', () => {
  it('buys with an exact BTC amount', () => {
    expect(
      localQuote({
        direction: 'buy',
        info: poolsInfo(),
        exactSide: 'send',
        amount: 100_000n,
        slippage: '0.5',
      }),
    ).toEqual({
      direction: 'buy',
      send: 100_000n,
      receive: 979_100_422_839_591_829_631n,
      minReceive: 974_204_920_725_393_870_482n,
      platformFee: 400n,
      lpFee: 1594n,
      priceImpactBps: 10n,
    });
  });

  it('buys an exact token amount for the least BTC', () => {
    const quote = localQuote({
      direction: 'buy',
      info: poolsInfo(),
      exactSide: 'receive',
      amount: 500n * T,
      slippage: '0.5',
    }) as LocalQuote;
    expect([quote.send, quote.platformFee, quote.lpFee]).toEqual([51_044n, 204n, 814n]);
  });

  it('sells a transfer inscription of 1000', () => {
    expect(
      localQuote({
        direction: 'sell',
        info: poolsInfo({}, true),
        exactSide: 'send',
        amount: 1000n * T,
        slippage: '0.5',
      }),
    ).toMatchObject({
      send: 1000n * T,
      receive: 97_909n,
      minReceive: 97_419n,
      platformFee: 394n,
      lpFee: 16n * T,
    });
  });

  it("answers the curve's refusal in words", () => {
    expect(
      localQuote({
        direction: 'buy',
        info: poolsInfo(),
        exactSide: 'receive',
        amount: 2_000_000n * T,
        slippage: '0.5',
      }),
    ).toEqual({ error: 'The pool does not hold that much.' });
    expect(
      localQuote({
        direction: 'buy',
        info: poolsInfo({ tick2_volume: '0' }),
        exactSide: 'send',
        amount: 1n,
        slippage: '0.5',
      }),
    ).toEqual({ error: 'The pool has no liquidity.' });
  });
});

describe("a sale's network fee, which the pool takes out of the BTC", () => {
  it('is the size call’s, at most the size at the rate chosen with the review slack', () => {
    expect(saleNetworkFee(txSize({ tx_size: 250, network_fee: '0.00001500' }), 6)).toBe(1_500n);
    // 250 vB × (6 × 1.1 + 1) sat/vB = 1,900 sats at most.
    expect(saleNetworkFee(txSize({ tx_size: 250, network_fee: '0.00005000' }), 6)).toBe(1_900n);
  });

  it('lowers what is received and its minimum', () => {
    const gross = localQuote({
      direction: 'sell',
      info: poolsInfo({}, true),
      exactSide: 'send',
      amount: 1000n * T,
      slippage: '0.5',
    }) as LocalQuote;
    expect(saleAfterNetworkFee(gross, 1_500n, '0.5')).toMatchObject({
      receive: 96_409n,
      minReceive: 95_926n,
    });
    expect(saleAfterNetworkFee(gross, 100_000n, '0.5')).toMatchObject({
      receive: 0n,
      minReceive: 0n,
    });
  });
});

describe('the txsize body', () => {
  const quote: LocalQuote = {
    direction: 'sell',
    send: 1000n * T,
    receive: 97_909n,
    minReceive: 97_419n,
    platformFee: 394n,
    lpFee: 16n * T,
    priceImpactBps: 10n,
  };
  const wallet = {
    paymentAddress: 'bcrt1qpay',
    paymentPublicKey: '02aa',
    ordinalsAddress: 'bcrt1pord',
    ordinalsPublicKey: 'bb',
  };

  it("names the pair, the amounts in each coin's unit, both addresses and the inscription sold", () => {
    expect(
      txSizeBody({
        pair: { send: TICK, receive: 'btc' },
        decimals: 18,
        quote,
        exactSide: 'send',
        wallet,
        slippage: ' 0.5 ',
        feeRate: 6,
        inscriptionId: 'ins-1',
      }),
    ).toEqual({
      send_coin_type: 'brc20',
      send_tick: TICK,
      receive_coin_type: 'btc',
      receive_tick: 'btc',
      send_amount: '1000',
      receive_amount: '0.00097909',
      exact_side: 'send',
      address: 'bcrt1qpay',
      ordinals_address: 'bcrt1pord',
      slipper: '0.5',
      fee_rate: 6,
      ins: ['ins-1'],
      method: 'pools_swap',
    });
  });

  it('joins both keys for a two-address wallet', () => {
    expect(userPublicKey(wallet)).toBe('02aa:bb');
    expect(userPublicKey({ ...wallet, ordinalsAddress: 'bcrt1qpay' })).toBe('02aa');
  });
});
