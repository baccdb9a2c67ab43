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
});
