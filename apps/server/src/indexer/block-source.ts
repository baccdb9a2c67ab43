import type { BitcoinRpc, RpcBlock3 } from '../chain/rpc.ts';
import { decodeRpcBlock } from './decode-rpc-block.ts';
import type { ChainBlock } from './indexer.types.ts';

/** A block read from the node and decoded. */
export interface BlockRead {
  block: ChainBlock;
  /** The node's next block on its active chain; absent at the tip (or off the active chain). */
  nextHash?: string;
}

export interface FetchedBlock {
  block: ChainBlock;
  /** The node had no block after it when it was read. */
  isTip: boolean;
}

/** The node's blocks in order from a height, read ahead of the caller. */
export interface BlockStream {
  /**
   * The next block; undefined past the node's tip. A failed read throws once the blocks before it
   * are taken.
   */
  next(): Promise<FetchedBlock | undefined>;
  /** Up to `count` blocks after the one next() answered last, those already read, in order. */
  peek(count: number): FetchedBlock[];
  /** No more reads are started; those under way finish and are dropped. */
  stop(): void;
}

/** Where the indexer's blocks come from: read on its own thread, or on a reader thread. */
export interface BlockSource {
  from(height: number): BlockStream;
}

type RpcBlockWithNext = RpcBlock3 & { nextblockhash?: string };

/**
 * Reads one block: getblock at verbosity 3 (every input's prevout, from the node's undo data),
 * parsed and decoded. Without a hash, the height is looked up first, and a height past the tip
 * answers undefined.
 */
export async function readBlock(
  rpc: BitcoinRpc,
  height: number,
  knownHash: string | undefined,
): Promise<BlockRead | undefined> {
  let hash = knownHash;
  if (hash === undefined) {
    if (height > (await rpc.getBlockCount())) return undefined;
    hash = await rpc.getBlockHash(height);
  }
  const raw = await rpc.call<RpcBlockWithNext>('getblock', [hash, 3]);
  return { block: decodeRpcBlock(raw), nextHash: raw.nextblockhash };
}
