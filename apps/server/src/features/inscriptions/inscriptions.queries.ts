import type { InscriptionDetailsPayload, InscriptionTransfer } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { NULL_TXID } from '../../indexer/indexer.types.ts';
import { findCatalogueEntry } from './inscription-catalogue.queries.ts';

export async function findInscriptionDetails(
  db: Db,
  id: string,
): Promise<InscriptionDetailsPayload | undefined> {
  const row = await db.kysely
    .selectFrom('chain_inscriptions as c')
    .leftJoin('inscriptions as m', 'm.inscription_id', 'c.inscription_id')
    .leftJoin('collections as col', 'col.id', 'm.collection_id')
    .select([
      'c.inscription_id',
      'c.number',
      'c.sequence',
      'c.content_type',
      'c.content_length',
      'c.content_encoding',
      'c.metaprotocol',
      'c.charms',
      'c.parents',
      'c.delegate',
      'c.genesis_height',
      'c.genesis_txid',
      'c.genesis_fee',
      'c.genesis_time',
      'c.txid',
      'c.vout',
      'c.sat_offset',
      'c.address',
      'c.output_value',
      'col.slug as collection_slug',
    ])
    .where('c.inscription_id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  // Unbound and lost inscriptions sit on the null outpoint (ord): nothing can spend them.
  const moving =
    row.txid === NULL_TXID
      ? undefined
      : await db.kysely
          .selectFrom('mempool_spends')
          .select('txid')
          .where('prev_txid', '=', row.txid)
          .where('prev_vout', '=', Number(row.vout))
          .executeTakeFirst();
  const catalogue = await findCatalogueEntry(db, {
    id: row.inscription_id,
    genesisTxid: row.genesis_txid,
    delegate: row.delegate,
  });
  return {
    inscriptionId: row.inscription_id,
    number: Number(row.number),
    sequence: Number(row.sequence),
    contentType: row.content_type,
    contentLength: row.content_length,
    contentEncoding: row.content_encoding,
    metaprotocol: row.metaprotocol,
    charms: row.charms,
    parents: row.parents,
    delegate: row.delegate,
    genesisHeight: row.genesis_height,
    genesisTxid: row.genesis_txid,
    genesisFee: row.genesis_fee,
    timestamp: row.genesis_time.toISOString(),
    satpoint: `${row.txid}:${row.vout}:${row.sat_offset}`,
    address: row.address,
    outputValue: row.output_value,
    collectionSlug: row.collection_slug ?? null,
    ...catalogue,
    isMoving: moving !== undefined,
    movingTxid: moving?.txid ?? null,
  };
}

export async function findTransfers(db: Db, id: string): Promise<InscriptionTransfer[]> {
  const rows = await db.kysely
    .selectFrom('chain_transfers as t')
    .innerJoin('chain_blocks as b', 'b.height', 't.height')
    .select([
      't.txid',
      't.height',
      't.vout',
      't.sat_offset',
      't.address',
      't.output_value',
      'b.block_time',
    ])
    .where('t.inscription_id', '=', id)
    .orderBy('t.height', 'desc')
    .orderBy('t.seq', 'desc')
    .execute();
  return rows.map((r) => ({
    txid: r.txid,
    height: r.height,
    timestamp: r.block_time.toISOString(),
    satpoint: `${r.txid}:${r.vout}:${r.sat_offset}`,
    address: r.address,
    outputValue: r.output_value,
  }));
}

export type InscriptionContent =
  | {
      kind: 'content';
      contentType: string | null;
      contentEncoding: string | null;
      body: Uint8Array;
    }
  | { kind: 'no-content' }
  | { kind: 'missing-delegate'; delegate: string };

/**
 * What /content serves, as ord's content route decides it: a delegate's content when the
 * inscription delegates (one level), nothing for a missing delegate or an inscription without a body.
 */
export async function findContent(db: Db, id: string): Promise<InscriptionContent | undefined> {
  const read = (inscriptionId: string) =>
    db.kysely
      .selectFrom('chain_inscriptions')
      .select(['content_type', 'content_encoding', 'content', 'delegate'])
      .where('inscription_id', '=', inscriptionId)
      .executeTakeFirst();
  const row = await read(id);
  if (!row) return undefined;
  const source = row.delegate ? await read(row.delegate) : row;
  if (!source) return { kind: 'missing-delegate', delegate: row.delegate ?? '' };
  if (!source.content) return { kind: 'no-content' };
  return {
    kind: 'content',
    contentType: source.content_type,
    contentEncoding: source.content_encoding,
    body: source.content,
  };
}
