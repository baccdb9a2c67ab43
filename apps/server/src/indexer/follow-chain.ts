import type { BitcoinNetwork } from '@om/bitcoin';
import type { FastifyBaseLogger } from 'fastify';
import type { BitcoinRpc } from '../chain/rpc.ts';
import type { Db } from '../db/create-db.ts';
import { blockToRows } from './block-to-rows.ts';
import {
  INITIAL_COUNTERS,
  blockHashAt,
  inscriptionsOnOutputs,
  readTip,
  rollbackTo,
  writeBlock,
} from './chain-store.ts';
import type { ChainEvents } from './chain-events.ts';
import { blockSpends, decodeRpcBlock } from './decode-rpc-block.ts';
import type { NetworkRules } from './indexer.types.ts';
import { refreshMempoolSpends } from './mempool-spends.ts';
import { networkRules } from './network-rules.ts';

export interface FollowerDeps {
  db: Db;
  rpc: BitcoinRpc;
  network: BitcoinNetwork;
  events: ChainEvents;
  log: FastifyBaseLogger;
}

/**
 * Follows bitcoind into the database: one block at a time, each written in one transaction that
 * checks it extends the tip; on a reorg, walks back to the fork point and rolls back. Every UTXO is
 * kept on regtest and signet (the address API needs no outside service there).
 */
export class ChainFollower {
  readonly rules: NetworkRules;
  private readonly indexUtxos: boolean;
  private readonly startHeight: number;

  constructor(private readonly deps: FollowerDeps) {
    this.rules = networkRules(deps.network);
    this.indexUtxos = deps.network === 'regtest' || deps.network === 'signet';
    this.startHeight = this.indexUtxos ? 0 : this.rules.firstInscriptionHeight;
  }

  /** Indexes up to the node's tip; answers how many blocks were written. */
  async syncOnce(): Promise<number> {
    const { db, rpc } = this.deps;
    let written = 0;
    for (;;) {
      const tip = await readTip(db);
      if (tip && (await rpc.getBlockHash(tip.height).catch(() => undefined)) !== tip.hash) {
        await this.rollBackToFork(tip.height);
        continue;
      }
      const nodeHeight = await rpc.getBlockCount();
      const next = tip ? tip.height + 1 : this.startHeight;
      if (next > nodeHeight) return written;
      const block = decodeRpcBlock(await rpc.getBlockVerbose3(await rpc.getBlockHash(next)));
      if (tip && block.previousHash !== tip.hash) continue; // the node reorganised meanwhile
      const spends = blockSpends(block);
      const rows = blockToRows(block, {
        counters: tip?.counters ?? INITIAL_COUNTERS,
        onOutputs: await inscriptionsOnOutputs(
          db,
          spends.map((s) => `${s.txid}:${s.vout}`),
        ),
        rules: this.rules,
      });
      const result = await writeBlock(db, rows, {
        indexUtxos: this.indexUtxos,
        startHeight: this.startHeight,
        spends,
      });
      if (result === 'written') {
        written += 1;
        this.deps.events.emit('block', {
          height: block.height,
          hash: block.hash,
          inscriptionsCreated: rows.inscriptions.length,
          inscriptionsMoved: [...new Set(rows.locations.map((l) => l.id))],
        });
      }
    }
  }

  private async rollBackToFork(fromHeight: number): Promise<void> {
    let height = fromHeight - 1;
    while (height >= this.startHeight) {
      const [ours, theirs] = await Promise.all([
        blockHashAt(this.deps.db, height),
        this.deps.rpc.getBlockHash(height),
      ]);
      if (ours === theirs) break;
      height -= 1;
    }
    this.deps.log.info({ from: fromHeight, to: height }, 'reorg: rolling back');
    await rollbackTo(this.deps.db, height);
  }

  /**
   * Runs until the signal aborts: sync, refresh the mempool's spends, then long-poll the node for
   * the next block (so a mined block is indexed within milliseconds, not a polling period).
   */
  async run(signal: AbortSignal): Promise<void> {
    let backoff = 0;
    while (!signal.aborted) {
      try {
        await this.syncOnce();
        const txids = await refreshMempoolSpends(this.deps.db, this.deps.rpc);
        if (txids.length > 0) this.deps.events.emit('mempool', { txids });
        backoff = 0;
        if (!signal.aborted) await this.deps.rpc.waitForNewBlock(1000);
      } catch (err) {
        backoff = Math.min(30_000, backoff === 0 ? 500 : backoff * 2);
        this.deps.log.error({ err, retryInMs: backoff }, 'indexer: sync failed');
        await new Promise((resolve) => setTimeout(resolve, backoff));
      }
    }
  }
}
