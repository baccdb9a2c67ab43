import type { InscriptionCollection, InscriptionEdition, InscriptionTrait } from '@om/core';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

/** What the market's catalogue says of an inscription, beside what the index says. */
export type CatalogueEntry = {
  name: string | null;
  collection: InscriptionCollection | null;
  traits: InscriptionTrait[];
  edition: InscriptionEdition | null;
};

const NONE: CatalogueEntry = { name: null, collection: null, traits: [], edition: null };

/**
 * The item's name, collection and traits (product.md#walk-through-fixes item 6), shown when its
 * collection is browsable or on sale in a launch: an onboarded collection still under review is a
 * claim nobody checked yet, so neither its name nor its traits are shown as the item's. An edition
 * is named by the launch whose reveal made it.
 */
export async function findCatalogueEntry(
  db: Db,
  inscription: { id: string; genesisTxid: string; delegate: string | null },
): Promise<CatalogueEntry> {
  const edition = inscription.delegate ? await findEdition(db, inscription) : null;
  const { rows } = await sql<{
    name: string | null;
    slug: string;
    collection_name: string;
    is_under_review: boolean;
    supply: number | null;
    launch_slug: string | null;
  }>`
    select i.name, c.slug, c.name as collection_name, c.is_under_review, s.supply,
           (select l.slug from launchpads l
            where l.collection_id = c.id and l.status = 'active'
            order by l.created_at desc limit 1) as launch_slug
    from inscriptions i
    join collections c on c.id = i.collection_id
    left join collection_stats s on s.collection_id = c.id
    where i.inscription_id = ${inscription.id}`.execute(db.kysely);
  const row = rows[0];
  if (!row || (row.is_under_review && row.launch_slug === null)) return { ...NONE, edition };
  return {
    name: row.name,
    collection: {
      slug: row.slug,
      name: row.collection_name,
      supply: row.supply ?? 0,
      isListed: !row.is_under_review,
      launchSlug: row.launch_slug,
    },
    traits: await findTraits(db, inscription.id),
    edition,
  };
}

/** Each trait with how many of the collection's items share it (attributes_by_collection_trait). */
async function findTraits(db: Db, id: string): Promise<InscriptionTrait[]> {
  const { rows } = await sql<{ category: string; value: string; count: string }>`
    select a.category, a.value,
           (select count(*) from attributes x
            where x.collection_id = a.collection_id and x.category = a.category
              and x.value = a.value) as count
    from attributes a
    where a.inscription_id = ${id}
    order by a.category, a.value`.execute(db.kysely);
  return rows.map((r) => ({ category: r.category, value: r.value, count: Number(r.count) }));
}

/**
 * The editions launch whose reveal made this inscription, a delegate of the launch's original (ADR
 * 011): a delegate inscribed elsewhere is no edition of ours.
 */
async function findEdition(
  db: Db,
  inscription: { genesisTxid: string; delegate: string | null },
): Promise<InscriptionEdition | null> {
  const { rows } = await sql<{ slug: string; name: string; original_id: string }>`
    select l.slug, c.name, l.edition_inscription_id as original_id
    from inscribe_orders o
    join edition_orders e on e.id = o.id
    join launchpads l on l.id = e.launchpad_id
    join collections c on c.id = l.collection_id
    where o.order_type = 'edition' and o.reveal_txid = ${inscription.genesisTxid}
      and l.edition_inscription_id = ${inscription.delegate}
    limit 1`.execute(db.kysely);
  const row = rows[0];
  return row ? { launchSlug: row.slug, name: row.name, originalId: row.original_id } : null;
}
