import { encipherRunestone, parseSpacedRune } from '@om/bitcoin';
import { RawTx, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { parseRawBlock } from './raw-block.ts';
import { runesRawBlockInput } from './runes-tx.ts';

// Raw blocks built here with scure's transaction encoder, read back by ours: every txid must be
// the one scure computes, with and without witnesses, and a damaged block must be refused.

const hash = (byte: number) => new Uint8Array(32).fill(byte);
const script = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const P2WPKH = script(`0014${'11'.repeat(20)}`);
const P2TR = script(`5120${'22'.repeat(32)}`);

function coinbase(): Uint8Array {
  return RawTx.encode({
    version: 2,
    segwitFlag: true,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: script('0101'),
        sequence: 0xffffffff,
      },
    ],
    outputs: [{ amount: 5_000_000_000n, script: P2WPKH }],
    witnesses: [[new Uint8Array(32)]],
    lockTime: 0,
  });
}

function spend(opts: { witness: boolean; outputs: { amount: bigint; script: Uint8Array }[] }) {
  return RawTx.encode({
    version: 2,
    segwitFlag: opts.witness,
    inputs: [
      { txid: hash(0xab), index: 3, finalScriptSig: new Uint8Array(), sequence: 0xfffffffd },
      { txid: hash(0xcd), index: 0, finalScriptSig: script('00'), sequence: 0xffffffff },
    ],
    outputs: opts.outputs,
    witnesses: opts.witness ? [[script('aa'), script('bbbb')], []] : undefined,
    lockTime: 840_000,
  });
}

function block(time: number, txs: Uint8Array[]): Uint8Array {
  const header = new Uint8Array(80);
  new DataView(header.buffer).setUint32(68, time, true);
  return Uint8Array.from([...header, txs.length, ...txs.flatMap((tx) => [...tx])]);
}

const txidOf = (raw: Uint8Array) =>
  Transaction.fromRaw(raw, { allowUnknownOutputs: true, allowUnknownInputs: true }).id;

describe('parseRawBlock', () => {
  const txs = [
    coinbase(),
    spend({ witness: true, outputs: [{ amount: 546n, script: P2TR }] }),
    spend({ witness: false, outputs: [{ amount: 10_000n, script: P2WPKH }] }),
  ];
  const parsed = parseRawBlock(block(1_713_571_767, txs));

  it('reads the header time and every transaction with the txid scure computes', () => {
    expect(parsed.time).toBe(1_713_571_767);
    expect(parsed.txs.map((tx) => tx.txid)).toEqual(txs.map(txidOf));
  });

  it('gives the coinbase no inputs, and each spend its outpoints, witnesses and outputs', () => {
    const [cb, segwit, legacy] = parsed.txs;
    expect(cb?.inputs).toEqual([]);
    expect(cb?.witnesses).toEqual([]);
    expect(segwit?.inputs).toEqual([
      { txid: 'ab'.repeat(32), vout: 3 },
      { txid: 'cd'.repeat(32), vout: 0 },
    ]);
    expect(segwit?.witnesses).toEqual([[script('aa'), script('bbbb')], []]);
    expect(segwit?.outputs).toEqual([{ value: 546n, script: P2TR }]);
    expect(legacy?.witnesses).toEqual([[], []]);
    expect(legacy?.outputs).toEqual([{ value: 10_000n, script: P2WPKH }]);
  });

  it('refuses a truncated block and bytes after the last transaction', () => {
    const whole = block(1, txs);
    expect(() => parseRawBlock(whole.subarray(0, whole.length - 3))).toThrow(/truncated/);
    expect(() => parseRawBlock(Uint8Array.from([...whole, 0]))).toThrow(/1 bytes after/);
  });
});

describe('runesRawBlockInput', () => {
  const transfer = encipherRunestone({
    edicts: [{ id: { block: 2, tx: 1 }, amount: 5n, output: 0 }],
  });
  const name = parseSpacedRune('AAAAAAAAAAAAAB');
  if ('error' in name) throw new Error('name');
  const etching = encipherRunestone({
    edicts: [],
    etching: { rune: name.rune, spacers: 0, premine: 1n, turbo: false },
  });
  const withRunestone = (runestone: Uint8Array) =>
    parseRawBlock(
      block(7, [
        coinbase(),
        spend({
          witness: true,
          outputs: [
            { amount: 546n, script: P2TR },
            { amount: 0n, script: runestone },
          ],
        }),
      ]),
    );

  it('deciphers each runestone and lists the inputs of a block that etches nothing', () => {
    const input = runesRawBlockInput(9, withRunestone(transfer));
    expect(input?.height).toBe(9);
    expect(input?.timestamp).toBe(7);
    const tx = input?.txs[1];
    expect(tx?.inputs).toEqual([`${'ab'.repeat(32)}:3`, `${'cd'.repeat(32)}:0`]);
    expect(tx?.artifact?.kind).toBe('runestone');
    expect(input?.txs[0]?.artifact).toBeUndefined();
  });

  it('has no answer for a block that etches: its commitment needs the prevouts', () => {
    expect(runesRawBlockInput(9, withRunestone(etching))).toBeUndefined();
  });
});
