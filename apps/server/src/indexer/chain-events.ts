import { EventEmitter } from 'node:events';

export interface BlockIndexedEvent {
  height: number;
  hash: string;
  inscriptionsCreated: number;
  inscriptionsMoved: string[];
}

/** The BRC-20 index caught up to `height`: its rows up to there are written and readable. */
export interface Brc20IndexedEvent {
  height: number;
}

/**
 * What the indexer tells the rest of the process (the SSE stream, caches). In-process for now;
 * several server processes will fan out through PostgreSQL LISTEN/NOTIFY (ADR 007).
 */
export class ChainEvents extends EventEmitter<{
  block: [BlockIndexedEvent];
  /** After 'block': the BRC-20 pass over the blocks it announced wrote their rows. */
  brc20: [Brc20IndexedEvent];
  mempool: [{ txids: string[] }];
  /** After 'brc20': the XP worker accrued blocks up to `height` (ADR 020). */
  xp: [{ height: number }];
}> {
  constructor() {
    super();
    // Every worker that follows blocks listens here (trading, launches, auctions, BRC-20, the
    // rewards' XP, tasks, draws, payouts…): more than Node's default warning threshold of 10.
    this.setMaxListeners(50);
  }
}
