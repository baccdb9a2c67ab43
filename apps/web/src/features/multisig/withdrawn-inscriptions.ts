/**
 * product.md#records "Withdrawn-inscription local record: transaction and prevOwnerWallet, keyed by
 * inscription": kept in localStorage so that the maker wallet list shows an inscription as on its
 * way out until the indexer sees it move.
 */
export type WithdrawnInscription = { transaction: string; prevOwnerWallet: string };

const KEY_PREFIX = 'withdrawn-inscription:';

export function saveWithdrawnInscription(
  inscriptionId: string,
  record: WithdrawnInscription,
  storage: Storage = localStorage,
): void {
  storage.setItem(KEY_PREFIX + inscriptionId, JSON.stringify(record));
}

export function readWithdrawnInscription(
  inscriptionId: string,
  storage: Storage = localStorage,
): WithdrawnInscription | undefined {
  const raw = storage.getItem(KEY_PREFIX + inscriptionId);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<WithdrawnInscription>;
    return typeof value.transaction === 'string' && typeof value.prevOwnerWallet === 'string'
      ? { transaction: value.transaction, prevOwnerWallet: value.prevOwnerWallet }
      : undefined;
  } catch {
    // Written by something else under our key: as if there were no record.
    return undefined;
  }
}
