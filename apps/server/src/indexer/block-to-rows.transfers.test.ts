// ord src/index.rs tests on where inscriptions go: FIFO sat flow, fees, the coinbase, lost sats.
import { describe, expect, it } from 'vitest';
import { COIN, LOST, TestChain } from './test-chain.ts';
import { inscriptionWitness, textWitness } from './test-envelopes.ts';

const hello = () => textWitness('text/plain', 'hello');

describe('blockToRows: transfers (ord src/index.rs)', () => {
  it('inscriptions_are_tracked_correctly', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${txid}:0:0`);
  });

  it('unaligned_inscriptions_are_tracked_correctly', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    const send = chain.broadcast({
      inputs: [
        [2, 0, 0],
        [2, 1, 0],
      ],
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${send}:0:${50n * COIN}`);
  });

  it('merged_inscriptions_are_tracked_correctly', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const first = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    const second = chain.broadcast({
      inputs: [[2, 0, 0, inscriptionWitness({ contentType: 'text/png', body: 'x'.repeat(100) })]],
    });
    chain.mineBlocks(1);
    const merged = chain.broadcast({
      inputs: [
        [3, 1, 0],
        [3, 2, 0],
      ],
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${first}i0`)).toBe(`${merged}:0:0`);
    expect(chain.satpoint(`${second}i0`)).toBe(`${merged}:0:${50n * COIN}`);
  });

  it('inscriptions_that_are_sent_to_second_output_are_are_tracked_correctly', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    const send = chain.broadcast({
      inputs: [
        [2, 0, 0],
        [2, 1, 0],
      ],
      outputs: 2,
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${send}:1:0`);
  });

  it('inscription_skips_zero_value_first_output_of_inscribe_transaction', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({
      inputs: [[1, 0, 0, hello()]],
      outputs: 2,
      outputValues: [0n, 50n * COIN],
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${txid}:1:0`);
  });

  it('inscriptions_on_output', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    expect(chain.inscriptionsOn(txid, 0)).toEqual([]);
    chain.mineBlocks(1);
    expect(chain.inscriptionsOn(txid, 0)).toEqual([`${txid}i0`]);
    const send = chain.broadcast({ inputs: [[2, 1, 0]] });
    chain.mineBlocks(1);
    expect(chain.inscriptionsOn(txid, 0)).toEqual([]);
    expect(chain.inscriptionsOn(send, 0)).toEqual([`${txid}i0`]);
  });

  it('one_input_fee_spent_inscriptions_are_tracked_correctly', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    chain.broadcast({ inputs: [[2, 1, 0]], fee: 50n * COIN });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${chain.tx(3, 0).txid}:0:${50n * COIN}`);
  });

  it('two_input_fee_spent_inscriptions_are_tracked_correctly', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    chain.broadcast({
      inputs: [
        [2, 0, 0],
        [3, 1, 0],
      ],
      fee: 50n * COIN,
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${chain.tx(4, 0).txid}:0:${50n * COIN}`);
  });

  it.each([
    ['inscription_can_be_fee_spent_in_first_transaction', hello(), undefined],
    ['inscribe_into_fee', inscriptionWitness({}), undefined],
    ['inscribe_into_fee_with_reduced_subsidy', inscriptionWitness({}), 25n * COIN],
  ])('%s', (_name, witness, reward) => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, witness]], fee: 50n * COIN });
    chain.mineBlocks(1, reward);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${chain.tx(2, 0).txid}:0:${50n * COIN}`);
  });

  it('fee_spent_inscriptions_are_numbered_last_in_block', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const a = chain.broadcast({ inputs: [[1, 0, 0, hello()]], fee: 50n * COIN });
    const b = chain.broadcast({ inputs: [[2, 0, 0, hello()]] });
    chain.mineBlocks(1);
    expect(chain.number(`${a}i0`)).toBe(1);
    expect(chain.number(`${b}i0`)).toBe(0);
  });

  it.each(['lost_inscriptions', 'inscription_can_be_lost_in_first_transaction'])('%s', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]], fee: 50n * COIN });
    chain.mineBlocks(1, 0n);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${LOST}:0`);
    expect(chain.inscription(`${txid}i0`).charms).toEqual(['lost']);
  });

  it('multiple_inscriptions_can_be_lost', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const first = chain.broadcast({ inputs: [[1, 0, 0, hello()]], fee: 50n * COIN });
    chain.mineBlocks(1, 0n);
    chain.mineBlocks(1);
    const second = chain.broadcast({ inputs: [[3, 0, 0, hello()]], fee: 50n * COIN });
    chain.mineBlocks(1, 0n);
    expect(chain.satpoint(`${first}i0`)).toBe(`${LOST}:0`);
    expect(chain.satpoint(`${second}i0`)).toBe(`${LOST}:${50n * COIN}`);
  });

  it('lost_sats_are_tracked_correctly', () => {
    const chain = new TestChain();
    expect(chain.counters.lostSats).toBe(0n);
    chain.mineBlocks(1);
    expect(chain.counters.lostSats).toBe(0n);
    chain.mineBlocks(1, 0n);
    expect(chain.counters.lostSats).toBe(50n * COIN);
    chain.mineBlocks(1, 0n);
    expect(chain.counters.lostSats).toBe(100n * COIN);
    chain.mineBlocks(1);
    expect(chain.counters.lostSats).toBe(100n * COIN);
  });

  it('lost_inscriptions_get_lost_satpoints', () => {
    const chain = new TestChain();
    chain.mineBlocks(1, 0n);
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[2, 0, 0, hello()]], outputs: 2 });
    chain.mineBlocks(1);
    chain.broadcast({
      inputs: [
        [3, 1, 1],
        [3, 1, 0],
      ],
      fee: 50n * COIN,
    });
    chain.mineBlocks(1, 0n);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${LOST}:${75n * COIN}`);
  });

  it('an inscription already indexed gains no lost charm when lost (as in ord)', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    chain.broadcast({ inputs: [[2, 1, 0]], fee: 50n * COIN });
    const [rows] = chain.mineBlocks(1, 0n);
    expect(rows?.locations).toMatchObject([
      { id: `${txid}i0`, sequence: 0, address: null, outputValue: 0n, addedCharms: [] },
    ]);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${LOST}:0`);
  });
});
