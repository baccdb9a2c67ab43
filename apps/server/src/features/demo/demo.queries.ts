import { createHash } from 'node:crypto';
import { uIsUnspent } from '../../chain/sources/local-queries.ts';
import type { Db } from '../../db/create-db.ts';
import type { DemoArtwork } from './demo-art.types.ts';
import type { CatalogueCollection } from './demo-catalogue.ts';

export async function existingCollectionSlugs(db: Db, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('collections')
    .select('slug')
    .where('slug', 'in', slugs)
    .execute();
  return rows.map((r) => r.slug);
}

/** Unspent outputs paying these addresses (the indexer keeps every UTXO on regtest), by address. */
export async function unspentOutputsAt(
  db: Db,
  addresses: readonly string[],
): Promise<Map<string, { txid: string; vout: number; value: bigint }>> {
  const result = new Map<string, { txid: string; vout: number; value: bigint }>();
  if (addresses.length === 0) return result;
  const rows = await db.kysely
    .selectFrom('chain_utxos as u')
    .select(['u.txid', 'u.vout', 'u.value', 'u.address'])
    .where('u.address', 'in', addresses)
    .where(uIsUnspent)
    .orderBy('u.height')
    .execute();
  for (const row of rows) {
    if (row.address && !result.has(row.address)) {
      result.set(row.address, { txid: row.txid, vout: row.vout, value: BigInt(row.value) });
    }
  }
  return result;
}

/**
 * The indexed inscription carrying each artwork's exact bytes (the first one, should there be
 * several): how a re-run finds what an earlier run inscribed. Candidates are narrowed by content
 * type and length in SQL, then compared by hash.
 */
export async function findInscribedArtworks(
  db: Db,
  artworks: readonly DemoArtwork[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (artworks.length === 0) return found;
  const keysByDigest = new Map<string, string[]>();
  for (const a of artworks) {
    const digest = contentDigest(a.contentType, a.body);
    keysByDigest.set(digest, [...(keysByDigest.get(digest) ?? []), a.key]);
  }
  const rows = await db.kysely
    .selectFrom('chain_inscriptions')
    .select(['inscription_id', 'content_type', 'content'])
    .where('content_type', 'in', [...new Set(artworks.map((a) => a.contentType))])
    .where('content_length', 'in', [...new Set(artworks.map((a) => a.body.length))])
    .orderBy('number')
    .execute();
  for (const row of rows) {
    const digest = contentDigest(row.content_type ?? '', row.content ?? new Uint8Array());
    for (const key of keysByDigest.get(digest) ?? []) {
      if (!found.has(key)) found.set(key, row.inscription_id);
    }
  }
  return found;
}

function contentDigest(contentType: string, body: Uint8Array): string {
  return createHash('sha256').update(contentType).update('\0').update(body).digest('hex');
}

/** Writes the catalogue in one transaction: a crash leaves all of it or none. */
export async function writeCatalogue(db: Db, catalogue: readonly CatalogueCollection[]) {
  await db.kysely.transaction().execute(async (trx) => {
    for (const { collection, inscriptions, attributes } of catalogue) {
      const { slug: _slug, ...changes } = collection;
      const { id } = await trx
        .insertInto('collections')
        .values(collection)
        .onConflict((oc) => oc.column('slug').doUpdateSet(changes))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('inscriptions')
        .values(inscriptions.map((i) => ({ ...i, collection_id: id })))
        .onConflict((oc) =>
          oc.column('inscription_id').doUpdateSet((eb) => ({
            collection_id: eb.ref('excluded.collection_id'),
            name: eb.ref('excluded.name'),
            file_type: eb.ref('excluded.file_type'),
          })),
        )
        .execute();
      const ids = inscriptions.map((i) => i.inscription_id);
      await trx.deleteFrom('attributes').where('inscription_id', 'in', ids).execute();
      await trx
        .insertInto('attributes')
        .values(attributes.map((a) => ({ ...a, collection_id: id })))
        .execute();
    }
  });
}
