import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { finalizeSignedPsbt } from '../psbt/finalize-purchase.ts';
import { coin, NETWORK, testWallet } from '../psbt/test-fixtures.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { buildRuneTransferPsbt, RUNE_OUTPUT_VALUE, type RuneInput } from './rune-transfer.ts';
import { decipherRunestone } from './runestone.ts';

const sender = testWallet('rune sender', 'p2tr');
const payer = testWallet('rune payer', 'p2wpkh');
const recipient = testWallet('rune recipient', 'p2tr');
const RUNE = { block: 840_000, tx: 7 };

function runeInput(byte: number, runeAmount: bigint, value = 10_000n): RuneInput {
  return { ...coin(sender, byte, value), runeAmount, publicKey: sender.publicKey };
}

function send(overrides: Partial<Parameters<typeof buildRuneTransferPsbt>[0]> = {}) {
  return buildRuneTransferPsbt({
    runeInputs: [runeInput(0xb1, 600n, 546n), runeInput(0xb2, 400n, 546n)],
    payment: {
      address: payer.address,
      publicKey: payer.publicKey,
      utxos: [coin(payer, 0xa1, 5_000n), coin(payer, 0xa2, 50_000n)],
    },
    runeId: RUNE,
    amount: 750n,
    recipientAddress: recipient.address,
    runeChangeAddress: sender.address,
    feeRate: 3,
    network: NETWORK,
    ...overrides,
  });
}

function refusal(build: () => unknown): string {
  try {
    build();
  } catch (err) {
    if (err instanceof TradeError) return `${err.code}: ${err.message}`;
    throw err;
  }
  return 'built';
}

describe('buildRuneTransferPsbt', () => {
  it('sends the amount to output 1 by an edict, the rest of the runes to output 2 by the pointer', () => {
    const built = send();
    const tx = Transaction.fromPSBT(built.psbt);
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    const artifact = decipherRunestone({
      outputs: outputs.map((o) => ({ script: o.script ?? new Uint8Array() })),
    });
    expect(artifact).toEqual({
      kind: 'runestone',
      runestone: { edicts: [{ id: RUNE, amount: 750n, output: 1 }], pointer: 2 },
    });
    expect(outputs.map((o) => o.amount)).toEqual([
      0n,
      RUNE_OUTPUT_VALUE,
      RUNE_OUTPUT_VALUE,
      outputs[3]?.amount,
    ]);
    expect(outputs[1]?.script).toEqual(recipient.script);
    expect(outputs[2]?.script).toEqual(sender.script);
    expect(outputs[3]?.script).toEqual(payer.script);
    expect(built.inputsToSign).toEqual({ ordinal: [0, 1], payment: [2] });
    expect(built.layout).toMatchObject({ runestoneIndex: 0, recipientIndex: 1, changeIndex: 3 });
  });

  it('pays the fee at the fee rate, exactly, and nothing is lost', () => {
    const built = send();
    const tx = Transaction.fromPSBT(built.psbt);
    const runestone = tx.getOutput(0).script ?? new Uint8Array();
    // 10.5 + 2 × P2TR 57.5 + P2WPKH 68 + OP_RETURN (8 + 1 + script) + 2 × P2TR 43 + P2WPKH 31.
    const vsize = Math.ceil(10.5 + 2 * 57.5 + 68 + (9 + runestone.length) + 2 * 43 + 31);
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize, fee: BigInt(vsize * 3) });
    const outputs = Array.from(
      { length: tx.outputsLength },
      (_, i) => tx.getOutput(i).amount ?? 0n,
    );
    expect(546n * 2n + 50_000n - outputs.reduce((a, b) => a + b, 0n)).toBe(built.fee);
  });

  it('signs and finalizes with the sender and payer keys to its own txid', () => {
    const built = send();
    const byOrdinal = signPsbtWithKey(built.psbt, sender.key, {
      inputs: built.inputsToSign.ordinal,
    });
    const signed = signPsbtWithKey(byOrdinal, payer.key, { inputs: built.inputsToSign.payment });
    const final = finalizeSignedPsbt(signed, built);
    expect(final.txid).toBe(built.txid);
  });

  it('lets rich rune inputs pay the fee without payment coins', () => {
    const built = send({ runeInputs: [runeInput(0xb3, 1000n, 20_000n)] });
    const tx = Transaction.fromPSBT(built.psbt);
    expect(tx.inputsLength).toBe(1);
    expect(built.inputsToSign.payment).toEqual([]);
    expect(tx.getOutput(3).script).toEqual(payer.script);
  });

  it.each([
    ['an amount of 0', { amount: 0n }, 'invalid-amount: Nothing to send: the amount is 0'],
    [
      'more than the inputs hold',
      { amount: 1001n },
      'invalid-amount: The rune inputs hold 1000, less than 1001',
    ],
    ['no rune inputs', { runeInputs: [] }, 'invalid-amount: The rune inputs hold 0, less than 750'],
    ['a fee rate of 0', { feeRate: 0 }, 'invalid-fee-rate: Fee rate 0 is not a positive number'],
    [
      'a fee the coins cannot pay',
      { payment: { address: payer.address, publicKey: payer.publicKey, utxos: [] } },
      // The rune inputs' 1092 sats pay the two outputs; the fee of 234 vB at 3 sat/vB is missing.
      'insufficient-funds: 702 more sats are needed',
    ],
    [
      'a payment key of another wallet',
      { payment: { address: payer.address, publicKey: sender.publicKey, utxos: [] } },
      'key-mismatch: The public key does not control this output script',
    ],
    [
      'a rune input that is also a payment coin',
      { runeInputs: [{ ...coin(payer, 0xa1, 5_000n), runeAmount: 1000n }] },
      `duplicate-input: ${'a1'.repeat(32)}:0 is spent twice`,
    ],
  ] as const)('refuses %s', (_, overrides, message) => {
    expect(refusal(() => send(overrides))).toBe(message);
  });
});
