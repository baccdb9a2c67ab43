import { describe, expect, it } from 'vitest';
import { blockToRows } from './block-to-rows.ts';
import { NULL_TXID, type ChainBlock } from './indexer.types.ts';
import { networkRules } from './network-rules.ts';
import { COIN, TestChain } from './test-chain.ts';
import { inscriptionWitness, textWitness } from './test-envelopes.ts';

const hello = () => textWitness('text/plain', 'hello');

describe('blockToRows', () => {
  it('lists every output and every spent outpoint, coinbase excluded from spends', () => {
    const chain = new TestChain();
    chain.mineBlocks(2);
    const txid = chain.broadcast({
      inputs: [
        [1, 0, 0],
        [2, 0, 0],
      ],
      outputs: 2,
    });
    const [rows] = chain.mineBlocks(1);
    const coinbase = chain.tx(3, 0);
    expect(rows?.block).toEqual({
      height: 3,
      hash: chain.blocks[3]?.hash,
      previousHash: chain.blocks[2]?.hash,
      time: 3,
    });
    expect(rows?.createdUtxos.map(({ txid, vout, value }) => [txid, vout, value])).toEqual([
      [coinbase.txid, 0, 50n * COIN],
      [txid, 0, 50n * COIN],
      [txid, 1, 50n * COIN],
    ]);
    expect(rows?.spentOutpoints).toEqual([`${chain.tx(1, 0).txid}:0`, `${chain.tx(2, 0).txid}:0`]);
    expect(rows?.inscriptions).toEqual([]);
    expect(rows?.locations).toEqual([]);
  });

  it('inscriptions_below_first_inscription_height_are_skipped', () => {
    const regtest = new TestChain();
    regtest.mineBlocks(1);
    const indexed = regtest.broadcast({ inputs: [[1, 0, 0, hello()]] });
    regtest.mineBlocks(1);
    expect(regtest.satpoint(`${indexed}i0`)).toBe(`${indexed}:0:0`);

    const mainnet = new TestChain(networkRules('mainnet'));
    mainnet.mineBlocks(1);
    const skipped = mainnet.broadcast({ inputs: [[1, 0, 0, hello()]] });
    const [rows] = mainnet.mineBlocks(1);
    expect(rows?.inscriptions).toEqual([]);
    expect(rows?.locations).toEqual([]);
    expect(rows?.createdUtxos.map(({ txid }) => txid)).toContain(skipped);
    expect(rows?.countersAfter).toEqual(mainnet.counters);
  });

  it('records the reveal, then the transfer, as location rows (ord inscription_event_sender_channel)', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const create = chain.broadcast({ inputs: [[1, 0, 0, inscriptionWitness({})]] });
    const [created] = chain.mineBlocks(1);
    const address = chain.tx(2, 1).outputs[0]?.address;
    const reveal = { id: `${create}i0`, sequence: 0, outputValue: 50n * COIN, address };
    expect(created?.locations).toEqual([
      {
        ...reveal,
        satpoint: { txid: create, vout: 0, offset: 0n },
        txid: create,
        addedCharms: [],
        sentAsFee: false,
        script: null,
        order: 0,
      },
    ]);
    expect(created?.inscriptions).toMatchObject([
      { id: `${create}i0`, number: 0, sequence: 0, genesisHeight: 2, genesisTime: 2, charms: [] },
    ]);
    const transfer = chain.broadcast({ inputs: [[2, 1, 0]] });
    const [moved] = chain.mineBlocks(1);
    expect(moved?.locations).toEqual([
      {
        ...reveal,
        address: chain.tx(3, 1).outputs[0]?.address,
        satpoint: { txid: transfer, vout: 0, offset: 0n },
        txid: transfer,
        addedCharms: [],
        sentAsFee: false,
        script: null,
        order: 0,
      },
    ]);
    expect(moved?.inscriptions).toEqual([]);
  });

  it('burned_charm (ord server.rs): revealed onto an OP_RETURN output', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const witness = inscriptionWitness({ contentType: 'text/html', body: 'foo' });
    const txid = chain.broadcast({
      inputs: [[1, 0, 0, witness]],
      outputs: 0,
      opReturn: { index: 0, value: 50n * COIN },
    });
    chain.mineBlocks(1);
    expect(chain.inscription(`${txid}i0`)).toMatchObject({ number: 0, charms: ['burned'] });
    expect(chain.locations.get(`${txid}i0`)).toMatchObject({
      satpoint: { txid, vout: 0, offset: 0n },
      outputValue: 50n * COIN,
      address: null,
      addedCharms: ['burned'],
    });
  });

  it('burned_charm_on_transfer (ord server.rs)', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    expect(chain.charms.get(`${txid}i0`)).toEqual([]);
    const burn = chain.broadcast({
      inputs: [[2, 1, 0]],
      outputs: 0,
      opReturn: { index: 0, value: 50n * COIN },
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${txid}i0`)).toBe(`${burn}:0:0`);
    expect(chain.charms.get(`${txid}i0`)).toEqual(['burned']);
  });

  it('FIFO over several inputs and outputs, the rest to fees behind earlier fees', () => {
    const chain = new TestChain();
    chain.mineBlocks(3);
    const a = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    const b = chain.broadcast({ inputs: [[2, 0, 0, hello()]] });
    chain.mineBlocks(1);
    chain.broadcast({ inputs: [[3, 0, 0]], fee: 5n * COIN }); // fees earlier in the block
    const split = chain.broadcast({
      inputs: [
        [4, 0, 0],
        [4, 1, 0],
        [4, 2, 0],
      ], // 50 plain, then a at 50, b at 100
      outputs: 3,
      outputValues: [10n * COIN, 60n * COIN, 30n * COIN],
      fee: 50n * COIN,
    });
    chain.mineBlocks(1);
    expect(chain.satpoint(`${a}i0`)).toBe(`${split}:1:${40n * COIN}`);
    // b is 0 sats past the outputs: coinbase offset = subsidy + earlier fees + 0.
    expect(chain.satpoint(`${b}i0`)).toBe(`${chain.tx(5, 0).txid}:0:${55n * COIN}`);
  });

  it('follows inscriptions through outputs created earlier in the same block', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const reveal = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    const again = chain.broadcast({
      inputs: [{ txid: reveal, vout: 0, witness: hello() }],
      outputs: 2,
      outputValues: [1000n, 50n * COIN - 1000n],
    });
    const [rows] = chain.mineBlocks(1);
    expect(rows?.locations.map(({ id, txid }) => [id, txid])).toEqual([
      [`${reveal}i0`, reveal],
      [`${reveal}i0`, again],
      [`${again}i0`, again],
    ]);
    expect(chain.satpoint(`${reveal}i0`)).toBe(`${again}:0:0`);
    expect(chain.inscription(`${again}i0`)).toMatchObject({
      number: -1,
      charms: ['reinscription', 'cursed'],
    });
  });

  it('uses the network halving for the reward (a deliberate difference from ord)', () => {
    const chain = new TestChain();
    chain.mineBlocks(150);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]], fee: 50n * COIN });
    chain.mineBlocks(1);
    // Regtest halves at 150: the coinbase input is 25 BTC of subsidy, then the fees.
    expect(chain.satpoint(`${txid}i0`)).toBe(`${chain.tx(151, 0).txid}:0:${25n * COIN}`);
  });

  it('does not modify the state it is given, and gives the same rows again', () => {
    const chain = new TestChain();
    chain.mineBlocks(1);
    const txid = chain.broadcast({ inputs: [[1, 0, 0, hello()]] });
    chain.mineBlocks(1);
    chain.broadcast({ inputs: [[2, 1, 0, hello()]], fee: 50n * COIN });
    const state = {
      counters: { ...chain.counters },
      onOutputs: chain.onOutputs(),
      rules: chain.rules,
    };
    const before = structuredClone({ ...state, onOutputs: [...state.onOutputs] });
    const [mined] = chain.mineBlocks(1, 0n);
    const block = chain.blocks.at(-1) as ChainBlock;
    expect(blockToRows(block, state)).toEqual(mined);
    expect(blockToRows(block, state)).toEqual(mined);
    expect({ ...state, onOutputs: [...state.onOutputs] }).toEqual(before);
    expect(chain.satpoint(`${txid}i0`)).toMatch(new RegExp(`^${NULL_TXID}:`));
  });
});
