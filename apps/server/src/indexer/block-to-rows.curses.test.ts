// ord src/index.rs tests on curses, unbound inscriptions and the jubilee.
import { describe, expect, it } from 'vitest';
import { COIN, TestChain, UNBOUND } from './test-chain.ts';
import {
  envelope,
  OP_ENDIF,
  OP_FALSE,
  OP_IF,
  OP_PUSHNUM_1,
  script,
  textWitness,
  witnessOf,
} from './test-envelopes.ts';

const TEXT = 'text/plain;charset=utf-8';
const hello = () => textWitness('text/plain', 'hello');
const unrecognizedEven = () => envelope('ord', [1], TEXT, [2], 'bar', [4], 'ord');
const duplicateField = () => envelope('ord', [1], TEXT, [1], TEXT);

/** Spends the coinbase of block 1 entirely to fees, so output 2:1:0 holds 0 sats. */
function chainWithZeroValueOutput(): TestChain {
  const chain = new TestChain();
  chain.mineBlocks(1);
  chain.broadcast({ inputs: [[1, 0, 0]], fee: 50n * COIN });
  chain.mineBlocks(1);
  return chain;
}

function inscribeOnce(witness: Uint8Array[], blocksBefore = 1) {
  const chain = new TestChain();
  chain.mineBlocks(blocksBefore);
  const txid = chain.broadcast({ inputs: [[1, 0, 0, witness]] });
  chain.mineBlocks(1);
  return { chain, id: `${txid}i0` };
}

describe('blockToRows: curses (ord src/index.rs)', () => {
  it.each([
    ['duplicate_field_inscriptions_are_cursed', duplicateField()],
    ['incomplete_field_inscriptions_are_cursed', envelope('ord', [1])],
    [
      'inscriptions_with_pushnum_opcodes_are_cursed',
      witnessOf(script(OP_FALSE, OP_IF, 'ord', [], OP_PUSHNUM_1, OP_ENDIF)),
    ],
    [
      'inscriptions_with_stutter_are_cursed',
      witnessOf(script(OP_FALSE, OP_FALSE, OP_IF, 'ord', [], OP_PUSHNUM_1, OP_ENDIF)),
    ],
  ])('%s', (_name, witness) => {
    const { chain, id } = inscribeOnce(witness);
    expect(chain.number(id)).toBe(-1);
    expect(chain.inscription(id).charms).toEqual(['cursed']);
  });

  it('unrecognized_even_field_inscriptions_are_cursed_and_unbound', () => {
    const { chain, id } = inscribeOnce(unrecognizedEven());
    expect(chain.satpoint(id)).toBe(`${UNBOUND}:0`);
    expect(chain.number(id)).toBe(-1);
    expect(chain.inscription(id).charms).toEqual(['cursed', 'unbound']);
  });

  it('unrecognized_even_field_inscriptions_are_unbound_after_jubilee', () => {
    const { chain, id } = inscribeOnce(unrecognizedEven(), 109);
    expect(chain.inscription(id).genesisHeight).toBe(110);
    expect(chain.satpoint(id)).toBe(`${UNBOUND}:0`);
    expect(chain.number(id)).toBe(0);
    expect(chain.inscription(id).charms).toEqual(['unbound', 'vindicated']);
  });

  it('inscriptions_are_uncursed_after_jubilee', () => {
    const chain = new TestChain();
    chain.mineBlocks(108);
    const cursed = chain.broadcast({ inputs: [[1, 0, 0, duplicateField()]] });
    chain.mineBlocks(1);
    expect(chain.height).toBe(109);
    expect(chain.number(`${cursed}i0`)).toBe(-1);
    const vindicated = chain.broadcast({ inputs: [[2, 0, 0, duplicateField()]] });
    chain.mineBlocks(1);
    expect(chain.height).toBe(110);
    expect(chain.number(`${vindicated}i0`)).toBe(0);
    expect(chain.inscription(`${vindicated}i0`).charms).toEqual(['vindicated']);
  });

  it('inscriptions_without_sats_are_unbound', () => {
    const chain = chainWithZeroValueOutput();
    const first = chain.broadcast({ inputs: [[2, 1, 0, hello()]] });
    chain.mineBlocks(2);
    chain.broadcast({ inputs: [[4, 0, 0]], fee: 50n * COIN });
    chain.mineBlocks(1);
    const second = chain.broadcast({ inputs: [[5, 1, 0, hello()]] });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${first}i0`)).toBe(`${UNBOUND}:0`);
    expect(chain.satpoint(`${second}i0`)).toBe(`${UNBOUND}:1`);
    expect(chain.counters.unboundCount).toBe(2);
  });

  it('zero_value_transaction_inscription_not_cursed_but_unbound', () => {
    const chain = chainWithZeroValueOutput();
    const txid = chain.broadcast({ inputs: [[2, 1, 0, hello()]] });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${UNBOUND}:0`);
    expect(chain.number(`${txid}i0`)).toBe(0);
    // Its offset 0 is past the zero-value output, so it flows through the fees past the coinbase's
    // outputs: ord's update_inscription_location sets Lost as well (the satpoint stays unbound).
    expect(chain.inscription(`${txid}i0`).charms).toEqual(['unbound', 'lost']);
    expect(chain.locations.get(`${txid}i0`)).toMatchObject({ outputValue: 0n, address: null });
  });

  it('transaction_with_inscription_inside_zero_value_2nd_input_should_be_unbound_and_cursed', () => {
    const chain = chainWithZeroValueOutput();
    const txid = chain.broadcast({
      inputs: [
        [2, 0, 0, hello()],
        [2, 1, 0, hello()],
      ],
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i1`)).toBe(`${UNBOUND}:0`);
    expect(chain.number(`${txid}i1`)).toBe(-1);
  });

  it('multiple_inscriptions_in_same_tx_all_but_first_input_are_cursed', () => {
    const chain = new TestChain();
    chain.mineBlocks(3);
    const witness = () => envelope('ord', [1], TEXT, [], 'bar');
    const txid = chain.broadcast({
      inputs: [
        [1, 0, 0, witness()],
        [2, 0, 0, witness()],
        [3, 0, 0, witness()],
      ],
    });
    chain.mineBlocks(1);
    expect([0, 1, 2].map((i) => chain.satpoint(`${txid}i${i}`))).toEqual([
      `${txid}:0:0`,
      `${txid}:0:${50n * COIN}`,
      `${txid}:0:${100n * COIN}`,
    ]);
    expect([0, 1, 2].map((i) => chain.number(`${txid}i${i}`))).toEqual([0, -1, -2]);
  });

  it('inscriptions_on_same_sat_after_the_first_are_not_unbound', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const first = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${first}i0`)).toBe(`${first}:0:0`);
    const second = chain.broadcast({ inputs: [[2, 1, 0, hello()]] });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${second}i0`)).toBe(`${second}:0:0`);
    expect(chain.inscription(`${second}i0`).charms).toEqual(['reinscription', 'cursed']);
  });
});
