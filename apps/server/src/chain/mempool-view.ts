import { FreshRun } from '../shared/fresh-run.ts';
import type { TxDetails } from './sources/chain-source.ts';

/** The node's mempool as decoded transactions, newest first (LocalChainSource reads it). */
export interface MempoolSnapshots {
  snapshot(): Promise<TxDetails[]>;
  /**
   * The newest read already answered, if any: for what a read cannot make stale (where a
   * transaction already seen put its inscriptions), not for what is spent.
   */
  recent?(): TxDetails[] | undefined;
}

/**
 * One mempool read shared by every request that asks meanwhile (product.md#scale-and-delivery, the
 * mint rush: 200 offers at once each read the whole mempool, and the node's queue held them for
 * seconds). Never stale (FreshRun): a caller gets a read that starts after its call. An older
 * snapshot would not do: with full RBF, an offer built on a coin the mempool already spends can
 * pass testmempoolaccept as a replacement and evict an earlier purchase whose items were claimed.
 */
export class SharedMempoolView implements MempoolSnapshots {
  private readonly reads: FreshRun<TxDetails[]>;
  private latest: TxDetails[] | undefined;

  constructor(read: () => Promise<TxDetails[]>) {
    // Reads never overlap (FreshRun), so the last one answered is the newest.
    this.reads = new FreshRun(async () => (this.latest = await read()));
  }

  snapshot(): Promise<TxDetails[]> {
    return this.reads.run();
  }

  recent(): TxDetails[] | undefined {
    return this.latest;
  }
}
