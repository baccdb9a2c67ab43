// ord src/index.rs tests on several envelopes per transaction and reinscriptions.
import { describe, expect, it } from 'vitest';
import { COIN, TestChain } from './test-chain.ts';
import {
  envelope,
  inscriptionWitness,
  OP_ENDIF,
  OP_FALSE,
  OP_IF,
  OP_PUSHNUM_1,
  script,
  textWitness,
  witnessOf,
} from './test-envelopes.ts';

const TEXT = 'text/plain;charset=utf-8';
const threeEnvelopes = () =>
  inscriptionWitness(
    { contentType: TEXT, body: 'foo' },
    { contentType: TEXT, body: 'bar' },
    { contentType: TEXT, body: 'qix' },
  );
const pushnum = () => witnessOf(script(OP_FALSE, OP_IF, 'ord', [], OP_PUSHNUM_1, OP_ENDIF));

/** The two inscriptions of ord's reinscription tests: i1 (cursed, input 1) alone on output 1. */
function chainWithCursedOnOutput(): { chain: TestChain; cursed: string } {
  const chain = new TestChain();
  chain.mineBlocks(2);
  const witness = () => envelope('ord', [1], TEXT, [], 'bar');
  const txid = chain.broadcast({
    inputs: [
      [1, 0, 0, witness()],
      [2, 0, 0, witness()],
    ],
    outputs: 2,
  });
  chain.mineBlocks(1);
  expect(chain.satpoint(`${txid}i1`)).toBe(`${txid}:1:0`);
  expect(chain.number(`${txid}i1`)).toBe(-1);
  return { chain, cursed: `${txid}i1` };
}

/** Reinscribes output `vout` of transaction 1 of block `height`, and returns the new id. */
function reinscribe(chain: TestChain, height: number, vout: number, witness: Uint8Array[]) {
  const txid = chain.broadcast({ inputs: [[height, 1, vout, witness]] });
  chain.mineBlocks(1);
  expect(chain.satpoint(`${txid}i0`)).toBe(`${txid}:0:0`);
  return `${txid}i0`;
}

describe('blockToRows: reinscriptions (ord src/index.rs)', () => {
  it('multiple_inscriptions_same_input_are_cursed_reinscriptions', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, threeEnvelopes()]] });
    chain.mineBlocks(1);
    const ids = [0, 1, 2].map((i) => `${txid}i${i}`);
    expect(ids.map((id) => chain.satpoint(id))).toEqual(ids.map(() => `${txid}:0:0`));
    expect(ids.map((id) => chain.number(id))).toEqual([0, -1, -2]);
    expect(chain.inscription(ids[1]!).charms).toEqual(['reinscription', 'cursed']);
  });

  it('multiple_inscriptions_different_inputs_and_same_inputs', () => {
    const chain = new TestChain();
    chain.mineBlocks(3);
    const txid = chain.broadcast({
      inputs: [
        [1, 0, 0, threeEnvelopes()],
        [2, 0, 0, threeEnvelopes()],
        [3, 0, 0, threeEnvelopes()],
      ],
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${txid}:0:0`);
    expect(chain.satpoint(`${txid}i1`)).toBe(`${txid}:0:0`);
    expect(chain.satpoint(`${txid}i3`)).toBe(`${txid}:0:${50n * COIN}`);
    expect(chain.satpoint(`${txid}i8`)).toBe(`${txid}:0:${100n * COIN}`);
    expect(chain.number(`${txid}i0`)).toBe(0);
    expect(chain.number(`${txid}i3`)).toBe(-3);
    expect(chain.number(`${txid}i8`)).toBe(-8);
  });

  it('inscription_fee_distributed_evenly', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, threeEnvelopes()]], fee: 33n });
    chain.mineBlocks(1);
    expect([0, 1, 2].map((i) => chain.inscription(`${txid}i${i}`).genesisFee)).toEqual([
      11n,
      11n,
      11n,
    ]);
  });

  it('reinscription_on_cursed_inscription_is_not_cursed', () => {
    const { chain } = chainWithCursedOnOutput();
    const id = reinscribe(chain, 3, 1, envelope('ord', [1], TEXT, [], 'reinscription on cursed'));
    expect(chain.number(id)).toBe(1);
    expect(chain.inscription(id).charms).toEqual(['reinscription']);
  });

  it('second_reinscription_on_cursed_inscription_is_cursed', () => {
    const { chain, cursed } = chainWithCursedOnOutput();
    const first = reinscribe(chain, 3, 1, envelope('ord', [1], TEXT, [], 'reinscription'));
    expect(chain.number(first)).toBe(1);
    const second = reinscribe(chain, 4, 0, envelope('ord', [1], TEXT, [], 'second'));
    expect(chain.number(second)).toBe(-2);
    const [txid] = second.split('i');
    expect(chain.inscriptionsOn(txid!, 0)).toEqual([cursed, first, second]);
  });

  it('reinscriptions_on_output_correctly_ordered_and_transferred', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const first = chain.broadcast({ inputs: [[1, 0, 0, textWitness(TEXT, 'hello')]] });
    chain.mineBlocks(1);
    const second = reinscribe(chain, 2, 0, textWitness(TEXT, 'hello'));
    const third = reinscribe(chain, 3, 0, textWitness(TEXT, 'hello'));
    const [txid] = third.split('i');
    expect(chain.inscriptionsOn(txid!, 0)).toEqual([`${first}i0`, second, third]);
    expect([second, third].map((id) => chain.number(id))).toEqual([-1, -2]);
  });

  it('reinscriptions_are_ordered_correctly_for_many_outpoints', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const ids: string[] = [];
    for (let height = 1; height <= 21; height++) {
      const witness = textWitness(TEXT, `hello ${height}`);
      const txid = chain.broadcast({ inputs: [[height, height === 1 ? 0 : 1, 0, witness]] });
      ids.push(`${txid}i0`);
      chain.mineBlocks(1);
    }
    const [txid] = ids.at(-1)!.split('i');
    expect(chain.inscriptionsOn(txid!, 0)).toEqual(ids);
    expect(ids.map((id) => chain.satpoint(id))).toEqual(ids.map(() => `${txid}:0:0`));
  });

  it.each([
    ['pre_jubilee_first_reinscription_after_cursed_inscription_is_blessed', 1, [-1, 0, -2]],
    [
      'post_jubilee_first_reinscription_after_vindicated_inscription_not_vindicated',
      110,
      [0, 1, 2],
    ],
  ])('%s', (_name, blocksBefore, numbers) => {
    const chain = new TestChain();
    chain.mineBlocks(blocksBefore);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, pushnum()]] });
    chain.mineBlocks(1);
    const first = `${txid}i0`;
    const second = reinscribe(chain, blocksBefore + 1, 0, inscriptionWitness({}));
    const third = reinscribe(chain, blocksBefore + 2, 0, inscriptionWitness({}));
    const ids = [first, second, third];
    expect(ids.map((id) => chain.number(id))).toEqual(numbers);
    const jubilant = blocksBefore >= 110;
    const curse = jubilant ? 'vindicated' : 'cursed';
    expect(ids.map((id) => chain.inscription(id).charms)).toEqual([
      [curse],
      ['reinscription'],
      jubilant ? ['reinscription', 'vindicated'] : ['reinscription', 'cursed'],
    ]);
  });
});
