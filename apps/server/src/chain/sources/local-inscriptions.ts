import type { Db } from '../../db/create-db.ts';
import type { InscriptionLocation, InscriptionLookup } from './chain-source.ts';
import type { MempoolView } from './local-mempool.ts';
import { indexedLocation, indexedOutputs, inscriptionsAt } from './local-queries.ts';
import { placePendingInscriptions } from './pending-inscriptions.ts';

/**
 * Inscriptions from our indexer's tables; with a mempool view, also on outputs of unconfirmed
 * transactions (a reveal or a transfer not mined yet), placed by ord's rules.
 */
export class LocalInscriptions implements InscriptionLookup {
  constructor(
    private readonly db: Db,
    private readonly mempool?: MempoolView,
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

    const txs = await this.mempool.snapshot();
    const inMempool = new Set(txs.map((tx) => tx.txid));
    const confirmedInputs = txs.flatMap((tx) =>
      tx.vin.filter((i) => !inMempool.has(i.txid)).map((i) => `${i.txid}:${i.vout}`),
    );
    const onInputs = await this.confirmed(confirmedInputs);
    const placed = placePendingInscriptions(txs, (outpoint) => onInputs.get(outpoint));
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

  inscriptionLocation(inscriptionId: string): Promise<InscriptionLocation | null> {
    return indexedLocation(this.db, inscriptionId);
  }

  /** Inscriptions on every indexed outpoint among these; unindexed ones are absent. */
  private async confirmed(outpoints: readonly string[]) {
    const known = await indexedOutputs(this.db, outpoints);
    const on = await inscriptionsAt(this.db, [...known.keys()]);
    return new Map([...known.keys()].map((outpoint) => [outpoint, on.get(outpoint) ?? []]));
  }
}
