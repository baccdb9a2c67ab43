// @vitest-environment node
import { bytesToBase64, parsePsbt } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { sendPsbt, TRANSFER_TXID } from '../../test/brc20-test-fixtures.ts';
import { BUYER_ORDINALS, BUYER_PAYMENT, NETWORK, THIEF } from '../../test/trade-test-fixtures.ts';
import { reviewSend } from './send-review.ts';

// The transfer the server prepared, read before the wallet signs it: each problem in its words.

const TO = BUYER_ORDINALS.address;
const request = {
  network: NETWORK,
  toAddress: TO,
  ordinalsAddress: BUYER_ORDINALS.address,
  paymentAddress: BUYER_PAYMENT.address,
  feeRate: 6,
  outpoint: `${TRANSFER_TXID}:0`,
};

describe('reviewSend', () => {
  it('passes the transfer to the recipient, the fee from payment coins', () => {
    const review = reviewSend(sendPsbt(TO), request);
    expect(review.problems).toEqual([]);
    expect(review.sentValue).toBe(546n);
    expect(review.toAddress).toBe(TO);
  });

  it('says the inscription sent elsewhere, change to a stranger and an input nobody signs', () => {
    const prepared = sendPsbt(TO);
    const tx = parsePsbt(prepared.psbt);
    tx.updateOutput(0, { script: THIEF.script });
    tx.updateOutput(1, { script: THIEF.script });
    const review = reviewSend(
      { ...prepared, psbt: bytesToBase64(tx.toPSBT()), paymentInputs: [] },
      request,
    );
    expect(review.problems).toEqual([
      'Input 1 is to be signed by nobody.',
      `Output 0 does not pay ${TO}.`,
      `Output 1 pays ${THIEF.address}, not your payment address.`,
    ]);
  });

  it('says another first input, a fee rate above the one chosen, and a PSBT it cannot read', () => {
    const other = reviewSend(sendPsbt(TO), { ...request, outpoint: `${'ac'.repeat(32)}:0` });
    expect(other.problems).toEqual(['The first input is not the transfer inscription.']);
    const dear = reviewSend(sendPsbt(TO), { ...request, feeRate: 2 });
    expect(dear.problems).toEqual([
      `The network fee rate of ${Number(dear.feeRate.toFixed(2))} sat/vB is above the 2 sat/vB you chose.`,
    ]);
    const unreadable = reviewSend({ ...sendPsbt(TO), psbt: 'bm90IGEgcHNidA==' }, request);
    expect(unreadable.problems).toEqual(['The transfer PSBT cannot be read.']);
  });
});
