// ord src/index.rs tests on parents: a parent counts only if it is spent in the reveal.
import { describe, expect, it } from 'vitest';
import { TestChain } from './test-chain.ts';
import { idValue, inscriptionWitness, textWitness } from './test-envelopes.ts';

const hello = () => textWitness('text/plain', 'hello');
const child = (...parents: Uint8Array[]) =>
  inscriptionWitness({ contentType: 'text/plain', body: 'hello', parents });

/** One parent inscribed in block 2 from block 1's coinbase: its output is 2:1:0. */
function chainWithParent(): { chain: TestChain; parent: string } {
  const chain = new TestChain();
  chain.mineBlocks(1);
  const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
  chain.mineBlocks(1);
  return { chain, parent: `${txid}i0` };
}

/** Parents a, b, c revealed in block 4 from the coinbases of blocks 1-3: outputs 4:1..3:0. */
function chainWithThreeParents(): { chain: TestChain; a: string; b: string; c: string } {
  const chain = new TestChain();
  chain.mineBlocks(3);
  const [a, b, c] = [1, 2, 3].map(
    (height) => `${chain.broadcast({ inputs: [[height, 0, 0, hello()]] })}i0`,
  );
  chain.mineBlocks(1);
  return { chain, a: a!, b: b!, c: c! };
}

function parentsOf(chain: TestChain, txid: string): string[] {
  chain.mineBlocks(1);
  return chain.inscription(`${txid}i0`).parents;
}

describe('blockToRows: parents (ord src/index.rs)', () => {
  it('inscription_without_parent_tag_has_no_parent_entry', () => {
    const { chain } = chainWithParent();
    expect(parentsOf(chain, chain.broadcast({ inputs: [[2, 0, 0, hello()]] }))).toEqual([]);
  });

  it('inscription_with_parent_tag_without_parent_has_no_parent_entry', () => {
    const { chain, parent } = chainWithParent();
    const txid = chain.broadcast({ inputs: [[2, 0, 0, child(idValue(parent))]] });
    expect(parentsOf(chain, txid)).toEqual([]);
  });

  it.each([
    ['inscription_with_parent_tag_and_parent_has_parent_entry', (p: string) => [idValue(p)]],
    [
      'inscription_with_repeated_parent_tags_and_parents_has_singular_parent_entry',
      (p: string) => [idValue(p), idValue(p)],
    ],
    [
      'inscription_with_distinct_parent_tag_encodings_for_same_parent_has_singular_parent_entry',
      (p: string) => [idValue(p), idValue(p, 0, 0, 0, 0)],
    ],
  ])('%s', (_name, values) => {
    const { chain, parent } = chainWithParent();
    const txid = chain.broadcast({ inputs: [[2, 1, 0, child(...values(parent))]] });
    expect(parentsOf(chain, txid)).toEqual([parent]);
  });

  it('inscription_with_invalid_parent_tag_and_parent_has_no_parent_entry', () => {
    const { chain, parent } = chainWithParent();
    const txid = chain.broadcast({ inputs: [[2, 1, 0, child(idValue(parent, 0))]] });
    expect(parentsOf(chain, txid)).toEqual([]);
  });

  it('inscription_with_two_parent_tags_and_parents_has_parent_entries', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const a = `${chain.broadcast({ inputs: [[1, 0, 0, hello()]] })}i0`;
    const b = `${chain.broadcast({ inputs: [[2, 0, 0, textWitness('text/plain', 'world')]] })}i0`;
    chain.mineBlocks(1);
    const txid = chain.broadcast({
      inputs: [
        [3, 1, 0, child(idValue(a), idValue(b))],
        [3, 2, 0],
      ],
    });
    expect(parentsOf(chain, txid)).toEqual([a, b]);
  });

  it('inscription_with_three_parent_tags_and_two_parents_has_two_parent_entries', () => {
    const { chain, a, b, c } = chainWithThreeParents();
    const witness = child(idValue(a), idValue(b), idValue(c));
    const txid = chain.broadcast({
      inputs: [
        [4, 1, 0, witness],
        [4, 3, 0],
      ],
    });
    expect(parentsOf(chain, txid)).toEqual([a, c]);
  });

  it('inscription_with_valid_and_malformed_parent_tags_only_lists_valid_entries', () => {
    const { chain, a, b, c } = chainWithThreeParents();
    const witness = child(idValue(a), idValue(b, 0), idValue(c));
    const txid = chain.broadcast({
      inputs: [
        [4, 1, 0, witness],
        [4, 2, 0],
        [4, 3, 0],
      ],
    });
    expect(parentsOf(chain, txid)).toEqual([a, c]);
  });

  it.each([
    ['parents_can_be_in_preceding_input', true],
    ['parents_can_be_in_following_input', false],
  ])('%s', (_name, parentFirst) => {
    const { chain, parent } = chainWithParent();
    chain.mineBlocks(1);
    const parentInput = [2, 1, 0] as [number, number, number];
    const childInput = [3, 0, 0, child(idValue(parent))] as [number, number, number, Uint8Array[]];
    const inputs = parentFirst ? [parentInput, childInput] : [childInput, parentInput];
    expect(parentsOf(chain, chain.broadcast({ inputs }))).toEqual([parent]);
  });

  it('same_tx_forward_parent_reference_does_not_panic', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const txid = chain.newTxid();
    const inputs: [number, number, number, Uint8Array[]][] = [
      [1, 0, 0, child(idValue(`${txid}i1`))],
      [2, 0, 0, textWitness('text/plain', 'bar')],
    ];
    chain.broadcast({ inputs }, txid);
    expect(parentsOf(chain, txid)).toEqual([]);
  });

  it('a parent revealed earlier in the same transaction counts (ord: it is numbered first)', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const txid = chain.newTxid();
    const inputs: [number, number, number, Uint8Array[]][] = [
      [1, 0, 0, textWitness('text/plain', 'parent')],
      [2, 0, 0, child(idValue(`${txid}i0`))],
    ];
    chain.broadcast({ inputs }, txid);
    chain.mineBlocks(1);
    expect(chain.inscription(`${txid}i1`).parents).toEqual([`${txid}i0`]);
  });
});
