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

    const placed = await this.placedIn(await this.mempool.snapshot());
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
   * Every mempool output's inscriptions, once per snapshot: the requests sharing a mempool read
   * share its placement too (the whole mempool's inputs looked up and walked).
   */
  private placedIn(txs: TxDetails[]): Promise<Map<string, PlacedInscription[]>> {
    const known = this.placements.get(txs);
    if (known) return known;
    const placing = (async () => {
      const inMempool = new Set(txs.map((tx) => tx.txid));
      const confirmedInputs = txs.flatMap((tx) =>
        tx.vin.filter((i) => !inMempool.has(i.txid)).map((i) => `${i.txid}:${i.vout}`),
      );
      const onInputs = await this.confirmed(confirmedInputs);
      return placePendingInscriptions(txs, (outpoint) => onInputs.get(outpoint));
    })();
    this.placements.set(txs, placing);
    // A failed lookup is not kept: the next request tries again.
    placing.catch(() => this.placements.delete(txs));
    return placing;
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
