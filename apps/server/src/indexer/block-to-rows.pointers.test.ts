// ord src/index.rs tests on the pointer field: where a new inscription lands, and its curse.
import { describe, expect, it } from 'vitest';
import { COIN, TestChain } from './test-chain.ts';
import {
  idValue,
  inscriptionWitness,
  pointerBytes,
  textWitness,
  type TestInscription,
} from './test-envelopes.ts';

const hello = (pointer?: bigint): TestInscription => ({
  contentType: 'text/plain',
  body: 'hello',
  ...(pointer === undefined ? {} : { pointer: pointerBytes(pointer) }),
});
const pointing = (...pointers: bigint[]) =>
  inscriptionWitness(...pointers.map((pointer) => ({ pointer: pointerBytes(pointer) })));

describe('blockToRows: pointers (ord src/index.rs)', () => {
  it.each([
    ['inscription_with_pointer', 100n, 0n, 100n],
    ['inscription_with_pointer_greater_than_output_value_assigned_default', 50n * COIN, 0n, 0n],
    [
      'inscription_with_pointer_into_fee_ignored_and_assigned_default_location',
      25n * COIN,
      25n * COIN,
      0n,
    ],
  ])('%s', (_name, pointer, fee, offset) => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, inscriptionWitness(hello(pointer))]], fee });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${txid}:0:${offset}`);
    expect(chain.inscription(`${txid}i0`).pointer).toBe(pointer);
  });

  it('inscription_with_pointer_is_cursed', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, inscriptionWitness(hello(0n))]] });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${txid}:0:0`);
    expect(chain.number(`${txid}i0`)).toBe(-1);
  });

  it('inscription_with_pointer_to_parent_is_cursed_reinscription', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const parent = `${chain.broadcast({ inputs: [[1, 0, 0, textWitness('text/plain', 'parent')]] })}i0`;
    chain.mineBlocks(1);
    const witness = inscriptionWitness({ ...hello(0n), parents: [idValue(parent)] });
    const txid = chain.broadcast({ inputs: [[2, 1, 0, witness]] });
    chain.mineBlocks(1);
    const child = chain.inscription(`${txid}i0`);
    expect(chain.satpoint(parent)).toBe(`${txid}:0:0`);
    expect(chain.satpoint(child.id)).toBe(`${txid}:0:0`);
    expect(child.number).toBe(-1);
    expect(child.parents).toEqual([parent]);
    expect(child.charms).toEqual(['reinscription', 'cursed']);
  });

  it('inscriptions_in_same_input_with_pointers_to_same_output', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, pointing(100n, 300_000n, 1_000_000n)]] });
    chain.mineBlocks(1);
    expect([0, 1, 2].map((i) => chain.satpoint(`${txid}i${i}`))).toEqual([
      `${txid}:0:100`,
      `${txid}:0:300000`,
      `${txid}:0:1000000`,
    ]);
  });

  it('inscriptions_in_same_input_with_pointers_to_different_outputs', () => {
    const chain = new TestChain();
    chain.mineBlocks(1, 300_000n);
    const witness = pointing(100n, 100_111n, 299_999n);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, witness]], outputs: 3 });
    chain.mineBlocks(1);
    expect([0, 1, 2].map((i) => chain.satpoint(`${txid}i${i}`))).toEqual([
      `${txid}:0:100`,
      `${txid}:1:111`,
      `${txid}:2:99999`,
    ]);
  });

  it('inscriptions_in_different_inputs_with_pointers_to_different_outputs', () => {
    const chain = new TestChain();
    chain.mineBlocks(3);
    const txid = chain.broadcast({
      inputs: [
        [1, 0, 0, inscriptionWitness(hello(50n * COIN))],
        [2, 0, 0, inscriptionWitness(hello(100n * COIN))],
        [3, 0, 0, inscriptionWitness(hello(0n))],
      ],
      outputs: 3,
    });
    chain.mineBlocks(1);
    expect([0, 1, 2].map((i) => chain.satpoint(`${txid}i${i}`))).toEqual([
      `${txid}:1:0`,
      `${txid}:2:0`,
      `${txid}:0:0`,
    ]);
  });

  it('inscriptions_in_different_inputs_with_pointers_to_same_output', () => {
    const chain = new TestChain();
    chain.mineBlocks(3);
    const txid = chain.broadcast({
      inputs: [
        [1, 0, 0, inscriptionWitness(hello())],
        [2, 0, 0, inscriptionWitness(hello(1n))],
        [3, 0, 0, inscriptionWitness(hello(2n))],
      ],
    });
    chain.mineBlocks(1);
    expect([0, 1, 2].map((i) => chain.satpoint(`${txid}i${i}`))).toEqual([
      `${txid}:0:0`,
      `${txid}:0:1`,
      `${txid}:0:2`,
    ]);
  });

  it('inscriptions_with_pointers_to_same_sat_one_becomes_cursed_reinscriptions', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const txid = chain.broadcast({
      inputs: [
        [1, 0, 0, inscriptionWitness(hello())],
        [2, 0, 0, inscriptionWitness(hello(0n))],
      ],
      outputs: 2,
    });
    chain.mineBlocks(1);
    expect([0, 1].map((i) => chain.satpoint(`${txid}i${i}`))).toEqual([
      `${txid}:0:0`,
      `${txid}:0:0`,
    ]);
    expect([0, 1].map((i) => chain.number(`${txid}i${i}`))).toEqual([0, -1]);
    expect(chain.inscription(`${txid}i1`).charms).toEqual(['reinscription', 'cursed']);
  });
});
