import { describe, expect, it } from 'vitest';
import type { BitcoinRpc, RpcBlock3 } from '../chain/rpc.ts';
import { BlockPrefetcher } from './block-prefetch.ts';

const hashAt = (height: number) => height.toString(16).padStart(64, '0');

/** A node whose chain is `tip + 1` empty blocks; counts the calls; getblock fails at `failAt`. */
function fakeNode(tip: number, failAt?: number) {
  const calls: string[] = [];
  const block = (height: number): RpcBlock3 & { nextblockhash?: string } => ({
    hash: hashAt(height),
    height,
    ...(height > 0 ? { previousblockhash: hashAt(height - 1) } : {}),
    ...(height < tip ? { nextblockhash: hashAt(height + 1) } : {}),
    time: 1_700_000_000 + height,
    tx: [],
  });
  const rpc = {
    getBlockCount: async () => (calls.push('getblockcount'), tip),
    getBlockHash: async (height: number) => (calls.push(`getblockhash ${height}`), hashAt(height)),
    call: async (method: string, [hash]: [string]) => {
      const height = Number.parseInt(hash, 16);
      calls.push(`${method} ${height}`);
      if (height === failAt) throw new Error(`no block ${height}`);
      return block(height);
    },
  };
  return { rpc: rpc as unknown as BitcoinRpc, calls };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

async function drain(blocks: BlockPrefetcher) {
  const heights: number[] = [];
  for (let next = await blocks.next(); next; next = await blocks.next()) {
    heights.push(next.block.height);
  }
  return heights;
}

describe('BlockPrefetcher', () => {
  it('reads every block to the tip in order, by nextblockhash after the first', async () => {
    const { rpc, calls } = fakeNode(9);
    expect(await drain(new BlockPrefetcher(rpc, 3))).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(calls.filter((c) => c.startsWith('getblockhash'))).toEqual(['getblockhash 3']);
    expect(calls.at(-1)).toBe('getblockcount'); // past the tip: the node has no block 10
  });

  it('says which block was the tip when it was read', async () => {
    const { rpc } = fakeNode(2);
    const blocks = new BlockPrefetcher(rpc, 1);
    expect((await blocks.next())?.isTip).toBe(false);
    expect((await blocks.next())?.isTip).toBe(true);
    expect(await blocks.next()).toBeUndefined();
  });

  it('answers nothing when the start is past the tip', async () => {
    const { rpc } = fakeNode(4);
    expect(await drain(new BlockPrefetcher(rpc, 5))).toEqual([]);
  });

  it('gives the blocks before a failed read, then the error', async () => {
    const { rpc } = fakeNode(9, 6);
    const blocks = new BlockPrefetcher(rpc, 4);
    expect((await blocks.next())?.block.height).toBe(4);
    expect((await blocks.next())?.block.height).toBe(5);
    await expect(blocks.next()).rejects.toThrow('no block 6');
  });

  it('peeks only at blocks already read, and stops reading when stopped', async () => {
    const { rpc, calls } = fakeNode(100, 3);
    const blocks = new BlockPrefetcher(rpc, 0);
    await blocks.next();
    expect(blocks.peek(2).length).toBeLessThanOrEqual(2);
    await settled();
    expect(blocks.peek(2).map((b) => b.block.height)).toEqual([1, 2]);
    blocks.stop();
    await settled();
    // Reads queued before stop() finish (block 3 fails, handled); none start after.
    expect(calls.filter((c) => c.startsWith('getblock ')).length).toBeLessThanOrEqual(5);
  });
});
