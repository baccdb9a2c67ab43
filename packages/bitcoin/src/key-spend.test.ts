import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from './bytes.ts';
import fixtures from './fixtures/key-spend-vectors.json';
import { isValidKeySpend, type SpentOutput } from './key-spend.ts';

const vectors = fixtures.vectors.map((vector) => ({
  ...vector,
  tx: Transaction.fromRaw(hexToBytes(vector.tx), {
    allowUnknownOutputs: true,
    disableScriptCheck: true,
  }),
  prevouts: vector.prevouts.map((p): SpentOutput => ({
    script: hexToBytes(p.script),
    amount: BigInt(p.amount),
  })),
}));

describe('isValidKeySpend', () => {
  it.each(vectors)('$source $description', ({ tx, prevouts, validInputs }) => {
    const valid = prevouts.map((_, index) => isValidKeySpend(tx, index, prevouts));
    expect(valid).toEqual(prevouts.map((_, index) => validInputs.includes(index)));
  });

  const [bip341, native] = vectors;
  if (!bip341 || !native) throw new Error('missing vectors');

  it('fails when a segwit input is checked against another amount', () => {
    const changed = native.prevouts.map((p, i) => (i === 1 ? { ...p, amount: p.amount + 1n } : p));
    expect(isValidKeySpend(native.tx, 1, changed)).toBe(false);
  });

  it('fails when any taproot prevout differs, as BIP341 commits to all of them', () => {
    const changed = bip341.prevouts.map((p, i) => (i === 0 ? { ...p, amount: p.amount - 1n } : p));
    expect(isValidKeySpend(bip341.tx, 4, changed)).toBe(false);
  });

  it('fails when the prevouts do not match the inputs', () => {
    expect(isValidKeySpend(native.tx, 1, native.prevouts.slice(1))).toBe(false);
    expect(isValidKeySpend(native.tx, 2, native.prevouts)).toBe(false);
  });

  it('fails when the spent script is another key', () => {
    const [, p2wpkh] = native.prevouts;
    if (!p2wpkh) throw new Error('missing prevout');
    const other = { ...p2wpkh, script: hexToBytes('0014751e76e8199196d454941c45d1b3a323f1433bd6') };
    expect(isValidKeySpend(native.tx, 1, [native.prevouts[0] ?? other, other])).toBe(false);
  });
});
