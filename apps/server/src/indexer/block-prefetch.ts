import type { BitcoinRpc, RpcBlock3 } from '../chain/rpc.ts';
import { decodeRpcBlock } from './decode-rpc-block.ts';
import type { ChainBlock } from './indexer.types.ts';

/** Decoded blocks that may wait ahead of the writer: enough to hide one block's write. */
const DEPTH = 4;

export interface FetchedBlock {
  block: ChainBlock;
  /** The node had no block after it when it was read. */
  isTip: boolean;
}

type RpcBlockWithNext = RpcBlock3 & { nextblockhash?: string };

/**
 * Reads the node's blocks from `height` on, up to DEPTH ahead of the caller, so bitcoind serialises
 * the next blocks while the current one is written. Each block's `nextblockhash` names the next one
 * (no getblockhash round trip); the node omits it for a block off its active chain, and the caller
 * checks every block's previous hash anyway. Answers undefined past the node's tip.
 */
interface Ahead {
  block: Promise<FetchedBlock | undefined>;
  /** Set once read and decoded. */
  fetched?: FetchedBlock;
}

export class BlockPrefetcher {
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
    while (this.ahead.length < DEPTH && !this.isStopped) this.enqueue();
    return this.ahead.shift()?.block ?? Promise.resolve(undefined);
  }

  /** Up to `count` blocks after the one next() answered last, those already read, in order. */
  peek(count: number): FetchedBlock[] {
    const ready: FetchedBlock[] = [];
    for (const { fetched } of this.ahead.slice(0, count)) {
      if (!fetched) break;
      ready.push(fetched);
    }
    return ready;
  }

  /** No more reads are started; those under way finish and are dropped. */
  stop(): void {
    this.isStopped = true;
  }

  private enqueue(): void {
    const read = this.last.then((prev) =>
      prev ? this.fetch(prev.height + 1, prev.nextHash) : undefined,
    );
    this.last = read.then((f) => f && { height: f.raw.height, nextHash: f.raw.nextblockhash });
    const block = read.then(
      (f) => f && { block: decodeRpcBlock(f.raw), isTip: f.raw.nextblockhash === undefined },
    );
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

  private async fetch(
    height: number,
    knownHash: string | undefined,
  ): Promise<{ raw: RpcBlockWithNext } | undefined> {
    let hash = knownHash;
    if (hash === undefined) {
      if (height > (await this.rpc.getBlockCount())) return undefined;
      hash = await this.rpc.getBlockHash(height);
    }
    return { raw: await this.rpc.call<RpcBlockWithNext>('getblock', [hash, 3]) };
  }
}
