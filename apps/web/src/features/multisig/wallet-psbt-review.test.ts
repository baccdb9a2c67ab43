// @vitest-environment node
import { buildMultisigWithdrawal, type PsbtIntent, type WalletPsbtProblem } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  builtPayload,
  coin,
  MULTISIG,
  NETWORK,
  THIEF_ADDRESS,
} from '../../test/multisig-test-fixtures.ts';
import {
  reviewWalletPsbt,
  walletPsbtProblemText,
  type PsbtCheckContext,
} from './wallet-psbt-review.ts';

// The rules are packages/bitcoin's (wallet-psbt-check.test.ts); here: the words for each problem
// code, and that the review accepts the fee-rate slack and no more.

const FEE_RATE = 2;
const withdrawalAt = (feeRate: number) =>
  builtPayload(
    buildMultisigWithdrawal({
      wallet: MULTISIG,
      utxos: [coin(0x31, 100_000n, MULTISIG.script)],
      recipientAddress: ACCOUNT.paymentAddress,
      amount: 30_000n,
      feeRate,
      network: NETWORK,
    }),
  );
const intent: PsbtIntent = {
  kind: 'withdrawal',
  amount: 30_000n,
  recipientAddress: ACCOUNT.paymentAddress,
};
const context = (built: ReturnType<typeof withdrawalAt>): PsbtCheckContext => ({
  network: NETWORK,
  paymentAddress: ACCOUNT.paymentAddress,
  wallet: MULTISIG,
  feeRate: FEE_RATE,
  inputsToSign: built.inputsToSign,
});

describe('reviewWalletPsbt', () => {
  it('finds nothing wrong with a withdrawal built at the chosen rate', () => {
    const built = withdrawalAt(FEE_RATE);
    const review = reviewWalletPsbt(built.psbt, intent, context(built));
    expect(review.problems).toEqual([]);
    expect(review.fee).toBe(BigInt(built.fee));
  });

  it('refuses, in words, a fee far above the chosen rate', () => {
    const greedy = withdrawalAt(FEE_RATE * 10);
    expect(reviewWalletPsbt(greedy.psbt, intent, context(greedy)).problems).toEqual([
      `Its network fee of 0.0000${greedy.fee} BTC is above the 2 sat/vB you chose.`,
    ]);
  });
});

describe('walletPsbtProblemText', () => {
  const outpoint = `${'ab'.repeat(32)}:0`;
  it.each<[WalletPsbtProblem, string]>([
    [{ code: 'unreadable' }, 'The PSBT cannot be read.'],
    [{ code: 'input-without-prevout', index: 1 }, 'Input 1 does not say what it spends.'],
    [
      { code: 'input-with-foreign-script', index: 0 },
      'Input 0 spends your wallet with another script than its own.',
    ],
    [
      { code: 'input-not-the-maker-coin', index: 0, outpoint },
      `Input 0 is not the coin ${outpoint} of your maker wallet.`,
    ],
    [
      { code: 'input-not-from-payment', index: 2 },
      'Input 2 does not come from your payment address.',
    ],
    [{ code: 'input-not-from-wallet', index: 0 }, 'Input 0 does not come from your wallet.'],
    [
      { code: 'output-to-stranger', index: 1, address: THIEF_ADDRESS },
      `Output 1 pays ${THIEF_ADDRESS}, which this action should not pay.`,
    ],
    [
      { code: 'output-to-stranger', index: 1, address: undefined },
      'Output 1 pays a script without an address, which this action should not pay.',
    ],
    [
      { code: 'deposit-count', count: 0, expected: 8 },
      'It makes 0 coins in your multisig wallet, not 8.',
    ],
    [
      { code: 'deposit-amount', amount: 80_000n, expected: 100_000n },
      'It deposits 0.00080000 BTC, not the 0.00100000 BTC you asked.',
    ],
    [
      { code: 'padding-outputs', count: 3, value: 1_000n },
      'It does not make 3 padding outputs of 0.00001000 BTC in your multisig wallet.',
    ],
    [
      { code: 'withdrawal-amount', paid: 0n, expected: 30_000n, recipientAddress: THIEF_ADDRESS },
      `It pays 0.00000000 BTC to ${THIEF_ADDRESS}, not 0.00030000 BTC.`,
    ],
    [
      { code: 'inscription-not-sent', index: 0, outpoint },
      `Output 0 does not send the coin ${outpoint} whole to your address.`,
    ],
    [{ code: 'sign-missing-input', index: 4 }, 'It asks to sign input 4, which does not exist.'],
    [
      { code: 'sign-with-other-address', index: 0, address: THIEF_ADDRESS },
      `It asks to sign input 0 with ${THIEF_ADDRESS}, not your payment address.`,
    ],
    [{ code: 'sign-foreign-input', index: 1 }, 'It asks to sign input 1, which is not yours.'],
    [
      { code: 'unsafe-sighash', indices: [0, 2] },
      'This PSBT asks to sign input 0, 2 with a sighash that lets others change what it pays.',
    ],
    [{ code: 'outputs-exceed-inputs' }, 'Its outputs pay more than its inputs hold.'],
    [
      { code: 'fee-above-rate', fee: 5_000n },
      'Its network fee of 0.00005000 BTC is above the 2 sat/vB you chose.',
    ],
  ])('says %s', (problem, text) => {
    expect(walletPsbtProblemText(problem, FEE_RATE)).toBe(text);
  });
});
