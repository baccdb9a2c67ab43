import type { TxDetails } from './sources/chain-source.ts';

/** The node's mempool as decoded transactions, newest first (LocalChainSource reads it). */
export interface MempoolSnapshots {
  snapshot(): Promise<TxDetails[]>;
}

/**
 * One mempool read shared by every request that asks meanwhile (product.md#scale-and-delivery, the
 * mint rush: 200 offers at once each read the whole mempool, and the node's queue held them for
 * seconds).
 *
 * Never stale: a caller gets a read that starts after its call. Callers of one turn of the event
 * loop share a read started at the end of it; a caller arriving while a read is in flight (it may
 * have missed the caller's own mint, broadcast just now) waits for the next read, which every
 * caller arriving meanwhile shares: one read in flight and one waiting, at most. An older snapshot
 * would not do: with full RBF, an offer built on a coin the mempool already spends can pass
 * testmempoolaccept as a replacement and evict an earlier purchase whose items were claimed.
 */
export class SharedMempoolView implements MempoolSnapshots {
  private running: Promise<TxDetails[]> | undefined;
  private next: Promise<TxDetails[]> | undefined;

  constructor(private readonly read: () => Promise<TxDetails[]>) {}

  snapshot(): Promise<TxDetails[]> {
    this.next ??= this.turnAfterRunning().then(() => this.start());
    return this.next;
  }

  private turnAfterRunning(): Promise<void> {
    const running = this.running;
    if (running) return running.then(noop, noop);
    return new Promise((resolve) => setImmediate(resolve));
  }

  private start(): Promise<TxDetails[]> {
    this.next = undefined;
    const running = this.read();
    this.running = running;
    // Cleared only when no read waits: the waiting one takes over at once, so none overlap.
    const done = () => {
      if (this.running === running && !this.next) this.running = undefined;
    };
    running.then(done, done);
    return running;
  }
}

function noop(): void {}
