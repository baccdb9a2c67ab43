import type { Discount } from '@om/core';
import type { Db } from '../db/create-db.ts';

/** What listing and buying read of the market: catalogue entries and fee discounts. */

export type CatalogueEntry = {
  name: string | null;
  collectionId: string | null;
  slug: string | null;
  isZeroFee: boolean;
  isTradable: boolean;
};

/** The market's catalogue row of each inscription and its collection, when it has one. */
export async function catalogueOf(
  db: Db,
  inscriptionIds: readonly string[],
): Promise<Map<string, CatalogueEntry>> {
  const rows = await db.kysely
    .selectFrom('inscriptions as i')
    .leftJoin('collections as c', 'c.id', 'i.collection_id')
    .select([
      'i.inscription_id',
      'i.name',
      'i.collection_id',
      'c.slug',
      'c.is_zero_fee',
      'c.is_tradable',
    ])
    .where('i.inscription_id', 'in', inscriptionIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.inscription_id,
      {
        name: r.name,
        collectionId: r.collection_id,
        slug: r.slug,
        isZeroFee: r.is_zero_fee ?? false,
        isTradable: r.is_tradable ?? true,
      },
    ]),
  );
}

/** Active fee discounts for any of these parameters (maker addresses, 'collection:{slug}'). */
export async function activeDiscounts(db: Db, parameters: readonly string[]): Promise<Discount[]> {
  const rows = await db.kysely
    .selectFrom('fee_discounts')
    .select(['type', 'discount', 'parameter', 'reason'])
    .where('active', '=', true)
    .where('parameter', 'in', parameters)
    .execute();
  return rows.map((r) => ({ ...r, discount: Number(r.discount) }));
}
