import type { BitcoinNetwork } from '@om/bitcoin';
import type { FastifyBaseLogger } from 'fastify';
import { RpcError, type BitcoinRpc } from '../chain/rpc.ts';
import type { Db } from '../db/create-db.ts';
import type { BlockReaderThread } from './block-reader-thread.ts';
import { rpcBlockSource } from './block-prefetch.ts';
import type { BlockSource } from './block-source.ts';
import { blockHashAt, readTip, rollbackTo } from './chain-store.ts';
import type { ChainEvents } from './chain-events.ts';
import { indexBlocksFrom } from './index-blocks.ts';
import type { NetworkRules } from './indexer.types.ts';
import { refreshMempoolSpends } from './mempool-spends.ts';
import { networkRules } from './network-rules.ts';

/** How long one long-poll for a new block lasts before the mempool is looked at again. */
const WAIT_MS = 1000;
/** Bitcoin Core's RPC_MISC_ERROR. */
const RPC_MISC_ERROR = -1;
/** BRC-20 blocks indexed between two looks at the node, so a long BRC-20 catch-up yields. */
const BRC20_BATCH = 100;
/** Runes blocks indexed between two looks at the node, likewise. */
const RUNES_BATCH = 100;
/**
 * Blocks behind the node from which a sync reads them on the block reader thread: a catch-up,
 * worth a thread's start (a few hundred ms); one new block is read on this thread.
 */
export const THREAD_FROM_BLOCKS = 100;

export interface FollowerDeps {
  db: Db;
  rpc: BitcoinRpc;
  network: BitcoinNetwork;
  events: ChainEvents;
  log: FastifyBaseLogger;
  /** Where a catch-up reads and decodes its blocks; without it, on this thread. */
  blockReader?: BlockReaderThread;
}

/**
 * Follows bitcoind into the database: block by block, each written in one transaction that checks
 * it extends the tip (index-blocks.ts); on a reorg, walks back to the fork point and rolls back.
 * Every UTXO is kept on regtest and signet (the address API needs no outside service there).
 */
export class ChainFollower {
  readonly rules: NetworkRules;
  private readonly indexUtxos: boolean;
  private readonly startHeight: number;
  /** Hash of the last block indexed or found indexed. */
  private tipHash: string | undefined;
  private canPassTip = true;

  constructor(private readonly deps: FollowerDeps) {
    this.rules = networkRules(deps.network);
    this.indexUtxos = deps.network === 'regtest' || deps.network === 'signet';
    // Where outputs are kept, from height 0: every output a block spends is then in chain_utxos
    // (writeRows relies on it).
    this.startHeight = this.indexUtxos ? 0 : this.rules.firstInscriptionHeight;
  }

  /** Indexes up to the node's tip; answers how many blocks were written. */
  async syncOnce(): Promise<number> {
    const { rpc, blockReader } = this.deps;
    const isCatchUp =
      blockReader !== undefined && (await this.blocksBehind()) >= THREAD_FROM_BLOCKS;
    try {
      return await this.syncFrom(isCatchUp ? blockReader.sourceFor(rpc) : rpcBlockSource(rpc));
    } finally {
      // Caught up (or failed): the thread's memory is not held while following block by block.
      if (isCatchUp) await blockReader.close();
    }
  }

  /** How many blocks the node has past the index's tip (on the index's chain or not). */
  private async blocksBehind(): Promise<number> {
    const tip = await readTip(this.deps.db);
    const next = tip ? tip.height + 1 : this.startHeight;
    return (await this.deps.rpc.getBlockCount()) + 1 - next;
  }

  private async syncFrom(blocks: BlockSource): Promise<number> {
    const { db, rpc } = this.deps;
    let written = 0;
    for (;;) {
      const tip = await readTip(db);
      if (tip && (await rpc.getBlockHash(tip.height).catch(() => undefined)) !== tip.hash) {
        await this.rollBackToFork(tip.height);
        continue;
      }
      this.tipHash = tip?.hash;
      const run = await indexBlocksFrom(
        {
          db,
          blocks,
          rules: this.rules,
          indexUtxos: this.indexUtxos,
          startHeight: this.startHeight,
          onWritten: (block, rows) => {
            this.tipHash = block.hash;
            this.deps.events.emit('block', {
              height: block.height,
              hash: block.hash,
              inscriptionsCreated: rows.inscriptions.length,
              inscriptionsMoved: [...new Set(rows.locations.map((l) => l.id))],
            });
          },
        },
        tip,
      );
      written += run.written;
      if (run.isAtTip) return written;
    }
  }

  private async rollBackToFork(fromHeight: number): Promise<void> {
    let height = fromHeight - 1;
    while (height >= this.startHeight) {
      // A height the node no longer has (it reorganised to a shorter chain) is a mismatch too.
      const [ours, theirs] = await Promise.all([
        blockHashAt(this.deps.db, height),
        this.deps.rpc.getBlockHash(height).catch(() => undefined),
      ]);
      if (ours === theirs) break;
      height -= 1;
    }
    this.deps.log.info({ from: fromHeight, to: height }, 'reorg: rolling back');
    await rollbackTo(this.deps.db, height);
  }

  /**
   * Indexes BRC-20 up to the inscription index's tip, at most `maxBlocks` blocks (the BRC-20
   * follower reads only what this index wrote); answers whether it caught up. Announces 'brc20'
   * once the pass committed blocks: 'block' came before their token rows were written.
   */
  async syncBrc20(maxBlocks?: number): Promise<boolean> {
    // Loaded on first use: a process that only indexes inscriptions starts without the rules.
    const { indexBrc20 } = await import('./brc20/brc20-follower.ts');
    const run = await indexBrc20(this.deps.db, this.deps.network, maxBlocks);
    if (run.height !== undefined) this.deps.events.emit('brc20', { height: run.height });
    return run.isAtTip;
  }

  /**
   * Indexes runes up to the inscription index's tip, at most `maxBlocks` blocks (each read from
   * the node by the hash this index holds); answers whether it caught up.
   */
  async syncRunes(maxBlocks?: number): Promise<boolean> {
    const { indexRunes } = await import('./runes/runes-follower.ts');
    const run = await indexRunes(this.deps.db, this.deps.rpc, this.deps.network, maxBlocks);
    return run.isAtTip;
  }

  /**
   * Runs until the signal aborts: sync, then BRC-20 and runes on top of it, refresh the mempool's
   * spends, then long-poll the node for the next block (so a mined block is indexed within
   * milliseconds, not a polling period). A BRC-20 or runes catch-up goes in batches with a sync
   * between them.
   */
  async run(signal: AbortSignal): Promise<void> {
    let backoff = 0;
    while (!signal.aborted) {
      try {
        await this.syncOnce();
        const isBrc20AtTip = await this.syncBrc20(BRC20_BATCH);
        const isRunesAtTip = await this.syncRunes(RUNES_BATCH);
        const txids = await refreshMempoolSpends(this.deps.db, this.deps.rpc);
        if (txids.length > 0) this.deps.events.emit('mempool', { txids });
        backoff = 0;
        if (!signal.aborted && isBrc20AtTip && isRunesAtTip) await this.waitForNewBlock();
      } catch (err) {
        backoff = Math.min(30_000, backoff === 0 ? 500 : backoff * 2);
        this.deps.log.error({ err, retryInMs: backoff }, 'indexer: sync failed');
        await new Promise((resolve) => setTimeout(resolve, backoff));
      }
    }
  }

  /**
   * Long-polls for a block after the one indexed last. Given that tip (Bitcoin Core 29+,
   * `current_tip`), the node answers at once when a block came while we were busy; without it the
   * wait starts from the node's tip at call time, and such a block waited for the timeout.
   */
  private async waitForNewBlock(): Promise<void> {
    const { rpc } = this.deps;
    if (this.tipHash !== undefined && this.canPassTip) {
      try {
        await rpc.call('waitfornewblock', [WAIT_MS, this.tipHash]);
        return;
      } catch (err) {
        // An older node answers a second argument with its help text as a misc error (-1).
        if (!(err instanceof RpcError) || err.code !== RPC_MISC_ERROR) throw err;
        this.canPassTip = false;
      }
    }
    await rpc.waitForNewBlock(WAIT_MS);
  }
}
