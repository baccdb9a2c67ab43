import { formatDateTime, satsToBtc } from '@om/core';

/** `1a2b3c4d…9f8e7d6c`: enough of a txid to recognise it; the full one is in the title. */
export function shortenHash(hash: string): string {
  if (hash.length <= 20) return hash;
  return `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}

/** Sats from the wire (a decimal string) as '0.00010000 BTC'. */
export function formatBtc(sats: string): string {
  return isWholeSats(sats) ? `${satsToBtc(BigInt(sats))} BTC` : sats;
}

/** Sats from the wire as '10,000 sats'. */
export function formatSats(sats: string): string {
  return isWholeSats(sats) ? `${BigInt(sats).toLocaleString('en-US')} sats` : sats;
}

/** The schema only says "string"; a malformed amount is shown as sent rather than crash. */
function isWholeSats(sats: string): boolean {
  return /^\d+$/.test(sats);
}

/**
 * An ISO time from the API in the spec's 'yyyy-MM-dd hh:mm a' (product.md#constants-and-limits),
 * local time.
 */
export function formatIsoDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateTime(date);
}

/**
 * What an inscription is called (product.md#walk-through-fixes item 6): its catalogue name (Block
 * Punk #6), an edition's launch name, else its number.
 */
export function inscriptionTitle(details: {
  number: number;
  name: string | null;
  edition: { name: string } | null;
}): string {
  return details.name ?? details.edition?.name ?? `Inscription #${details.number}`;
}

/** A trait's rarity: the share of the collection's items that have it, '25%', '0.4%', '<0.1%'. */
export function rarityPercent(count: number, supply: number): string {
  if (supply <= 0) return '';
  const percent = (count / supply) * 100;
  if (percent > 0 && percent < 0.1) return '<0.1%';
  return `${Number(percent.toFixed(1))}%`;
}

/** Where the market shows a collection: its page when browsable, else the launch selling it. */
export function collectionPath(collection: {
  slug: string;
  isListed: boolean;
  launchSlug: string | null;
}): string | null {
  if (collection.isListed) return `/collections/${encodeURIComponent(collection.slug)}`;
  return collection.launchSlug ? `/mint/${encodeURIComponent(collection.launchSlug)}` : null;
}
