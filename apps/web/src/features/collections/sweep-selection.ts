import type { MarketInscription } from '@om/core';
import type { BuyItem } from '../trade/purchase.mutations.ts';
import { wireSats } from '../../lib/trade-format.ts';
import { inscriptionTitle } from './inscription-card.tsx';

/** createOffer buys at most 20 listings in one transaction (trade.api.ts, `ids`). */
const MAX_SWEEP_ITEMS = 20;

export type ListedInscription = MarketInscription & { listingId: string; price: string };

/** A card goes in the sweep cart when it is listed and not the connected wallet's own. */
export function canSweep(
  inscription: MarketInscription,
  ordinalsAddress: string | undefined,
): inscription is ListedInscription {
  return (
    ordinalsAddress !== undefined &&
    inscription.listingId !== null &&
    inscription.price !== null &&
    inscription.owner !== ordinalsAddress
  );
}

export function sweepTotal(items: readonly ListedInscription[]): bigint {
  return items.reduce((sum, item) => sum + wireSats(item.price), 0n);
}

/** Why the cart cannot be bought as it is; undefined when it can. */
export function tooManyText(count: number): string | undefined {
  if (count <= MAX_SWEEP_ITEMS) return undefined;
  const extra = count - MAX_SWEEP_ITEMS;
  return `One transaction buys at most ${MAX_SWEEP_ITEMS} items: deselect ${extra} ${extra === 1 ? 'item' : 'items'}.`;
}

/** The grid shows no output or offset: the purchase locates each one before its offer. */
export function toBuyItem(inscription: ListedInscription): BuyItem {
  return {
    listingId: inscription.listingId,
    inscriptionId: inscription.inscriptionId,
    price: wireSats(inscription.price),
    label: inscriptionTitle(inscription),
    isSnipeProtected: inscription.isSnipeProtected,
  };
}
