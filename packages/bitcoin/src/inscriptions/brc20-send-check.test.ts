import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import { buildDelistPsbt } from '../psbt/delist.ts';
import {
  coin,
  inscriptionUtxo,
  NETWORK,
  testWallet,
  withDeclaredSighash,
} from '../psbt/test-fixtures.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { checkBrc20SendPsbt, type Brc20SendRequest } from './brc20-send-check.ts';

const ordinals = testWallet('brc20 sender', 'p2tr');
const payer = testWallet('brc20 payer', 'p2wpkh');
const recipient = testWallet('brc20 recipient', 'p2tr');
const thief = testWallet('thief', 'p2tr');

// The server's send (brc20-send.service): the transfer inscription's output to the recipient.
const built = buildDelistPsbt({
  inscriptionUtxo: inscriptionUtxo(ordinals, 0xc1, 546n),
  sellerPayment: {
    address: payer.address,
    publicKey: payer.publicKey,
    utxos: [coin(payer, 0xa1, 30_000n)],
  },
  toAddress: recipient.address,
  feeRate: 4,
  network: NETWORK,
});

const request: Brc20SendRequest = {
  network: NETWORK,
  toAddress: recipient.address,
  ordinalsAddress: ordinals.address,
  paymentAddress: payer.address,
  outpoint: `${'c1'.repeat(32)}:0`,
  ordinalInputs: [0],
  paymentInputs: built.layout.paymentIndices,
  maxFeeRate: 5.4,
};

function tampered(edit: (tx: Transaction) => void): string {
  const tx = Transaction.fromPSBT(built.psbt, TRADE_TX_OPTIONS);
  edit(tx);
  return bytesToBase64(tx.toPSBT());
}

const check = (psbt: string, overrides: Partial<Brc20SendRequest> = {}) =>
  checkBrc20SendPsbt(psbt, { ...request, ...overrides });

describe('checkBrc20SendPsbt', () => {
  it("passes the server's send and reads the postage sent, the change and the fee", () => {
    const change = Transaction.fromPSBT(built.psbt).getOutput(1).amount;
    expect(check(bytesToBase64(built.psbt))).toEqual({
      sentValue: 546n,
      change,
      networkFee: built.fee,
      feeRate: Number(built.fee) / built.vsize,
      txid: psbtTxid(built.psbt),
      problems: [],
    });
  });

  it('says another first input than the inscription, and an input nobody signs', () => {
    expect(check(bytesToBase64(built.psbt), { outpoint: `${'c2'.repeat(32)}:0` }).problems).toEqual(
      [{ code: 'not-the-inscription' }],
    );
    expect(check(bytesToBase64(built.psbt), { paymentInputs: [] }).problems).toEqual([
      { code: 'unlisted-input', index: 1 },
    ]);
  });

  it("says a coin that is not the wallet's", () => {
    const psbt = tampered((tx) =>
      tx.updateInput(1, { witnessUtxo: { script: thief.script, amount: 30_000n } }, true),
    );
    expect(check(psbt).problems).toEqual([{ code: 'foreign-input', index: 1 }]);
  });

  it('says the inscription sent elsewhere, and change to a stranger', () => {
    const elsewhere = tampered((tx) => tx.updateOutput(0, { script: thief.script }));
    expect(check(elsewhere).problems).toEqual([{ code: 'not-to-recipient' }]);
    const change = tampered((tx) => tx.updateOutput(1, { script: thief.script }));
    expect(check(change).problems).toEqual([
      { code: 'pays-stranger', index: 1, address: thief.address },
    ]);
  });

  it('says an unsafe sighash, outputs above the inputs, and a fee rate above the one accepted', () => {
    const unsafe = bytesToBase64(withDeclaredSighash(built.psbt, 0x83));
    expect(check(unsafe).problems).toEqual([{ code: 'unsafe-sighash', indices: [0, 1] }]);
    const over = tampered((tx) => tx.updateOutput(1, { amount: 40_000n }));
    expect(check(over).problems).toEqual([{ code: 'overspends' }]);
    const { feeRate, problems } = check(bytesToBase64(built.psbt), { maxFeeRate: 3 });
    expect(problems).toEqual([{ code: 'fee-rate-too-high', feeRate }]);
  });

  it('says a PSBT it cannot read', () => {
    expect(check('bm90IGEgcHNidA==').problems).toEqual([{ code: 'unreadable' }]);
  });
});
