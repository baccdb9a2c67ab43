import { describe, expect, it } from 'vitest';
import { blockJson } from './block-rows-json.ts';
import { blockSpends } from './decode-rpc-block.ts';
import type { ChainBlock } from './indexer.types.ts';
import { TestChain } from './test-chain.ts';
import { textWitness } from './test-envelopes.ts';

/** An inscription revealed in block 2, moved twice in block 3 (the first output spent in it). */
function movedTwiceInOneBlock() {
  const chain = new TestChain();
  chain.mineBlocks(1);
  const reveal = chain.broadcast({ inputs: [[1, 0, 0, textWitness('text/plain', 'hello')]] });
  const [revealed] = chain.mineBlocks(1);
  const first = chain.broadcast({ inputs: [[2, 1, 0]] });
  const second = chain.broadcast({ inputs: [{ txid: first, vout: 0 }] });
  const [moved] = chain.mineBlocks(1);
  const block = chain.blocks.at(-1) as ChainBlock;
  return { id: `${reveal}i0`, reveal, first, second, revealed: revealed!, moved: moved!, block };
}

describe('blockJson: a block as the documents its statement unpacks', () => {
  it('places a new inscription at its final location, content in hex', () => {
    const { id, reveal, revealed } = movedTwiceInOneBlock();
    const [row] = JSON.parse(blockJson(revealed, [], true).inscriptions);
    expect(row).toMatchObject({
      id,
      txid: reveal,
      vout: '0',
      sat_offset: '0',
      content: Buffer.from('hello').toString('hex'),
      content_length: 5,
      charms: [],
    });
  });

  it('writes every move, and the last location of an inscription created before the block', () => {
    const { id, second, moved, block } = movedTwiceInOneBlock();
    const json = blockJson(moved, blockSpends(block), true);
    expect(JSON.parse(json.inscriptions)).toEqual([]);
    expect(JSON.parse(json.transfers).map((t: { seq: number }) => t.seq)).toEqual([0, 1]);
    expect(JSON.parse(json.moved)).toEqual([
      expect.objectContaining({ id, txid: second, vout: '0', sat_offset: '0', added: [] }),
    ]);
  });

  it('writes every output once, and every spend, of outputs of this block or earlier', () => {
    const { reveal, first, second, moved, block } = movedTwiceInOneBlock();
    const json = blockJson(moved, blockSpends(block), true);
    const utxos = JSON.parse(json.utxos) as { txid: string; vout: number }[];
    expect(utxos.map((u) => u.txid)).toEqual(expect.arrayContaining([first, second]));
    expect(utxos.every((u) => !('spent_txid' in u))).toBe(true);
    expect(JSON.parse(json.spends)).toEqual([
      { txid: reveal, vout: 0, spender: first },
      { txid: first, vout: 0, spender: second },
    ]);
  });

  it('leaves outputs out where the network does not keep them', () => {
    const { moved, block } = movedTwiceInOneBlock();
    const json = blockJson(moved, blockSpends(block), false);
    expect([json.utxos, json.spends]).toEqual(['[]', '[]']);
  });
});
