import { inscriptionInCollection, inscriptionInLaunch } from '@om/core';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';

// product.md#walk-through-fixes items 1 and 12: what a new launch may hold, asked by the wizard's
// inscriptions step and checked again when the launch is created. An item keeps its collection, and
// an item is in one launch at a time (until that launch fails or is canceled).

type Executor = Db['kysely'] | Transaction<Database>;

export type UnavailableItem = { index: number; inscriptionId: string; message: string };

/** Each inscription of the list a launch cannot take, in list order, with why. */
export async function unavailableItems(
  db: Executor,
  ids: readonly string[],
): Promise<UnavailableItem[]> {
  const [launched, collected] = await Promise.all([
    launchedInscriptions(db, ids),
    collectedInscriptions(db, ids),
  ]);
  return ids.flatMap((inscriptionId, index) => {
    const collection = collected.get(inscriptionId);
    // A launch's own collection holds its items: "in another launch" says more than its name.
    const message = launched.has(inscriptionId)
      ? inscriptionInLaunch(inscriptionId)
      : collection !== undefined
        ? inscriptionInCollection(inscriptionId, collection)
        : undefined;
    return message === undefined ? [] : [{ index, inscriptionId, message }];
  });
}

/** Which of these inscriptions are already in a launch that is not failed or canceled. */
async function launchedInscriptions(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('launch_inscriptions as li')
    .innerJoin('launchpads as l', 'l.id', 'li.launchpad_id')
    .select('li.inscription_id')
    .where('li.inscription_id', 'in', ids)
    .where('l.status', 'not in', ['failed', 'canceled'])
    .execute();
  return new Set(rows.map((r) => r.inscription_id));
}

/**
 * The collection name of each of these inscriptions that is in one; the collection of a failed or
 * canceled launch no longer holds its items (they may be launched again).
 */
export async function collectedInscriptions(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('inscriptions as i')
    .innerJoin('collections as c', 'c.id', 'i.collection_id')
    .select(['i.inscription_id', 'c.name'])
    .where('i.inscription_id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('launchpads as l')
            .select('l.id')
            .whereRef('l.collection_id', '=', 'c.id')
            .where('l.status', 'in', ['failed', 'canceled']),
        ),
      ),
    )
    .execute();
  return new Map(rows.map((r) => [r.inscription_id, r.name]));
}

/** Which of these inscriptions the indexer knows. */
export async function indexedInscriptions(
  db: Executor,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('chain_inscriptions')
    .select('inscription_id')
    .where('inscription_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.inscription_id));
}
