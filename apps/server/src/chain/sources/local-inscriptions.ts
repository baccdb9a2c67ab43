import type { Db } from '../../db/create-db.ts';
import type { InscriptionLocation, InscriptionLookup, TxDetails } from './chain-source.ts';
import type { MempoolSnapshots } from '../mempool-view.ts';
import { indexedLocation, vouchedOutputs, type PlacedInscription } from './local-queries.ts';
import { placePendingInscriptions } from './pending-inscriptions.ts';

/**
 * Inscriptions from our indexer's tables; with a mempool view, also on outputs of unconfirmed
 * transactions (a reveal or a transfer not mined yet), placed by ord's rules.
 */
export class LocalInscriptions implements InscriptionLookup {
  private readonly placements = new WeakMap<
    TxDetails[],
    Promise<Map<string, PlacedInscription[]>>
  >();
  /**
   * Each mempool transaction's outputs with their inscriptions, by txid: what a transaction puts
   * where is fixed by it and its inputs, so each read places only what is new to it.
   */
  private readonly placedTxs = new Map<string, Map<string, PlacedInscription[]>>();

  constructor(
    private readonly db: Db,
    private readonly mempool?: MempoolSnapshots,
  ) {}

  async inscriptionsOnOutputs(outpoints: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    const indexed = await this.confirmed(outpoints);
    for (const [outpoint, list] of indexed)
      result.set(
        outpoint,
        list.map((i) => i.id),
      );
    const pending = outpoints.filter((o) => !indexed.has(o));
    if (pending.length === 0 || !this.mempool) return result;

    const placed = await this.pendingPlaced(this.mempool, pending);
    for (const outpoint of pending) {
      const list = placed.get(outpoint);
      if (list)
        result.set(
          outpoint,
          list.map((i) => i.id),
        );
    }
    return result;
  }

  /**
   * Where a mempool transaction put inscriptions no later read changes, so the newest read
   * answered serves when it places every output asked for (a buyer's change, just read as theirs
   * from that very read or an older one); only otherwise is the node asked again. A wait for a
   * fresh read here was a second one per mint offer in a rush (product.md#scale-and-delivery).
   */
  private async pendingPlaced(
    mempool: MempoolSnapshots,
    outpoints: readonly string[],
  ): Promise<Map<string, PlacedInscription[]>> {
    const recent = mempool.recent?.();
    if (recent) {
      const placed = await this.placedIn(recent);
      if (outpoints.every((o) => placed.has(o))) return placed;
    }
    return this.placedIn(await mempool.snapshot());
  }

  /** Every output's inscriptions in this read, once per read: its requests share it. */
  private placedIn(txs: TxDetails[]): Promise<Map<string, PlacedInscription[]>> {
    const known = this.placements.get(txs);
    if (known) return known;
    const placing = this.place(txs);
    this.placements.set(txs, placing);
    // A failed lookup is not kept: the next request tries again.
    placing.catch(() => this.placements.delete(txs));
    return placing;
  }

  /**
   * Places the transactions no earlier read placed (their inputs outside the mempool looked up),
   * and forgets those this read no longer holds. A transaction spending something unknown is
   * placed again by the next read, when the index may know it.
   */
  private async place(txs: TxDetails[]): Promise<Map<string, PlacedInscription[]>> {
    const inMempool = new Set(txs.map((tx) => tx.txid));
    for (const txid of this.placedTxs.keys()) if (!inMempool.has(txid)) this.placedTxs.delete(txid);
    const fresh = txs.filter((tx) => !this.placedTxs.has(tx.txid));
    if (fresh.length > 0) {
      const confirmedInputs = fresh.flatMap((tx) =>
        tx.vin.filter((i) => !inMempool.has(i.txid)).map((i) => `${i.txid}:${i.vout}`),
      );
      const onInputs = await this.confirmed(confirmedInputs);
      const placedBefore = (outpoint: string) =>
        this.placedTxs.get(outpoint.slice(0, 64))?.get(outpoint);
      const placed = placePendingInscriptions(
        fresh,
        (outpoint) => onInputs.get(outpoint) ?? placedBefore(outpoint),
      );
      for (const tx of fresh) {
        // Every output of a placed transaction has its list, empty or not.
        if (!placed.has(`${tx.txid}:0`)) continue;
        const outputs = tx.vout.map((_, vout) => `${tx.txid}:${vout}`);
        this.placedTxs.set(tx.txid, new Map(outputs.map((o) => [o, placed.get(o) ?? []])));
      }
    }
    const result = new Map<string, PlacedInscription[]>();
    for (const tx of txs)
      for (const [o, list] of this.placedTxs.get(tx.txid) ?? []) result.set(o, list);
    return result;
  }

  inscriptionLocation(inscriptionId: string): Promise<InscriptionLocation | null> {
    return indexedLocation(this.db, inscriptionId);
  }

  /**
   * Inscriptions on every indexed outpoint among these; unindexed ones are absent, and so are
   * those holding runes: not vouched for, they are never spent as padding or fee, and a mempool
   * transaction spending one places nothing on its outputs either.
   */
  private confirmed(outpoints: readonly string[]) {
    return vouchedOutputs(this.db, outpoints);
  }
}
