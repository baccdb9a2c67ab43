import { inscriptionId, parseEnvelopes } from '@om/bitcoin';
import type { Db } from '../../db/create-db.ts';
import { curseOf } from '../curse.ts';
import { envelopeContent } from '../envelopes.ts';
import { brc20Candidate } from './brc20-candidate.ts';

/** What getrawtransaction (verbosity 1) answers for a mempool transaction, as far as we read it. */
export interface MempoolTx {
  txid: string;
  vin: { txinwitness?: string[] }[];
  vout: { scriptPubKey: { address?: string } }[];
}

export interface MempoolTransfer {
  inscriptionId: string;
  txid: string;
  tick: string;
  amount: string;
  address: string | null;
}

/**
 * The transfer-inscribes a mempool transaction reveals (pure), to show as pending. Only an envelope
 * ord would not curse can count for BRC-20 (OPI ignores cursed inscriptions, vindicated or not):
 * the first of input 0, without pointer, so it lands on the first sat of the first output. (A
 * reinscription is cursed too, which only the index can tell.) Whether one is valid is known only
 * once it is mined; until then it is shown, never counted.
 */
export function mempoolTransfers(tx: MempoolTx): MempoolTransfer[] {
  const witnesses = tx.vin.map((i) => (i.txinwitness ?? []).map((w) => Buffer.from(w, 'hex')));
  if (!witnesses.some((w) => w.length >= 2)) return [];
  return parseEnvelopes(witnesses).flatMap((envelope, index) => {
    if (curseOf(envelope, undefined) !== null) return [];
    const { contentType, body } = envelopeContent(envelope);
    const content = brc20Candidate({ contentType, body, charms: [] });
    const { op, tick, amt } = content ?? {};
    if (op !== 'transfer' || typeof tick !== 'string' || typeof amt !== 'string') return [];
    return [
      {
        inscriptionId: inscriptionId(tx.txid, index),
        txid: tx.txid,
        tick: tick.toLowerCase(),
        amount: amt,
        address: tx.vout[0]?.scriptPubKey.address ?? null,
      },
    ];
  });
}

/** Records a new mempool transaction's transfer-inscribes (called by the mempool refresh). */
export async function recordMempoolTransfers(db: Db, tx: MempoolTx): Promise<void> {
  const rows = mempoolTransfers(tx).map((t) => ({
    inscription_id: t.inscriptionId,
    txid: t.txid,
    tick: t.tick,
    amount: t.amount,
    address: t.address,
  }));
  if (rows.length === 0) return;
  await db.kysely
    .insertInto('brc20_mempool_transfers')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Forgets the transfer-inscribes of transactions that left the mempool (mined or evicted). */
export async function forgetMempoolTransfers(db: Db, txids: string[]): Promise<void> {
  if (txids.length === 0) return;
  await db.kysely.deleteFrom('brc20_mempool_transfers').where('txid', 'in', txids).execute();
}
