import type { Db } from '../../db/create-db.ts';
import { btcToSats, RpcError, type BitcoinRpc } from '../rpc.ts';
import type { TxDetails } from './chain-source.ts';
import { indexedOutputs, indexedTipHeight } from './local-queries.ts';
import { rpcTxToDetails, type RpcTx } from './rpc-tx.ts';

/** getrawmempool verbose: the fields we read. */
type MempoolEntries = Record<string, { time: number; fees: { base: number } }>;

interface MempoolTx {
  details: TxDetails;
  /** When it entered the mempool, unix seconds. */
  time: number;
}

/** The most new blocks one read looks into: a longer gap is the index catching up, not a block. */
const RECENT_BLOCKS = 6;

/**
 * The node's mempool as decoded transactions, newest first. Each call asks the node which
 * transactions are there and decodes only the new ones, so a request costs one getrawmempool plus
 * whatever arrived since. Core gives no prevouts for mempool transactions, so they come from the
 * mempool itself or from the indexer's outputs (every output is indexed on regtest and signet).
 *
 * A transaction mined into a block the index has not reached yet is still answered (after the
 * mempool's, as the oldest): the node's mempool no longer holds it and the index does not hold it
 * yet, so for that moment its outputs would be nowhere and the coins it spends would look unspent
 * (a swap pool's reserves, priced from its coins, would be off by them). It is kept until the
 * index holds its block; one that left the mempool without being mined (replaced, evicted) is not.
 */
export class MempoolView {
  private readonly txs = new Map<string, MempoolTx>();
  /** Left the mempool into a block the index has not reached: the block's height. */
  private readonly mined = new Map<string, { tx: MempoolTx; height: number }>();
  /** The transactions of the node's newest blocks, by height, while the index has not reached them. */
  private readonly blocks = new Map<number, Set<string>>();
  private knownTip: number | undefined;
  private learning: Promise<void> | undefined;

  constructor(
    private readonly rpc: BitcoinRpc,
    private readonly db: Db,
  ) {}

  async snapshot(): Promise<TxDetails[]> {
    const entries = await this.rpc.call<MempoolEntries>('getrawmempool', [true]);
    // After the mempool: a transaction mined since that read is then in a block this one knows.
    await this.learnBlocks(await this.rpc.getBlockCount());
    for (const [txid, tx] of this.txs) {
      if (Object.hasOwn(entries, txid)) continue;
      this.txs.delete(txid);
      const height = this.blockOf(txid);
      if (height !== undefined) this.mined.set(txid, { tx, height });
    }
    await this.forgetIndexed(entries);
    // The new ones in one batch: one call each waited at the back of the node's queue, a rush's
    // hundred new transactions a hundred times, while every offer waiting on this read waited too.
    const fresh = Object.entries(entries).filter(([txid]) => !this.txs.has(txid));
    const txs = await this.rpc.batch<RpcTx>(
      'getrawtransaction',
      fresh.map(([txid]) => [txid, 1]),
    );
    fresh.forEach(([txid, entry], i) => {
      const tx = txs[i];
      if (!tx || tx instanceof RpcError) return; // mined or evicted since getrawmempool
      const details = rpcTxToDetails(tx, { confirmed: false }, btcToSats(entry.fees.base));
      this.txs.set(txid, { details, time: entry.time });
    });
    await this.resolvePrevouts();
    return this.newestFirst();
  }

  /**
   * The txids of each block above the last tip seen (at most RECENT_BLOCKS of them). Reads that
   * overlap (the shared view never does) learn one after the other, so a block is asked for once.
   */
  private learnBlocks(tip: number): Promise<void> {
    const learnt = (this.learning ?? Promise.resolve()).then(() => this.learnUpTo(tip));
    this.learning = learnt.catch(() => undefined);
    return learnt;
  }

  private async learnUpTo(tip: number): Promise<void> {
    const known = this.knownTip ?? tip;
    // A reorg: the blocks above the new tip are gone, their transactions back in the mempool.
    for (const height of this.blocks.keys()) if (height > tip) this.blocks.delete(height);
    for (let height = Math.max(known + 1, tip - RECENT_BLOCKS + 1); height <= tip; height++) {
      const hash = await this.rpc.call<string>('getblockhash', [height]);
      const block = await this.rpc.call<{ tx: string[] }>('getblock', [hash, 1]);
      this.blocks.set(height, new Set(block.tx));
    }
    this.knownTip = tip;
  }

  private blockOf(txid: string): number | undefined {
    for (const [height, txids] of this.blocks) if (txids.has(txid)) return height;
    return undefined;
  }

  /** Drops what the index now holds, and a mined transaction back in the mempool (a reorg). */
  private async forgetIndexed(entries: MempoolEntries): Promise<void> {
    for (const txid of this.mined.keys()) if (Object.hasOwn(entries, txid)) this.mined.delete(txid);
    if (this.blocks.size === 0 && this.mined.size === 0) return;
    const indexed = await indexedTipHeight(this.db);
    for (const height of this.blocks.keys()) if (height <= indexed) this.blocks.delete(height);
    for (const [txid, { height }] of this.mined) if (height <= indexed) this.mined.delete(txid);
  }

  private async resolvePrevouts(): Promise<void> {
    const missing = [...this.txs.values()].flatMap(({ details }) =>
      details.vin.filter((i) => !i.prevout && !i.isCoinbase),
    );
    const outside = missing.filter((i) => !this.txs.has(i.txid)).map((i) => `${i.txid}:${i.vout}`);
    const indexed = await indexedOutputs(this.db, outside);
    for (const input of missing) {
      input.prevout =
        this.txs.get(input.txid)?.details.vout[input.vout] ??
        indexed.get(`${input.txid}:${input.vout}`) ??
        null;
    }
  }

  /** By arrival, newest first; within one second a child before its parent. */
  private newestFirst(): TxDetails[] {
    const depth = new Map<string, number>();
    const depthOf = (txid: string): number => {
      const known = depth.get(txid);
      if (known !== undefined) return known;
      depth.set(txid, 0); // guards against a cycle, which a valid mempool cannot have
      const parents = this.txs.get(txid)?.details.vin.filter((i) => this.txs.has(i.txid)) ?? [];
      const d = Math.max(0, ...parents.map((i) => depthOf(i.txid) + 1));
      depth.set(txid, d);
      return d;
    };
    const mined = [...this.mined.values()].map(({ tx }) => tx.details);
    return [
      ...[...this.txs.values()]
        .sort((a, b) => b.time - a.time || depthOf(b.details.txid) - depthOf(a.details.txid))
        .map((tx) => tx.details),
      ...mined,
    ];
  }
}
