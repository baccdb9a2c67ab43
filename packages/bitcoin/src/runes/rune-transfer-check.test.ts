import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import { coin, NETWORK, testWallet } from '../psbt/test-fixtures.ts';
import { psbtInput } from '../psbt/utxo.ts';
import { checkRuneTransferPsbt, type RuneTransferRequest } from './rune-transfer-check.ts';
import { buildRuneTransferPsbt, RUNE_OUTPUT_VALUE, type RuneInput } from './rune-transfer.ts';
import { encipherRunestone } from './runestone.ts';
import type { Runestone } from './runestone.types.ts';

const sender = testWallet('rune sender', 'p2tr');
const payer = testWallet('rune payer', 'p2wpkh');
const recipient = testWallet('rune recipient', 'p2tr');
const thief = testWallet('thief', 'p2tr');
const RUNE = { block: 840_000, tx: 7 };
const AMOUNT = 750n;

const runeInputs: RuneInput[] = [
  { ...coin(sender, 0xb1, 546n), runeAmount: 600n, publicKey: sender.publicKey },
  { ...coin(sender, 0xb2, 546n), runeAmount: 400n, publicKey: sender.publicKey },
];
const built = buildRuneTransferPsbt({
  runeInputs,
  payment: {
    address: payer.address,
    publicKey: payer.publicKey,
    utxos: [coin(payer, 0xa1, 5_000n), coin(payer, 0xa2, 50_000n)],
  },
  runeId: RUNE,
  amount: AMOUNT,
  recipientAddress: recipient.address,
  runeChangeAddress: sender.address,
  feeRate: 3,
  network: NETWORK,
});

const request: RuneTransferRequest = {
  network: NETWORK,
  runeId: RUNE,
  amount: AMOUNT,
  recipientAddress: recipient.address,
  ordinalAddress: sender.address,
  paymentAddress: payer.address,
  runeOutpoints: [`${'b1'.repeat(32)}:0`, `${'b2'.repeat(32)}:0`, `${'b9'.repeat(32)}:0`],
  ordinalInputs: built.inputsToSign.ordinal,
  paymentInputs: built.inputsToSign.payment,
  maxFeeRate: 4.3,
};

/** The built PSBT changed by `edit`, as base64. */
function tampered(edit: (tx: Transaction) => void): string {
  const tx = Transaction.fromPSBT(built.psbt, TRADE_TX_OPTIONS);
  edit(tx);
  return bytesToBase64(tx.toPSBT());
}

const withRunestone = (runestone: Runestone) =>
  tampered((tx) => tx.updateOutput(0, { script: encipherRunestone(runestone) }));
const codes = (psbt: string, overrides: Partial<RuneTransferRequest> = {}) =>
  checkRuneTransferPsbt(psbt, { ...request, ...overrides }).problems.map((p) => p.code);
const EDICT = { id: RUNE, amount: AMOUNT, output: 1 };

describe('checkRuneTransferPsbt', () => {
  it("passes the builder's transfer and reads its fee, the recipient's sats and the change", () => {
    const check = checkRuneTransferPsbt(bytesToBase64(built.psbt), request);
    const btcChange = Transaction.fromPSBT(built.psbt).getOutput(3).amount ?? 0n;
    expect(check).toEqual({
      recipientValue: RUNE_OUTPUT_VALUE,
      change: RUNE_OUTPUT_VALUE + btcChange,
      networkFee: built.fee,
      vsize: built.vsize,
      feeRate: Number(built.fee) / built.vsize,
      problems: [],
    });
    // The inputs: two rune outputs of 546 sats and the 50,000-sat coin.
    expect(1_092n + 50_000n - (RUNE_OUTPUT_VALUE * 2n + btcChange)).toBe(built.fee);
  });

  it.each<[string, Runestone]>([
    ['another amount', { edicts: [{ ...EDICT, amount: 751n }], pointer: 2 }],
    ['another rune', { edicts: [{ ...EDICT, id: { block: 840_000, tx: 8 } }], pointer: 2 }],
    ['another output', { edicts: [{ ...EDICT, output: 2 }], pointer: 2 }],
    ['a second edict', { edicts: [EDICT, { ...EDICT, amount: 1n, output: 3 }], pointer: 2 }],
    ['no edict', { edicts: [], pointer: 2 }],
    ['a mint beside the edict', { edicts: [EDICT], pointer: 2, mint: { block: 1, tx: 0 } }],
  ])('refuses a runestone with %s', (_, runestone) => {
    expect(codes(withRunestone(runestone))).toEqual(['edict-mismatch']);
  });

  it('refuses a runestone without a pointer: the rest of the runes would go to the recipient', () => {
    expect(codes(withRunestone({ edicts: [EDICT] }))).toEqual(['rune-change-not-yours']);
    expect(codes(withRunestone({ edicts: [EDICT], pointer: 1 }))).toEqual([
      'rune-change-not-yours',
    ]);
  });

  it('refuses a cenotaph (it burns the runes) and a transfer with no runestone first', () => {
    // Tag 24 (even, unknown to ord) makes a cenotaph.
    const cenotaph = tampered((tx) =>
      tx.updateOutput(0, { script: Uint8Array.from([0x6a, 0x5d, 0x02, 0x18, 0x01]) }),
    );
    expect(codes(cenotaph)).toEqual(['no-runestone', 'rune-change-not-yours']);
    const plainReturn = tampered((tx) =>
      tx.updateOutput(0, { script: Uint8Array.from([0x6a, 0x01, 0x00]) }),
    );
    expect(codes(plainReturn)).toEqual(['no-runestone', 'rune-change-not-yours']);
  });

  it('refuses outputs that pay someone else, naming them', () => {
    const toThief = tampered((tx) => tx.updateOutput(1, { script: thief.script }));
    expect(codes(toThief)).toEqual(['not-to-recipient']);
    const runeChangeToThief = tampered((tx) => tx.updateOutput(2, { script: thief.script }));
    expect(checkRuneTransferPsbt(runeChangeToThief, request).problems).toEqual([
      { code: 'rune-change-not-yours' },
      { code: 'pays-stranger', index: 2, address: thief.address },
    ]);
    const btcChangeToThief = tampered((tx) => tx.updateOutput(3, { script: thief.script }));
    expect(checkRuneTransferPsbt(btcChangeToThief, request).problems).toEqual([
      { code: 'pays-stranger', index: 3, address: thief.address },
    ]);
    const satsOnRunestone = tampered((tx) => tx.updateOutput(0, { amount: 1n }));
    expect(checkRuneTransferPsbt(satsOnRunestone, request).problems).toEqual([
      { code: 'pays-stranger', index: 0, address: undefined },
    ]);
  });

  it("refuses inputs that are not the sender's, or that nobody is asked to sign", () => {
    const withThiefCoin = tampered((tx) => tx.addInput(psbtInput(coin(thief, 0xc1, 10_000n))));
    expect(codes(withThiefCoin)).toEqual(['unlisted-input', 'fee-rate-too-high']);
    expect(codes(withThiefCoin, { paymentInputs: [2, 3] })).toEqual([
      'foreign-input',
      'fee-rate-too-high',
    ]);
    // The sender's own output, but not one holding this rune.
    const otherOutput = tampered((tx) => tx.updateInput(1, { txid: 'b3'.repeat(32) }, true));
    expect(checkRuneTransferPsbt(otherOutput, request).problems).toEqual([
      { code: 'foreign-input', index: 1 },
    ]);
  });

  it('refuses an input signed with a sighash others can change what it pays', () => {
    const none = tampered((tx) => tx.updateInput(2, { sighashType: 0x02 }));
    expect(checkRuneTransferPsbt(none, request).problems).toEqual([
      { code: 'unsafe-sighash', indices: [2] },
    ]);
  });

  it('refuses a fee above the rate the sender accepts, and outputs above the inputs', () => {
    expect(codes(bytesToBase64(built.psbt), { maxFeeRate: 2.9 })).toEqual(['fee-rate-too-high']);
    const overspends = tampered((tx) => tx.updateOutput(3, { amount: 60_000n }));
    expect(codes(overspends)).toEqual(['overspends']);
  });

  it('throws for what is not a PSBT', () => {
    expect(() => checkRuneTransferPsbt('bm9wZQ==', request)).toThrow(/Not a valid PSBT/);
  });
});
