// The pipelined follower (index-blocks.ts) computes a block before the one before it is committed,
// taking the inscriptions on that block's outputs from its rows: they must be what the store
// would answer once the block is written.
import { describe, expect, it } from 'vitest';
import type { InscriptionsOnOutputs } from './indexer.types.ts';
import { COIN, TestChain } from './test-chain.ts';
import { textWitness } from './test-envelopes.ts';

const hello = () => textWitness('text/plain', 'hello');

/** The store's answer (TestChain.onOutputs) for the outputs of the last block. */
function storedForLastBlock(chain: TestChain): InscriptionsOnOutputs {
  const txids = new Set(chain.blocks.at(-1)!.txs.map((tx) => tx.txid));
  return new Map([...chain.onOutputs()].filter(([key]) => txids.has(key.slice(0, 64))));
}

const sorted = (map: InscriptionsOnOutputs) =>
  [...map].map(([key, list]) => [key, [...list].sort((a, b) => a.sequence - b.sequence)]).sort();

describe('blockToRows: inscribedOutputs, what the store answers once the block is written', () => {
  it('after reveals, moves within the block and fee-spent inscriptions in the coinbase', () => {
    const chain = new TestChain();
    chain.mineBlocks(3);
    const a = chain.broadcast({ inputs: [[1, 0, 0, hello()]], outputs: 2 });
    chain.broadcast({ inputs: [[2, 0, 0, hello()]], fee: 50n * COIN });
    chain.broadcast({ inputs: [{ txid: a, vout: 0 }] });
    const [rows] = chain.mineBlocks(1);
    expect(sorted(rows!.inscribedOutputs)).toEqual(sorted(storedForLastBlock(chain)));
    expect(rows!.inscribedOutputs.size).toBeGreaterThan(0);
  });

  it('is empty for a block that creates no inscribed output', () => {
    const chain = new TestChain();
    const [rows] = chain.mineBlocks(2);
    expect(rows!.inscribedOutputs.size).toBe(0);
  });
});
