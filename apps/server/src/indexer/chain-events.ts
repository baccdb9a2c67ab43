import { EventEmitter } from 'node:events';

export interface BlockIndexedEvent {
  height: number;
  hash: string;
  inscriptionsCreated: number;
  inscriptionsMoved: string[];
}

/**
 * What the indexer tells the rest of the process (the SSE stream, caches). In-process for now;
 * several server processes will fan out through PostgreSQL LISTEN/NOTIFY (issue 4).
 */
export class ChainEvents extends EventEmitter<{
  block: [BlockIndexedEvent];
  mempool: [{ txids: string[] }];
}> {}
