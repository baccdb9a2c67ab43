// @vitest-environment node
import { bytesToBase64, bytesToHex, parsePsbt, psbtTxid } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import {
  NOT_YOUR_MAKER_WALLET,
  reviewInscriptionDeposit,
  type DepositRequest,
} from './deposit-review.ts';
import {
  depositFixture,
  LISTED_OUTPOINT,
  NETWORK,
  SELLER,
  SELLER_MAKER,
  SELLER_PAYMENT,
  THIEF,
  THIEF_MAKER,
} from '../../test/trade-test-fixtures.ts';

const deposit = depositFixture();
const request: DepositRequest = {
  network: NETWORK,
  wallet: {
    paymentAddress: SELLER_PAYMENT.address,
    paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
    ordinalsAddress: SELLER.address,
  },
  maker: { address: SELLER_MAKER.address, witnessScript: bytesToHex(SELLER_MAKER.witnessScript) },
  items: [{ label: 'Rock #1', outpoint: LISTED_OUTPOINT }],
  inputsToSign: deposit.inputsToSign,
  feeRate: 6,
  txid: deposit.txid,
};

/** The fixture's PSBT edited as a compromised server might, announced under its own txid. */
function tampered(edit: (tx: ReturnType<typeof parsePsbt>) => void) {
  const tx = parsePsbt(deposit.psbt);
  edit(tx);
  const psbt = bytesToBase64(tx.toPSBT());
  return { psbt, request: { ...request, txid: psbtTxid(psbt) } };
}

describe('reviewInscriptionDeposit', () => {
  it('shows the inscription moving whole to the maker wallet, the fee and the change', () => {
    const review = reviewInscriptionDeposit(deposit.psbt, request);
    expect(review.problems).toEqual([]);
    expect(review).toMatchObject({
      items: [{ label: 'Rock #1', value: 10_000n, address: SELLER_MAKER.address }],
      makerAddress: SELLER_MAKER.address,
      networkFee: BigInt(deposit.fee),
      change: 100_000n - BigInt(deposit.fee),
      txid: deposit.txid,
    });
    expect(review.feeRate).toBeCloseTo(6, 0);
  });

  it.each<[string, () => { psbt: string; request: DepositRequest }, string[]]>([
    [
      'the inscription to another address',
      () => tampered((tx) => tx.updateOutput(0, { script: THIEF.script })),
      [`Rock #1: the inscription would go to ${THIEF.address}, not your maker wallet.`],
    ],
    [
      'the change to another address',
      () => tampered((tx) => tx.updateOutput(1, { script: THIEF.script })),
      [`Output 1 pays ${THIEF.address}, not your payment address.`],
    ],
    [
      'part of the inscription output to the fee',
      () => tampered((tx) => tx.updateOutput(0, { amount: 9_000n })),
      [
        "Rock #1: the inscription's output would not move whole.",
        expect.stringMatching(/^The network fee rate of .+ is above the 6 sat\/vB you chose\.$/),
      ],
    ],
    [
      'another output than the inscription’s',
      () => ({
        psbt: deposit.psbt,
        request: { ...request, items: [{ label: 'Rock #1', outpoint: `${'cd'.repeat(32)}:0` }] },
      }),
      ["Rock #1: the PSBT moves another output than the inscription's."],
    ],
    [
      'a signer that does not hold the input',
      () => ({
        psbt: deposit.psbt,
        request: { ...request, inputsToSign: [{ index: 1, address: SELLER.address }] },
      }),
      [`The server asks ${SELLER.address} to sign input 1, which it does not hold.`],
    ],
    [
      'a sighash that lets others change the transaction',
      () => tampered((tx) => tx.updateInput(1, { sighashType: 0x82 })),
      ['The deposit asks to sign input 1 with a sighash that lets others change what it pays.'],
    ],
    [
      'a fee rate above the chosen one',
      () => ({ psbt: deposit.psbt, request: { ...request, feeRate: 2 } }),
      ['The network fee rate of 6 sat/vB is above the 2 sat/vB you chose.'],
    ],
    [
      'another txid than the PSBT’s',
      () => ({ psbt: deposit.psbt, request: { ...request, txid: 'ab'.repeat(32) } }),
      ['The server announced another transaction than the PSBT.'],
    ],
    [
      'a maker wallet of someone else’s key',
      () => ({
        psbt: depositFixture({ to: THIEF_MAKER }).psbt,
        request: {
          ...request,
          maker: {
            address: THIEF_MAKER.address,
            witnessScript: bytesToHex(THIEF_MAKER.witnessScript),
          },
        },
      }),
      [NOT_YOUR_MAKER_WALLET],
    ],
    [
      'a maker address that is not its script’s',
      () => ({
        psbt: deposit.psbt,
        request: { ...request, maker: { ...request.maker, address: THIEF.address } },
      }),
      [NOT_YOUR_MAKER_WALLET],
    ],
    [
      'a PSBT it cannot read',
      () => ({ psbt: 'bm9wZQ==', request }),
      ['The deposit PSBT cannot be read.'],
    ],
  ])('refuses %s', (_, make, problems) => {
    const { psbt, request: asked } = make();
    expect(reviewInscriptionDeposit(psbt, asked).problems).toEqual(problems);
  });
});
