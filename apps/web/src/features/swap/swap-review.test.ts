// @vitest-environment node
import { scriptOfAddress } from '@om/bitcoin';
import { satsToBtc } from '@om/core';
import { describe, expect, it } from 'vitest';
import { BUYER_ORDINALS, BUYER_PAYMENT, NETWORK, THIEF } from '../../test/trade-test-fixtures.ts';
import { reviewSwapPsbt, type SwapReviewRequest } from './swap-review.ts';
import {
  buyPsbt,
  FEE_RATE,
  INSCRIPTION_OUTPOINT,
  POOL_ADDRESS,
  POSTAGE,
  PRELUDE_FEE,
  psbtAnswer,
  sellPsbt,
} from './swap-test-fixtures.ts';

// The PSBT of get_swap_psbt read before the wallet signs: real swaps built by packages/bitcoin,
// and the same swaps changed the ways a wrong or hostile server could change them.

const common = {
  network: NETWORK,
  paymentAddress: BUYER_PAYMENT.address,
  ordinalsAddress: BUYER_ORDINALS.address,
  poolAddress: POOL_ADDRESS,
  feeRate: FEE_RATE,
};

describe('a purchase', () => {
  const built = buyPsbt();
  const request: SwapReviewRequest = {
    ...common,
    direction: 'buy',
    minReceive: 0n,
    maxSend: 100_000n,
    platformFee: 400n,
    networkFee: built.fee + PRELUDE_FEE,
  };
  /** The amount, its network fee (the pool's inscribing included) and its platform fee. */
  const MOST = 100_000n + built.fee + PRELUDE_FEE + 400n;

  it('passes when it is the swap quoted: what leaves the wallet is the amount and its network fee', () => {
    const review = reviewSwapPsbt(psbtAnswer(built, 'buy'), request);
    expect(review.problems).toEqual([]);
    expect(review.pays).toBe(100_000n + built.fee + PRELUDE_FEE);
    expect(review.receives).toBe(200_000n - 100_000n - built.fee - PRELUDE_FEE - POSTAGE);
    expect(review.networkFee).toBe(built.fee);
    expect(review.txid).toBe(built.txid);
  });

  it('refuses an inscription sent elsewhere than the ordinals address', () => {
    const stolen = buyPsbt({
      user: {
        paymentAddress: BUYER_PAYMENT.address,
        ordinalsAddress: THIEF.address,
        utxos: [
          {
            txid: 'b1'.repeat(32),
            vout: 0,
            value: 200_000n,
            script: BUYER_PAYMENT.script,
            inscribed: false,
          },
        ],
      },
    });
    // The inscription's postage no longer comes back to the user either.
    const costs = 100_000n + built.fee + PRELUDE_FEE + POSTAGE;
    expect(reviewSwapPsbt(psbtAnswer(stolen, 'buy'), request).problems).toEqual([
      `Output 0 sends the inscription to ${THIEF.address}, not your ordinals address.`,
      `It costs you ${satsToBtc(costs)} BTC, more than the ${satsToBtc(MOST)} BTC quoted with its fees.`,
    ]);
  });

  it('refuses to pay the pool more than quoted', () => {
    const dearer = buyPsbt({ pay: 120_000n });
    const costs = 120_000n + 400n + dearer.fee - POSTAGE;
    expect(reviewSwapPsbt(psbtAnswer(dearer, 'buy'), request).problems).toEqual([
      `It costs you ${satsToBtc(costs)} BTC, more than the ${satsToBtc(MOST)} BTC quoted with its fees.`,
    ]);
  });

  it('refuses a network fee rate far above the one chosen', () => {
    const rushed = buyPsbt({ feeRate: 40 });
    const problems = reviewSwapPsbt(psbtAnswer(rushed, 'buy'), request).problems;
    expect(problems[0]).toMatch(
      /^The network fee rate of 4\d(\.\d+)? sat\/vB is above the 6 sat\/vB you chose\.$/,
    );
    expect(problems[1]).toMatch(
      /^It costs you .* BTC, more than the .* BTC quoted with its fees\.$/,
    );
  });

  it("refuses to sign the pool's input or an input the PSBT does not have", () => {
    const answer = psbtAnswer(built, 'buy', {
      inputs_to_sign: [
        { index: 0, address: BUYER_PAYMENT.address },
        { index: 1, address: BUYER_PAYMENT.address },
        { index: 7, address: BUYER_PAYMENT.address },
      ],
    });
    expect(reviewSwapPsbt(answer, request).problems).toEqual([
      'The swap asks you to sign input 0, which is not yours to pay with.',
      'The swap asks to sign input 7, which the PSBT does not have.',
    ]);
  });

  it("refuses an inscription that is not the pool's", () => {
    expect(
      reviewSwapPsbt(psbtAnswer(built, 'buy'), { ...request, poolAddress: THIEF.address }).problems,
    ).toEqual(["Input 0 is not the pool's transfer inscription."]);
  });

  it('refuses what it cannot read', () => {
    expect(
      reviewSwapPsbt(psbtAnswer(built, 'buy', { psbt: 'bm90IGEgcHNidA==' }), request).problems,
    ).toEqual(['The swap PSBT cannot be read.']);
  });
});

describe('a sale', () => {
  const request: SwapReviewRequest = {
    ...common,
    direction: 'sell',
    inscriptionOutpoint: INSCRIPTION_OUTPOINT,
    minReceive: 97_419n,
    maxSend: 0n,
    platformFee: 394n,
    networkFee: 0n,
  };

  it('passes when the payment address gets at least the minimum received', () => {
    const review = reviewSwapPsbt(psbtAnswer(sellPsbt(97_909n), 'sell'), request);
    expect(review.problems).toEqual([]);
    expect(review.receives).toBe(97_909n);
  });

  it('refuses a payment below the minimum received', () => {
    expect(reviewSwapPsbt(psbtAnswer(sellPsbt(97_000n), 'sell'), request).problems).toEqual([
      'It pays you 0.00097000 BTC, less than the minimum received of 0.00097419 BTC.',
    ]);
  });

  it("holds it to the order's own minimum when that is higher", () => {
    const answer = psbtAnswer(sellPsbt(97_500n), 'sell', { min_receive: '0.00097600' });
    expect(reviewSwapPsbt(answer, request).problems).toEqual([
      'It pays you 0.00097500 BTC, less than the minimum received of 0.00097600 BTC.',
    ]);
  });

  it('refuses another inscription than the one chosen, or one going elsewhere than the pool', () => {
    expect(
      reviewSwapPsbt(psbtAnswer(sellPsbt(97_909n), 'sell'), {
        ...request,
        inscriptionOutpoint: `${'c2'.repeat(32)}:0`,
      }).problems,
    ).toEqual(['Input 0 is not the transfer inscription you chose.']);
    const thief = sellPsbt(97_909n, {
      keys: { user: BUYER_ORDINALS.publicKey, pool: THIEF.publicKey },
      pool: {
        address: THIEF.address,
        utxos: [
          {
            txid: 'e1'.repeat(32),
            vout: 0,
            value: 500_000n,
            script: scriptOfAddress(THIEF.address, NETWORK),
            inscribed: false,
          },
        ],
      },
    });
    expect(reviewSwapPsbt(psbtAnswer(thief, 'sell'), request).problems).toEqual([
      `Output 0 sends the inscription to ${THIEF.address}, not the pool.`,
    ]);
  });

  it('refuses to spend a payment coin of the user on a sale', () => {
    // The "pool" is the user's own payment address: its coins fund the sale.
    const funded = sellPsbt(97_909n, {
      keys: { user: BUYER_ORDINALS.publicKey, pool: BUYER_PAYMENT.publicKey },
      pool: {
        address: BUYER_PAYMENT.address,
        utxos: [
          {
            txid: 'e1'.repeat(32),
            vout: 0,
            value: 500_000n,
            script: BUYER_PAYMENT.script,
            inscribed: false,
          },
        ],
      },
    });
    const answer = psbtAnswer(funded, 'sell', {
      inputs_to_sign: [
        { index: 0, address: BUYER_ORDINALS.address },
        { index: 1, address: BUYER_PAYMENT.address },
      ],
    });
    expect(reviewSwapPsbt(answer, request).problems).toEqual([
      'Input 1 is a coin of your wallet: a sale spends only the inscription.',
      'The swap asks you to sign input 1, which is not yours to pay with.',
      `Output 0 sends the inscription to ${BUYER_PAYMENT.address}, not the pool.`,
    ]);
  });
});
