import {
  buildInscriptionWithdrawal,
  buildMultisigDeposit,
  buildMultisigPaddingSetup,
  buildMultisigWithdrawal,
  bytesToBase64,
  hexToBytes,
  parsePsbt,
  scriptOfAddress,
  type PsbtIntent,
} from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  builtPayload,
  coin,
  MAKER,
  MULTISIG,
  NETWORK,
  PAYMENT_SCRIPT,
  THIEF_ADDRESS,
} from './multisig-test-fixtures.ts';
import { reviewWalletPsbt, type PsbtCheckContext } from './wallet-psbt-review.ts';

const FEE_RATE = 2;
const paymentCoins = [coin(0x21, 200_000n, PAYMENT_SCRIPT)];
const multisigCoins = [coin(0x31, 100_000n, MULTISIG.script)];
const payment = {
  address: ACCOUNT.paymentAddress,
  publicKey: hexToBytes(ACCOUNT.paymentPublicKey),
};

function context(built: ReturnType<typeof builtPayload>, wallet = MULTISIG): PsbtCheckContext {
  return {
    network: NETWORK,
    paymentAddress: ACCOUNT.paymentAddress,
    wallet,
    feeRate: FEE_RATE,
    inputsToSign: built.inputsToSign,
  };
}

/** The PSBT with `edit` applied, as a tampering server would send it. */
function tampered(psbt: string, edit: (tx: ReturnType<typeof parsePsbt>) => void): string {
  const tx = parsePsbt(psbt);
  edit(tx);
  return bytesToBase64(tx.toPSBT());
}

const deposit = builtPayload(
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

const padding = builtPayload(
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

const withdrawal = builtPayload(
  buildMultisigWithdrawal({
    wallet: MULTISIG,
    utxos: multisigCoins,
    recipientAddress: ACCOUNT.paymentAddress,
    amount: 30_000n,
    feeRate: FEE_RATE,
    network: NETWORK,
  }),
);
const withdrawalIntent: PsbtIntent = {
  kind: 'withdrawal',
  amount: 30_000n,
  recipientAddress: ACCOUNT.paymentAddress,
};

/** The same withdrawal at ten times the rate: what a server padding its fee would send. */
const greedy = builtPayload(
  buildMultisigWithdrawal({
    wallet: MULTISIG,
    utxos: multisigCoins,
    recipientAddress: ACCOUNT.paymentAddress,
    amount: 30_000n,
    feeRate: FEE_RATE * 10,
    network: NETWORK,
  }),
);

const inscribed = coin(0x41, 10_000n, MAKER.script);
const inscriptionWithdrawal = builtPayload(
  buildInscriptionWithdrawal({
    wallet: MAKER,
    items: [{ utxo: inscribed, recipientAddress: ACCOUNT.ordinalsAddress }],
    payment: { ...payment, utxos: paymentCoins },
    feeRate: FEE_RATE,
    network: NETWORK,
  }),
);
const inscriptionIntent: PsbtIntent = {
  kind: 'inscription-withdrawal',
  outpoints: [`${inscribed.txid}:0`],
  recipientAddress: ACCOUNT.ordinalsAddress,
};

/** A single-address wallet: the inscription goes back to the payment address, which also pays. */
const toPaymentAddress = builtPayload(
  buildInscriptionWithdrawal({
    wallet: MAKER,
    items: [{ utxo: inscribed, recipientAddress: ACCOUNT.paymentAddress }],
    payment: { ...payment, utxos: paymentCoins },
    feeRate: FEE_RATE,
    network: NETWORK,
  }),
);

const thiefScript = scriptOfAddress(THIEF_ADDRESS, NETWORK);

describe('reviewWalletPsbt', () => {
  it.each([
    ['a deposit', deposit, depositIntent, MULTISIG],
    ['a padding setup', padding, paddingIntent, MULTISIG],
    ['a withdrawal', withdrawal, withdrawalIntent, MULTISIG],
    ['an inscription withdrawal', inscriptionWithdrawal, inscriptionIntent, MAKER],
    [
      'an inscription withdrawal to the payment address',
      toPaymentAddress,
      { ...inscriptionIntent, recipientAddress: ACCOUNT.paymentAddress } as PsbtIntent,
      MAKER,
    ],
  ])('finds nothing wrong with %s built as asked', (_, built, intent, wallet) => {
    const review = reviewWalletPsbt(built.psbt, intent, context(built, wallet));
    expect(review.problems).toEqual([]);
    expect(review.fee).toBe(BigInt(built.fee));
  });

  it('reads every input and output with its owner', () => {
    const review = reviewWalletPsbt(withdrawal.psbt, withdrawalIntent, context(withdrawal));
    expect(review.inputs).toEqual([
      {
        index: 0,
        outpoint: `${multisigCoins[0]?.txid}:0`,
        address: MULTISIG.address,
        amount: 100_000n,
        owner: 'wallet',
      },
    ]);
    expect(review.outputs.map((o) => [o.address, o.amount, o.owner])).toEqual([
      [ACCOUNT.paymentAddress, 30_000n, 'recipient'],
      [MULTISIG.address, 100_000n - 30_000n - BigInt(withdrawal.fee), 'wallet'],
    ]);
  });

  it.each<[string, string, PsbtIntent, PsbtCheckContext, string]>([
    [
      'a withdrawal whose change goes to someone else',
      tampered(withdrawal.psbt, (tx) => tx.updateOutput(1, { script: thiefScript })),
      withdrawalIntent,
      context(withdrawal),
      `Output 1 pays ${THIEF_ADDRESS}, which this action should not pay.`,
    ],
    [
      'a withdrawal of another amount',
      withdrawal.psbt,
      { ...withdrawalIntent, amount: 20_000n } as PsbtIntent,
      context(withdrawal),
      `It pays 0.00030000 BTC to ${ACCOUNT.paymentAddress}, not 0.00020000 BTC.`,
    ],
    [
      'a withdrawal to another recipient',
      withdrawal.psbt,
      { ...withdrawalIntent, recipientAddress: THIEF_ADDRESS } as PsbtIntent,
      context(withdrawal),
      `It pays 0.00000000 BTC to ${THIEF_ADDRESS}, not 0.00030000 BTC.`,
    ],
    [
      'a deposit of another amount',
      deposit.psbt,
      { ...depositIntent, amount: 100_000n } as PsbtIntent,
      context(deposit),
      'It deposits 0.00080000 BTC, not the 0.00100000 BTC you asked.',
    ],
    [
      'a deposit into an address that is not the verified wallet',
      deposit.psbt,
      depositIntent,
      context(deposit, MAKER),
      'It makes 0 coins in your multisig wallet, not 8.',
    ],
    [
      'a padding setup that sends a padding away',
      tampered(padding.psbt, (tx) => tx.updateOutput(0, { script: thiefScript })),
      paddingIntent,
      context(padding),
      'It does not make 3 padding outputs of 0.00001000 BTC in your multisig wallet.',
    ],
    [
      'an inscription withdrawal to someone else',
      tampered(inscriptionWithdrawal.psbt, (tx) => tx.updateOutput(0, { script: thiefScript })),
      inscriptionIntent,
      context(inscriptionWithdrawal, MAKER),
      `Output 0 does not send the coin ${inscribed.txid}:0 whole to your address.`,
    ],
    [
      'an input signed SINGLE|ANYONECANPAY',
      tampered(withdrawal.psbt, (tx) => tx.updateInput(0, { sighashType: 0x83 })),
      withdrawalIntent,
      context(withdrawal),
      'This PSBT asks to sign input 0 with a sighash that lets others change what it pays.',
    ],
    [
      'a signature asked with another address',
      withdrawal.psbt,
      withdrawalIntent,
      { ...context(withdrawal), inputsToSign: [{ index: 0, address: THIEF_ADDRESS }] },
      `It asks to sign input 0 with ${THIEF_ADDRESS}, not your payment address.`,
    ],
    [
      'a fee far above the chosen rate',
      greedy.psbt,
      withdrawalIntent,
      context(greedy),
      `Its network fee of 0.0000${greedy.fee} BTC is above the 2 sat/vB you chose.`,
    ],
    [
      'a multisig input without its own witness script',
      tampered(withdrawal.psbt, (tx) => tx.updateInput(0, { witnessScript: MAKER.witnessScript })),
      withdrawalIntent,
      context(withdrawal),
      'Input 0 spends your wallet with another script than its own.',
    ],
    [
      'an unreadable PSBT',
      'bm90IGEgcHNidA==',
      withdrawalIntent,
      context(withdrawal),
      'The PSBT cannot be read.',
    ],
  ])('refuses %s', (_, psbt, intent, ctx, problem) => {
    expect(reviewWalletPsbt(psbt, intent, ctx).problems).toContain(problem);
  });
});
