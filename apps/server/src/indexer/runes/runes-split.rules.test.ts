import { decipherRunestone, type Edict, type Runestone, U128_MAX } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { RUNE, runeEntry, RunesTestChain } from './runes-test-chain.ts';

// ord's runes test module (ordinals/ord, src/runes.rs): edicts to output == outputs.length split
// among the non-OP_RETURN outputs (amount 0: evenly, remainder to the first), and amount 0 means
// all that is left.
const MAX = U128_MAX;
const ETCHED = { block: 0, tx: 0 };

function etchWith(edicts: Omit<Edict, 'id'>[], premine = MAX): Runestone {
  return {
    edicts: edicts.map((e) => ({ id: ETCHED, ...e })),
    etching: { rune: RUNE, premine, turbo: false },
  };
}

/** Balances of `txid`'s outputs, vout → amount of the one rune. */
function outputs(chain: RunesTestChain, txid: string, key: string): Record<number, bigint> {
  const held: Record<number, bigint> = {};
  for (const [outpoint, balances] of chain.balances) {
    const [id, vout] = outpoint.split(':');
    if (id === txid) held[Number(vout)] = balances.get(key)!;
  }
  return held;
}

describe('applyRunesBlock: splits in an etching', () => {
  it('split in etching', () => {
    const chain = new RunesTestChain();
    const { txid, key } = chain.etch(etchWith([{ amount: 0n, output: 5 }]), 4);
    const quarter = MAX / 4n;
    expect(outputs(chain, txid, key)).toEqual({
      0: quarter + 1n,
      1: quarter + 1n,
      2: quarter + 1n,
      3: quarter,
    });
  });

  it('split in etching with preceding edict', () => {
    const chain = new RunesTestChain();
    const runestone = etchWith([
      { amount: 1000n, output: 0 },
      { amount: 0n, output: 5 },
    ]);
    const { txid, key } = chain.etch(runestone, 4);
    const share = (MAX - 1000n) / 4n;
    expect(outputs(chain, txid, key)).toEqual({
      0: 1000n + share + 1n,
      1: share + 1n,
      2: share + 1n,
      3: share,
    });
  });

  it('split in etching with following edict', () => {
    const chain = new RunesTestChain();
    const runestone = etchWith([
      { amount: 0n, output: 5 },
      { amount: 1000n, output: 0 },
    ]);
    const { txid, key } = chain.etch(runestone, 4);
    const quarter = MAX / 4n;
    expect(outputs(chain, txid, key)).toEqual({
      0: quarter + 1n,
      1: quarter + 1n,
      2: quarter + 1n,
      3: quarter,
    });
  });

  it('split with amount in etching', () => {
    const chain = new RunesTestChain();
    const { txid, id, key } = chain.etch(etchWith([{ amount: 1000n, output: 5 }], 4000n), 4);
    expect(chain.snapshot().entries).toEqual([runeEntry(id, txid, { premine: 4000n })]);
    expect(outputs(chain, txid, key)).toEqual({ 0: 1000n, 1: 1000n, 2: 1000n, 3: 1000n });
  });

  it('split in etching with amount with preceding edict', () => {
    const chain = new RunesTestChain();
    const runestone = etchWith([
      { amount: MAX - 3000n, output: 0 },
      { amount: 1000n, output: 5 },
    ]);
    const { txid, key } = chain.etch(runestone, 4);
    expect(outputs(chain, txid, key)).toEqual({ 0: MAX - 2000n, 1: 1000n, 2: 1000n });
  });

  it('split in etching with amount with following edict', () => {
    const chain = new RunesTestChain();
    const runestone = etchWith([
      { amount: 1000n, output: 5 },
      { amount: MAX, output: 0 },
    ]);
    const { txid, key } = chain.etch(runestone, 4);
    expect(outputs(chain, txid, key)).toEqual({
      0: MAX - 4000n + 1000n,
      1: 1000n,
      2: 1000n,
      3: 1000n,
    });
  });

  it('allocate all remaining runes in etching', () => {
    const chain = new RunesTestChain();
    const { txid, key } = chain.etch(etchWith([{ amount: 0n, output: 0 }]));
    expect(outputs(chain, txid, key)).toEqual({ 0: MAX });
  });
});

describe('applyRunesBlock: splits of input runes', () => {
  function transfer(outputCount: number, edicts: Omit<Edict, 'id'>[]) {
    const chain = new RunesTestChain();
    const etched = chain.etch(etchWith([{ amount: MAX, output: 0 }]));
    const tx = chain.tx({
      inputs: [`${etched.txid}:0`],
      outputs: outputCount,
      runestone: { edicts: edicts.map((e) => ({ id: etched.id, ...e })) },
    });
    const result = chain.mine([tx]);
    return { held: outputs(chain, tx.txid, etched.key), result, chain, etched };
  }

  it('split', () => {
    expect(transfer(2, [{ amount: 0n, output: 3 }]).held).toEqual({
      0: MAX / 2n + 1n,
      1: MAX / 2n,
    });
  });

  it('split with preceding edict', () => {
    const { held } = transfer(2, [
      { amount: 1000n, output: 0 },
      { amount: 0n, output: 3 },
    ]);
    expect(held).toEqual({ 0: 1000n + (MAX - 1000n) / 2n + 1n, 1: (MAX - 1000n) / 2n });
  });

  it('split with following edict', () => {
    const { held } = transfer(2, [
      { amount: 0n, output: 3 },
      { amount: 1000n, output: 1 },
    ]);
    expect(held).toEqual({ 0: MAX / 2n + 1n, 1: MAX / 2n });
  });

  it('split with amount', () => {
    expect(transfer(2, [{ amount: 1000n, output: 3 }]).held).toEqual({ 0: MAX - 1000n, 1: 1000n });
  });

  it('split with amount with preceding edict', () => {
    const { held } = transfer(4, [
      { amount: MAX - 2000n, output: 0 },
      { amount: 1000n, output: 5 },
    ]);
    expect(held).toEqual({ 0: MAX - 2000n + 1000n, 1: 1000n });
  });

  it('split with amount with following edict', () => {
    const { held } = transfer(4, [
      { amount: 1000n, output: 5 },
      { amount: MAX, output: 0 },
    ]);
    expect(held).toEqual({ 0: MAX - 4000n + 1000n, 1: 1000n, 2: 1000n, 3: 1000n });
  });

  it('allocate all remaining runes in inputs', () => {
    expect(transfer(2, [{ amount: 0n, output: 1 }]).held).toEqual({ 1: MAX });
  });

  it('edict with amount zero and no destinations is ignored', () => {
    const { chain, etched, result } = transfer(0, [{ amount: 0n, output: 1 }]);
    expect(chain.snapshot()).toEqual({
      entries: [runeEntry(etched.id, etched.txid, { premine: MAX, burned: MAX })],
      balances: {},
    });
    expect(result.events.filter((e) => e.kind === 'burn')).toMatchObject([
      { runeId: etched.key, amount: MAX },
    ]);
  });

  it('a split skips OP_RETURN outputs wherever they are', () => {
    const chain = new RunesTestChain();
    const etched = chain.etch(etchWith([{ amount: MAX, output: 0 }]));
    const tx = chain.tx({
      inputs: [`${etched.txid}:0`],
      outputs: 2,
      runestone: { edicts: [{ id: etched.id, amount: 0n, output: 4 }] },
    });
    tx.outputs.splice(1, 0, { script: Uint8Array.of(0x6a, 0x01, 0x00), value: 0n });
    // Outputs: plain, OP_RETURN data, plain, runestone; output 4 is their count.
    chain.mine([{ ...tx, artifact: decipherRunestone(tx) }]);
    expect(outputs(chain, tx.txid, etched.key)).toEqual({ 0: MAX / 2n + 1n, 2: MAX / 2n });
  });
});
