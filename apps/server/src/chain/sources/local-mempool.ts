import type { Db } from '../../db/create-db.ts';
import { btcToSats, type BitcoinRpc } from '../rpc.ts';
import type { TxDetails } from './chain-source.ts';
import { indexedOutputs } from './local-queries.ts';
import { rpcTxToDetails, type RpcTx } from './rpc-tx.ts';

/** getrawmempool verbose: the fields we read. */
type MempoolEntries = Record<string, { time: number; fees: { base: number } }>;

interface MempoolTx {
  details: TxDetails;
  /** When it entered the mempool, unix seconds. */
  time: number;
}

/**
 * The node's mempool as decoded transactions, newest first. Each call asks the node which
 * transactions are there and decodes only the new ones, so a request costs one getrawmempool plus
 * whatever arrived since. Core gives no prevouts for mempool transactions, so they come from the
 * mempool itself or from the indexer's outputs (every output is indexed on regtest and signet).
 */
export class MempoolView {
  private readonly txs = new Map<string, MempoolTx>();

  constructor(
    private readonly rpc: BitcoinRpc,
    private readonly db: Db,
  ) {}

  async snapshot(): Promise<TxDetails[]> {
    const entries = await this.rpc.call<MempoolEntries>('getrawmempool', [true]);
    for (const txid of this.txs.keys()) if (!Object.hasOwn(entries, txid)) this.txs.delete(txid);
    // The new ones at once: one after the other, each waited at the back of the node's queue.
    const fresh = Object.entries(entries).filter(([txid]) => !this.txs.has(txid));
    const txs = await Promise.all(
      fresh.map(([txid]) =>
        this.rpc.call<RpcTx>('getrawtransaction', [txid, 1]).catch(() => undefined),
      ),
    );
    fresh.forEach(([txid, entry], i) => {
      const tx = txs[i];
      if (!tx) return; // mined or evicted since getrawmempool
      const details = rpcTxToDetails(tx, { confirmed: false }, btcToSats(entry.fees.base));
      this.txs.set(txid, { details, time: entry.time });
    });
    await this.resolvePrevouts();
    return this.newestFirst();
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
    return [...this.txs.values()]
      .sort((a, b) => b.time - a.time || depthOf(b.details.txid) - depthOf(a.details.txid))
      .map((tx) => tx.details);
  }
}
