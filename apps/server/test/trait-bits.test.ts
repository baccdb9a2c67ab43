import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// 0006_trait_bits: the bit strings a trait filter reads are kept by triggers as items join and
// leave a collection and attributes come and go, and always equal a rebuild from scratch.

const hex64 = () => randomBytes(32).toString('hex');

describe.each(databaseKinds())('trait bit strings on %s', (kind) => {
  let db: Db;
  let collectionId: string;

  beforeAll(async () => {
    db = await createTestDb(kind);
    const row = await db.kysely
      .insertInto('collections')
      .values({ slug: 'bits', name: 'Bits', category: 'art' })
      .returning('id')
      .executeTakeFirstOrThrow();
    collectionId = row.id;
  });
  afterAll(async () => {
    await db?.close();
  });

  async function addItems(values: readonly string[]): Promise<string[]> {
    const ids = values.map(() => `${hex64()}i0`);
    await db.kysely
      .insertInto('inscriptions')
      .values(
        ids.map((id, i) => ({ inscription_id: id, collection_id: collectionId, name: `Bit ${i}` })),
      )
      .execute();
    await db.kysely
      .insertInto('attributes')
      .values(
        ids.map((id, i) => ({
          inscription_id: id,
          collection_id: collectionId,
          category: 'Color',
          value: values[i] ?? '',
        })),
      )
      .execute();
    return ids;
  }

  /** The ids a filter selects, through the function the page uses. */
  async function filtered(traits: object): Promise<string[]> {
    const { rows } = await sql<{ ids: string[] | null }>`
      select ids from collection_filter_ids(${collectionId}::bigint, ${JSON.stringify(traits)}::jsonb, null)
    `.execute(db.kysely);
    return [...(rows[0]?.ids ?? [])].sort();
  }

  /** The strings as kept, and as a rebuild from scratch makes them. */
  async function keptAndRebuilt() {
    const read = async () =>
      (
        await sql<{ category: string; value: string; bits: string }>`
          select category, value, bits::text as bits from collection_trait_bits
          where collection_id = ${collectionId}::bigint order by category, value
        `.execute(db.kysely)
      ).rows.map((r) => ({ ...r, bits: r.bits.replace(/0+$/, '') }));
    const kept = await read();
    await sql`select rebuild_trait_bits()`.execute(db.kysely);
    return { kept, rebuilt: await read() };
  }

  it('follows inserts, attribute changes and items leaving the collection', async () => {
    const first = await addItems(['Red', 'Blue', 'Red']);
    expect(await filtered({ Color: ['Red'] })).toEqual([first[0], first[2]].sort());
    const second = await addItems(['Blue', 'Green']);
    expect(await filtered({ Color: ['Blue'] })).toEqual([first[1], second[0]].sort());
    expect(await filtered({ Color: ['Blue', 'Green'] })).toEqual(
      [first[1], second[0], second[1]].sort(),
    );

    // An attribute changes value; another item leaves (its attributes go first).
    await db.kysely
      .updateTable('attributes')
      .set({ value: 'Green' })
      .where('inscription_id', '=', first[0] ?? '')
      .execute();
    await db.kysely
      .deleteFrom('attributes')
      .where('inscription_id', '=', first[2] ?? '')
      .execute();
    await db.kysely
      .updateTable('inscriptions')
      .set({ collection_id: null })
      .where('inscription_id', '=', first[2] ?? '')
      .execute();
    expect(await filtered({ Color: ['Red'] })).toEqual([]);
    expect(await filtered({ Color: ['Green'] })).toEqual([first[0], second[1]].sort());
    expect(await filtered({ Color: ['Nope'] })).toEqual([]);

    const { kept, rebuilt } = await keptAndRebuilt();
    expect(kept).toEqual(rebuilt);
    expect(kept.map((r) => r.value)).toEqual(['Blue', 'Green']);
  });

  it('gives an item that returns to the collection a new slot, and finds it by its new traits', async () => {
    const [item] = await addItems(['Teal']);
    const slotOf = async () =>
      (
        await sql<{ slot: number; top: number }>`
          select n.slot, (select max(slot) from collection_items
            where collection_id = ${collectionId}::bigint) as top
          from collection_items n where n.inscription_id = ${item ?? ''}
        `.execute(db.kysely)
      ).rows[0];
    const before = await slotOf();
    await db.kysely
      .deleteFrom('attributes')
      .where('inscription_id', '=', item ?? '')
      .execute();
    await db.kysely
      .updateTable('inscriptions')
      .set({ collection_id: null })
      .where('inscription_id', '=', item ?? '')
      .execute();
    expect(await filtered({ Color: ['Teal'] })).toEqual([]);

    await db.kysely
      .updateTable('inscriptions')
      .set({ collection_id: collectionId })
      .where('inscription_id', '=', item ?? '')
      .execute();
    await db.kysely
      .insertInto('attributes')
      .values({
        inscription_id: item ?? '',
        collection_id: collectionId,
        category: 'Color',
        value: 'Plum',
      })
      .execute();
    const after = await slotOf();
    expect(after?.slot).toBeGreaterThan(before?.slot ?? Infinity);
    expect(after?.slot).toBe(after?.top);
    expect(await filtered({ Color: ['Plum'] })).toEqual([item]);
    expect(await filtered({ Color: ['Teal'] })).toEqual([]);
    const { kept, rebuilt } = await keptAndRebuilt();
    expect(kept).toEqual(rebuilt);
  });

  // 0011_listed_bits: the listed string follows listings as they open, change price, sell and
  // go, and as a listed item joins the collection; it always equals a rebuild from scratch.
  async function list(inscriptionId: string, price: number, collection = collectionId) {
    const row = await db.kysely
      .insertInto('orderbook')
      .values({
        inscription_id: inscriptionId,
        collection_id: collection,
        status: 'active',
        price: String(price),
        outpoint: `${hex64()}:0`,
        output_value: '546',
        maker_payment_address: 'maker',
        maker_ordinal_address: 'maker',
        listed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function listedSlots(): Promise<{ kept: number[]; rebuilt: number[] }> {
    const read = async () => {
      const { rows } = await sql<{ slots: number[] }>`
        select set_bits(listed_bits) as slots from collection_stats
        where collection_id = ${collectionId}::bigint
      `.execute(db.kysely);
      return rows[0]?.slots ?? [];
    };
    const kept = await read();
    await sql`select rebuild_listed_bits(null)`.execute(db.kysely);
    return { kept, rebuilt: await read() };
  }
  async function slotsOf(ids: readonly string[]): Promise<number[]> {
    const { rows } = await sql<{ slot: number }>`
      select slot from collection_items where inscription_id = any (${[...ids]}::text[])
    `.execute(db.kysely);
    return rows.map((r) => r.slot).sort((a, b) => a - b);
  }

  /** The page's ids for a trait filter and status, through the page function. */
  async function page(status: string, traits: object): Promise<string[]> {
    await db.kysely.updateTable('collections').set({ is_under_review: false }).execute();
    const { rows } = await sql<{ inscription_id: string }>`
      select inscription_id from get_inscriptions_with_price_by_collection_slug(
        'bits', ${status}, null, null, ${JSON.stringify(traits)}::jsonb, 'price_asc', 100, 0)
    `.execute(db.kysely);
    return rows.map((r) => r.inscription_id);
  }

  it('keeps the listed items bit string as listings open, change, sell and go', async () => {
    const items = await addItems(['Gold', 'Gold', 'Gold', 'Gold']);
    const [a, b, c, d] = items as [string, string, string, string];
    const listingA = await list(a, 5_000);
    const listingB = await list(b, 3_000);
    expect((await listedSlots()).kept).toEqual(await slotsOf([a, b]));
    expect(await page('listed', { Color: ['Gold'] })).toEqual([b, a]);
    // Unlisted items follow by number, then id (these have no number).
    expect(await page('unlisted', { Color: ['Gold'] })).toEqual([c, d].sort());

    // A price change (update), a sale (active → broadcast), a delisting (delete), a new listing.
    await db.kysely
      .updateTable('orderbook')
      .set({ price: '1000' })
      .where('id', '=', listingA)
      .execute();
    await db.kysely
      .updateTable('orderbook')
      .set({ status: 'broadcast' })
      .where('id', '=', listingB)
      .execute();
    await list(c, 2_000);
    expect(await page('listed', { Color: ['Gold'] })).toEqual([a, c]);
    await db.kysely.deleteFrom('orderbook').where('id', '=', listingA).execute();
    const { kept, rebuilt } = await listedSlots();
    expect(kept).toEqual(await slotsOf([c]));
    expect(kept).toEqual(rebuilt);
    expect(await page('all', { Color: ['Gold'] })).toEqual([c, ...[a, b, d].sort()]);
  });

  it('gives a listed item that joins the collection its bit', async () => {
    const id = `${hex64()}i0`;
    await db.kysely
      .insertInto('inscriptions')
      .values({ inscription_id: id, name: 'Late' })
      .execute();
    await list(id, 7_000);
    await db.kysely
      .updateTable('inscriptions')
      .set({ collection_id: collectionId })
      .where('inscription_id', '=', id)
      .execute();
    await db.kysely
      .insertInto('attributes')
      .values({ inscription_id: id, collection_id: collectionId, category: 'Color', value: 'Late' })
      .execute();
    const { kept, rebuilt } = await listedSlots();
    expect(kept).toEqual(rebuilt);
    expect(kept).toContain((await slotsOf([id]))[0]);
    expect(await page('listed', { Color: ['Late'] })).toEqual([id]);
  });
});
