import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { parsePsbt } from '../psbt/codec.ts';
import { coin, multisigCoin, NETWORK, testMultisig, testWallet } from '../psbt/test-fixtures.ts';
import { buildMultisigDeposit } from './deposit.ts';
import { buildInscriptionWithdrawal } from './inscription-withdrawal.ts';
import { buildMultisigPaddingSetup } from './padding-setup.ts';
import { buildMultisigWithdrawal } from './withdrawal.ts';
import {
  checkWalletPsbt,
  type PsbtIntent,
  type WalletPsbtContext,
  type WalletPsbtProblem,
} from './wallet-psbt-check.ts';

const FEE_RATE = 2;
/** What the web accepts at 2 sat/vB (its slack: ×1.1 + 1). */
const MAX_FEE_RATE = FEE_RATE * 1.1 + 1;
const PAYMENT = testWallet('check payment', 'p2wpkh');
const ORDINALS = testWallet('check ordinals', 'p2tr');
const THIEF = testWallet('check thief', 'p2tr');
const MULTISIG = testMultisig(PAYMENT);
const MAKER = testMultisig(PAYMENT, 'maker');
const payment = { address: PAYMENT.address, publicKey: PAYMENT.publicKey };
const paymentCoins = [coin(PAYMENT, 0x21, 200_000n)];
const multisigCoins = [multisigCoin(MULTISIG, 0x31, 100_000n)];

type Built = { psbt: string; fee: bigint; inputsToSign: { index: number; address: string }[] };

/** A builder's result as the server answers it: every input signed by the payment address. */
function built(result: {
  psbt: Uint8Array;
  fee: bigint;
  layout: { inputs: readonly unknown[] };
}): Built {
  return {
    psbt: bytesToBase64(result.psbt),
    fee: result.fee,
    inputsToSign: result.layout.inputs.map((_, index) => ({ index, address: PAYMENT.address })),
  };
}

function context(psbt: Built, wallet = MULTISIG): WalletPsbtContext {
  return {
    network: NETWORK,
    paymentAddress: PAYMENT.address,
    wallet,
    maxFeeRate: MAX_FEE_RATE,
    inputsToSign: psbt.inputsToSign,
  };
}

/** The PSBT with `edit` applied, as a tampering server would send it. */
function tampered(psbt: string, edit: (tx: ReturnType<typeof parsePsbt>) => void): string {
  const tx = parsePsbt(psbt);
  edit(tx);
  return bytesToBase64(tx.toPSBT());
}

const deposit = built(
  buildMultisigDeposit({
    payment: { ...payment, utxos: paymentCoins },
    to: MULTISIG,
    amount: 80_000n,
    count: 8,
    feeRate: FEE_RATE,
    network: NETWORK,
  }),
);
const depositIntent: PsbtIntent = { kind: 'deposit', amount: 80_000n, numberOfOutputs: 8 };

const padding = built(
  buildMultisigPaddingSetup({
    wallet: MULTISIG,
    utxos: multisigCoins,
    count: 3,
    value: 1_000n,
    feeRate: FEE_RATE,
    network: NETWORK,
  }),
);
const paddingIntent: PsbtIntent = { kind: 'padding', numberOfOutputs: 3, paddingValue: 1_000n };

const withdrawalOf = (feeRate: number) =>
  built(
    buildMultisigWithdrawal({
      wallet: MULTISIG,
      utxos: multisigCoins,
      recipientAddress: PAYMENT.address,
      amount: 30_000n,
      feeRate,
      network: NETWORK,
    }),
  );
const withdrawal = withdrawalOf(FEE_RATE);
/** The same withdrawal at ten times the rate: what a server padding its fee would send. */
const greedy = withdrawalOf(FEE_RATE * 10);
const withdrawalIntent: PsbtIntent = {
  kind: 'withdrawal',
  amount: 30_000n,
  recipientAddress: PAYMENT.address,
};

const inscribed = multisigCoin(MAKER, 0x41, 10_000n);
const inscriptionWithdrawalTo = (recipientAddress: string) =>
  built(
    buildInscriptionWithdrawal({
      wallet: MAKER,
      items: [{ utxo: inscribed, recipientAddress }],
      payment: { ...payment, utxos: paymentCoins },
      feeRate: FEE_RATE,
      network: NETWORK,
    }),
  );
const inscriptionWithdrawal = inscriptionWithdrawalTo(ORDINALS.address);
const inscriptionIntent: PsbtIntent = {
  kind: 'inscription-withdrawal',
  outpoints: [`${inscribed.txid}:0`],
  recipientAddress: ORDINALS.address,
};

describe('checkWalletPsbt', () => {
  it.each([
    ['a deposit', deposit, depositIntent, MULTISIG],
    ['a padding setup', padding, paddingIntent, MULTISIG],
    ['a withdrawal', withdrawal, withdrawalIntent, MULTISIG],
    ['an inscription withdrawal', inscriptionWithdrawal, inscriptionIntent, MAKER],
    [
      'an inscription withdrawal to the payment address',
      inscriptionWithdrawalTo(PAYMENT.address),
      { ...inscriptionIntent, recipientAddress: PAYMENT.address } as PsbtIntent,
      MAKER,
    ],
  ])('finds nothing wrong with %s built as asked', (_, psbt, intent, wallet) => {
    const reading = checkWalletPsbt(psbt.psbt, intent, context(psbt, wallet));
    expect(reading.problems).toEqual([]);
    expect(reading.fee).toBe(psbt.fee);
  });

  it('reads every input and output with its owner', () => {
    const reading = checkWalletPsbt(withdrawal.psbt, withdrawalIntent, context(withdrawal));
    expect(reading.inputs).toEqual([
      {
        index: 0,
        outpoint: `${multisigCoins[0]?.txid}:0`,
        address: MULTISIG.address,
        amount: 100_000n,
        owner: 'wallet',
      },
    ]);
    expect(reading.outputs.map((o) => [o.address, o.amount, o.owner])).toEqual([
      [PAYMENT.address, 30_000n, 'recipient'],
      [MULTISIG.address, 100_000n - 30_000n - withdrawal.fee, 'wallet'],
    ]);
  });

  it.each<[string, string, PsbtIntent, WalletPsbtContext, WalletPsbtProblem]>([
    [
      'a withdrawal whose change goes to someone else',
      tampered(withdrawal.psbt, (tx) => tx.updateOutput(1, { script: THIEF.script })),
      withdrawalIntent,
      context(withdrawal),
      { code: 'output-to-stranger', index: 1, address: THIEF.address },
    ],
    [
      'a withdrawal of another amount',
      withdrawal.psbt,
      { ...withdrawalIntent, amount: 20_000n } as PsbtIntent,
      context(withdrawal),
      {
        code: 'withdrawal-amount',
        paid: 30_000n,
        expected: 20_000n,
        recipientAddress: PAYMENT.address,
      },
    ],
    [
      'a withdrawal to another recipient',
      withdrawal.psbt,
      { ...withdrawalIntent, recipientAddress: THIEF.address } as PsbtIntent,
      context(withdrawal),
      { code: 'withdrawal-amount', paid: 0n, expected: 30_000n, recipientAddress: THIEF.address },
    ],
    [
      'a deposit of another amount',
      deposit.psbt,
      { ...depositIntent, amount: 100_000n } as PsbtIntent,
      context(deposit),
      { code: 'deposit-amount', amount: 80_000n, expected: 100_000n },
    ],
    [
      'a deposit into an address that is not the verified wallet',
      deposit.psbt,
      depositIntent,
      context(deposit, MAKER),
      { code: 'deposit-count', count: 0, expected: 8 },
    ],
    [
      'a padding setup that sends a padding away',
      tampered(padding.psbt, (tx) => tx.updateOutput(0, { script: THIEF.script })),
      paddingIntent,
      context(padding),
      { code: 'padding-outputs', count: 3, value: 1_000n },
    ],
    [
      'an inscription withdrawal to someone else',
      tampered(inscriptionWithdrawal.psbt, (tx) => tx.updateOutput(0, { script: THIEF.script })),
      inscriptionIntent,
      context(inscriptionWithdrawal, MAKER),
      { code: 'inscription-not-sent', index: 0, outpoint: `${inscribed.txid}:0` },
    ],
    [
      'an input signed SINGLE|ANYONECANPAY',
      tampered(withdrawal.psbt, (tx) => tx.updateInput(0, { sighashType: 0x83 })),
      withdrawalIntent,
      context(withdrawal),
      { code: 'unsafe-sighash', indices: [0] },
    ],
    [
      'a signature asked with another address',
      withdrawal.psbt,
      withdrawalIntent,
      { ...context(withdrawal), inputsToSign: [{ index: 0, address: THIEF.address }] },
      { code: 'sign-with-other-address', index: 0, address: THIEF.address },
    ],
    [
      'a signature asked for an input that does not exist',
      withdrawal.psbt,
      withdrawalIntent,
      { ...context(withdrawal), inputsToSign: [{ index: 5, address: PAYMENT.address }] },
      { code: 'sign-missing-input', index: 5 },
    ],
    [
      'a fee far above the chosen rate',
      greedy.psbt,
      withdrawalIntent,
      context(greedy),
      { code: 'fee-above-rate', fee: greedy.fee },
    ],
    [
      'a multisig input without its own witness script',
      tampered(withdrawal.psbt, (tx) => tx.updateInput(0, { witnessScript: MAKER.witnessScript })),
      withdrawalIntent,
      context(withdrawal),
      { code: 'input-with-foreign-script', index: 0 },
    ],
    [
      'a withdrawal spending the payment address',
      deposit.psbt,
      withdrawalIntent,
      context(deposit),
      { code: 'input-not-from-wallet', index: 0 },
    ],
    [
      'a deposit spending the wallet',
      withdrawal.psbt,
      depositIntent,
      context(withdrawal),
      { code: 'input-not-from-payment', index: 0 },
    ],
    [
      'an unreadable PSBT',
      'bm90IGEgcHNidA==',
      withdrawalIntent,
      context(withdrawal),
      { code: 'unreadable' },
    ],
  ])('refuses %s', (_, psbt, intent, ctx, problem) => {
    expect(checkWalletPsbt(psbt, intent, ctx).problems).toContainEqual(problem);
  });
});
