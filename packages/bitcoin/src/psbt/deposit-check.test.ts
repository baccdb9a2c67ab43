import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { buildInscriptionDeposit } from '../multisig/inscription-deposit.ts';
import { parsePsbt } from './codec.ts';
import { checkDepositPsbt, type DepositCheckRequest } from './deposit-check.ts';
import { psbtTxid } from './txid.ts';
import { coin, inscriptionUtxo, NETWORK, testMultisig, testWallet } from './test-fixtures.ts';

const ordinals = testWallet('deposit check ordinals', 'p2tr');
const payment = testWallet('deposit check payment', 'p2wpkh');
const thief = testWallet('deposit check thief', 'p2tr');
const maker = testMultisig(payment, 'maker');
const inscription = inscriptionUtxo(ordinals, 0x71);
const built = buildInscriptionDeposit({
  inscriptionUtxos: [inscription],
  payment: {
    address: payment.address,
    publicKey: payment.publicKey,
    utxos: [coin(payment, 0x72, 100_000n)],
  },
  to: maker,
  feeRate: 6,
  network: NETWORK,
});
const psbt = bytesToBase64(built.psbt);
const request: DepositCheckRequest = {
  network: NETWORK,
  paymentAddress: payment.address,
  ordinalsAddress: ordinals.address,
  makerScript: maker.script,
  items: [{ outpoint: inscription }],
  inputsToSign: [
    { index: 0, address: ordinals.address },
    { index: 1, address: payment.address },
  ],
  maxFeeRate: 6.5,
  txid: psbtTxid(psbt),
};

/** The PSBT edited as a compromised server might, announced under its own txid. */
function tampered(edit: (tx: ReturnType<typeof parsePsbt>) => void): [string, DepositCheckRequest] {
  const tx = parsePsbt(psbt);
  edit(tx);
  const edited = bytesToBase64(tx.toPSBT());
  return [edited, { ...request, txid: psbtTxid(edited) }];
}

describe('checkDepositPsbt', () => {
  it('finds the inscription moving whole to the maker wallet, the fee and the change', () => {
    const check = checkDepositPsbt(psbt, request);
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({
      items: [{ value: 10_000n, address: maker.address }],
      networkFee: built.fee,
      change: 100_000n - built.fee,
      txid: request.txid,
    });
  });

  it.each<[string, () => [string, DepositCheckRequest], unknown[]]>([
    [
      'a maker wallet not ours',
      () => [psbt, { ...request, makerScript: undefined }],
      [{ code: 'maker-wallet-not-yours' }],
    ],
    [
      'the inscription to a stranger',
      () => tampered((tx) => tx.updateOutput(0, { script: thief.script })),
      [{ code: 'not-to-maker', item: 0, address: thief.address }],
    ],
    [
      'the change to a stranger',
      () => tampered((tx) => tx.updateOutput(1, { script: thief.script })),
      [{ code: 'pays-stranger', index: 1, address: thief.address }],
    ],
    [
      'part of the inscription output to the fee',
      () => tampered((tx) => tx.updateOutput(0, { amount: 9_000n })),
      [
        { code: 'not-whole', item: 0 },
        { code: 'fee-rate-too-high', feeRate: expect.any(Number) },
      ],
    ],
    [
      'another output than the inscription',
      () => [psbt, { ...request, items: [{ outpoint: { txid: 'cd'.repeat(32), vout: 0 } }] }],
      [{ code: 'wrong-outpoint', item: 0 }],
    ],
    [
      'inputs not of the wallet',
      () =>
        tampered((tx) => {
          tx.updateInput(0, { witnessUtxo: { script: thief.script, amount: 10_000n } });
          tx.updateInput(1, { witnessUtxo: { script: thief.script, amount: 100_000n } });
        }),
      [
        { code: 'inscription-not-yours', item: 0 },
        { code: 'foreign-input', index: 1 },
        { code: 'signer-not-holder', index: 0, address: ordinals.address },
        { code: 'signer-not-holder', index: 1, address: payment.address },
      ],
    ],
    [
      'an unsafe sighash',
      () => tampered((tx) => tx.updateInput(1, { sighashType: 0x82 })),
      [{ code: 'unsafe-sighash', indices: [1] }],
    ],
    [
      'another announced txid',
      () => [psbt, { ...request, txid: 'ab'.repeat(32) }],
      [{ code: 'txid-mismatch' }],
    ],
    [
      'more inscriptions than inputs',
      () => [psbt, { ...request, items: [...request.items, ...request.items, ...request.items] }],
      expect.arrayContaining([{ code: 'count-mismatch', inputs: 2, outputs: 2, items: 3 }]),
    ],
  ])('refuses %s', (_, make, problems) => {
    const [edited, asked] = make();
    expect(checkDepositPsbt(edited, asked).problems).toEqual(problems);
  });
});
