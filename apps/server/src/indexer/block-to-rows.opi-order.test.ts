// OPI-ord's transfer log (ord fork in bestinslot-xyz/OPI, inscription_updater.rs 352–362): the
// order BRC-20 processes a block's moves in, the sent-as-fee flag and the script of addressless
// outputs.
import { describe, expect, it } from 'vitest';
import { COIN, TestChain } from './test-chain.ts';
import { textWitness } from './test-envelopes.ts';

const hello = () => textWitness('text/plain', 'hello');

describe('blockToRows: OPI-ord transfer order', () => {
  it('an inscription spent as fee takes its order when spent, not when the coinbase places it', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const a = chain.broadcast({ inputs: [[1, 0, 0, hello()]], fee: 50n * COIN });
    const b = chain.broadcast({ inputs: [[2, 0, 0, hello()]] });
    const [rows] = chain.mineBlocks(1);
    // ord places b first (a waits for the coinbase), but OPI orders a first.
    expect(rows?.locations.map((l) => [l.id, l.order, l.sentAsFee])).toEqual([
      [`${b}i0`, 1, false],
      [`${a}i0`, 0, true],
    ]);
  });

  it('moves and reveals are ordered as their transactions come in the block', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    const move = chain.broadcast({ inputs: [[3, 1, 0]] });
    const reveal = chain.broadcast({ inputs: [[2, 0, 0, hello()]] });
    const [rows] = chain.mineBlocks(1);
    expect(rows?.locations.map((l) => [l.txid, l.order, l.script])).toEqual([
      [move, 0, null],
      [reveal, 1, null],
    ]);
  });

  it('keeps the script of an output without an address (OP_RETURN)', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    chain.broadcast({
      inputs: [[1, 0, 0, hello()]],
      outputs: 0,
      opReturn: { index: 0, value: 50n * COIN },
    });
    const [rows] = chain.mineBlocks(1);
    const [location] = rows?.locations ?? [];
    expect(location?.address).toBeNull();
    expect(location?.script?.[0]).toBe(0x6a);
    expect(location?.sentAsFee).toBe(false);
  });
});
