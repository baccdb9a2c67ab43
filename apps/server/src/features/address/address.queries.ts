import type { AddressInscription } from '@om/core';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

/**
 * The inscriptions an address holds per the indexer, newest first, with the market's name and
 * collection and its sale (listedInscriptions' rule). Served by chain_inscriptions_address.
 */
export async function findAddressInscriptions(
  db: Db,
  address: string,
  page: { limit: number; offset: number },
): Promise<AddressInscription[]> {
  const { rows } = await sql<{
    inscription_id: string;
    number: string;
    name: string | null;
    content_type: string | null;
    slug: string | null;
    txid: string;
    vout: string;
    is_moving: boolean;
    listing_id: string | null;
    price: string | null;
    is_tradable: boolean;
  }>`
    select ci.inscription_id, ci.number, i.name, ci.content_type, c.slug, ci.txid, ci.vout,
           exists (select 1 from mempool_spends m
                   where m.prev_txid = ci.txid and m.prev_vout = ci.vout) as is_moving,
           o.id as listing_id, o.price, coalesce(c.is_tradable, true) as is_tradable
    from chain_inscriptions ci
    left join inscriptions i on i.inscription_id = ci.inscription_id
    left join collections c on c.id = i.collection_id
    -- Its market listing, else a launch phase's order of the output it sits on now: a phase's
    -- order of an item minted in another phase stays 'active' on the output the item left (the
    -- mint excludes minted items instead), so it must not show (issue 21 item 8). The same rule
    -- as the listing check (listedInscriptions).
    left join lateral (
      select o.id, o.price from orderbook o
      where o.inscription_id = ci.inscription_id and o.status = 'active'
        and (o.phase_id is null or o.outpoint = ci.txid || ':' || ci.vout)
      order by o.phase_id is null desc, o.created_at
      limit 1) o on true
    where ci.address = ${address}
    order by ci.sequence desc
    limit ${page.limit} offset ${page.offset}
  `.execute(db.kysely);
  return rows.map((r) => ({
    inscriptionId: r.inscription_id,
    number: Number(r.number),
    name: r.name,
    contentType: r.content_type,
    collectionSlug: r.slug,
    outpoint: `${r.txid}:${r.vout}`,
    isMoving: r.is_moving,
    listingId: r.listing_id,
    price: r.price,
    isTradable: r.is_tradable,
  }));
}
