import type { BitcoinRpc } from '../chain/rpc.ts';
import {
  readBlock,
  type BlockRead,
  type BlockSource,
  type BlockStream,
  type FetchedBlock,
} from './block-source.ts';

/** Decoded blocks that may wait ahead of the writer: enough to hide one block's write. */
export const READ_AHEAD_BLOCKS = 4;

interface Ahead {
  block: Promise<FetchedBlock | undefined>;
  /** Set once read and decoded. */
  fetched?: FetchedBlock;
}

/**
 * Reads the node's blocks from `height` on, on this thread, up to READ_AHEAD_BLOCKS ahead of the
 * caller, so bitcoind serialises the next blocks while the current one is written. Each block's
 * `nextblockhash` names the next one (no getblockhash round trip); the node omits it for a block
 * off its active chain, and the caller checks every block's previous hash anyway. Answers
 * undefined past the node's tip.
 */
export class BlockPrefetcher implements BlockStream {
  private readonly ahead: Ahead[] = [];
  private last: Promise<{ height: number; nextHash?: string } | undefined>;
  private isStopped = false;

  constructor(
    private readonly rpc: BitcoinRpc,
    height: number,
  ) {
    this.last = Promise.resolve({ height: height - 1 });
  }

  next(): Promise<FetchedBlock | undefined> {
    while (this.ahead.length < READ_AHEAD_BLOCKS && !this.isStopped) this.enqueue();
    return this.ahead.shift()?.block ?? Promise.resolve(undefined);
  }

  peek(count: number): FetchedBlock[] {
    const ready: FetchedBlock[] = [];
    for (const { fetched } of this.ahead.slice(0, count)) {
      if (!fetched) break;
      ready.push(fetched);
    }
    return ready;
  }

  stop(): void {
    this.isStopped = true;
  }

  private enqueue(): void {
    const read = this.last.then((prev) =>
      prev ? readBlock(this.rpc, prev.height + 1, prev.nextHash) : undefined,
    );
    this.last = read.then((r) => r && { height: r.block.height, nextHash: r.nextHash });
    const block = read.then((r) => r && fetchedOf(r));
    const ahead: Ahead = { block };
    // A read that fails rejects every read after it; the caller sees the error when it reaches
    // that block. Handled here too, so reads dropped by stop() do not crash the process.
    block.then(
      (fetched) => (ahead.fetched = fetched),
      () => undefined,
    );
    this.last.catch(() => undefined);
    this.ahead.push(ahead);
  }
}

export const fetchedOf = (read: BlockRead): FetchedBlock => ({
  block: read.block,
  isTip: read.nextHash === undefined,
});

/** Blocks read and decoded on this thread. */
export const rpcBlockSource = (rpc: BitcoinRpc): BlockSource => ({
  from: (height) => new BlockPrefetcher(rpc, height),
});
