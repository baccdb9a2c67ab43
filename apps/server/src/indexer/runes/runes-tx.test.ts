import { describe, expect, it } from 'vitest';
import { runesBlockInput, witnessTapscript, type RunesRpcBlock } from './runes-tx.ts';

describe('witnessTapscript', () => {
  it('is the element before the control block of a script-path spend', () => {
    expect(witnessTapscript(['aa', 'bbbb', 'c0ff'])).toEqual(Uint8Array.of(0xbb, 0xbb));
  });
  it('sets the annex (a last element starting 0x50) aside first', () => {
    expect(witnessTapscript(['aa', 'bbbb', 'c0ff', '50aa'])).toEqual(Uint8Array.of(0xbb, 0xbb));
  });
  it('has none for a key-path spend or no witness', () => {
    expect(witnessTapscript(['aa'])).toBeUndefined();
    expect(witnessTapscript(['aa', '50'])).toBeUndefined();
    expect(witnessTapscript(undefined)).toBeUndefined();
  });
});

describe('runesBlockInput', () => {
  const txid = 'aa'.repeat(32);
  const prev = 'bb'.repeat(32);
  const block = (opReturn: string): RunesRpcBlock => ({
    hash: 'h',
    height: 7,
    time: 1_700_000_000,
    tx: [
      {
        txid,
        vin: [
          {
            txid: prev,
            vout: 1,
            txinwitness: ['00', '0102', 'c0'],
            prevout: { height: 2, scriptPubKey: { hex: `5120${'11'.repeat(32)}` } },
          },
        ],
        vout: [
          { value: 0.0001, scriptPubKey: { hex: '0014', address: 'bcrt1x' } },
          { value: 0, scriptPubKey: { hex: opReturn } },
        ],
      },
    ],
  });

  it('deciphers each runestone once and keeps the prevouts and tapscripts of etchings', () => {
    // Flags = etching (tag 2, value 1): an etching with a reserved name.
    const { input, prevouts } = runesBlockInput(block('6a5d020201'));
    const [tx] = input.txs;
    expect(tx?.artifact?.kind).toBe('runestone');
    expect(tx?.inputs).toEqual([`${prev}:1`]);
    expect(tx?.tapscripts).toEqual([Uint8Array.of(1, 2)]);
    expect(tx?.outputs[0]?.value).toBe(10_000n);
    expect(prevouts.get(`${prev}:1`)?.height).toBe(2);
  });

  it('skips tapscripts and prevouts for transactions that etch nothing', () => {
    const { input, prevouts } = runesBlockInput(block('6a'));
    expect(input.txs[0]?.artifact).toBeUndefined();
    expect(input.txs[0]?.tapscripts).toEqual([undefined]);
    expect(prevouts.size).toBe(0);
  });
});
