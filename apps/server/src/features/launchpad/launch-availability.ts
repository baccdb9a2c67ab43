import { inscriptionInCollection, inscriptionInLaunch } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { collectedInscriptions, launchedInscriptions } from './launchpad.queries.ts';

// Issue 21 items 1 and 12: what a new launch may hold, asked by the wizard's inscriptions step
// and checked again when the launch is created. An item keeps its collection, and an item is in
// one launch at a time (until that launch fails or is canceled).

export type UnavailableItem = { index: number; inscriptionId: string; message: string };

/** Each inscription of the list a launch cannot take, in list order, with why. */
export async function unavailableItems(db: Db, ids: readonly string[]): Promise<UnavailableItem[]> {
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
