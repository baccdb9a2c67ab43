import { isValidInscriptionId, normalizeSocialUrl, satsToBtc, type Collection } from '@om/core';
import { contentPath } from './content-kind.ts';

/** Shown where there is no value (no floor, no change a day ago); never a made-up number. */
export const NO_VALUE = '—';

/**
 * Sats from the wire as BTC to 8 decimals (product.md#constants-and-limits): '12345' →
 * '0.00012345'.
 */
export function btcAmount(sats: string | null): string {
  if (sats === null || !/^\d+$/.test(sats)) return NO_VALUE;
  return satsToBtc(BigInt(sats));
}

/** The same with its unit: '0.00012345 BTC'. */
export function btcLabel(sats: string | null): string {
  const amount = btcAmount(sats);
  return amount === NO_VALUE ? amount : `${amount} BTC`;
}

export type Tone = 'up' | 'down' | 'flat';

/** Floor change in percent, signed, two decimals, with its colour: 12.5 → '+12.50%' (up). */
export function percentChange(value: number | null): { text: string; tone: Tone } {
  if (value === null || !Number.isFinite(value)) return { text: NO_VALUE, tone: 'flat' };
  if (value === 0) return { text: '0.00%', tone: 'flat' };
  const text = `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
  return { text, tone: value > 0 ? 'up' : 'down' };
}

export const TONE_CLASSES: Record<Tone, string> = {
  up: 'text-emerald-400',
  down: 'text-red-400',
  flat: 'text-zinc-400',
};

/** Whole numbers with thousands separators. */
export function count(value: number): string {
  return value.toLocaleString('en-US');
}

export type CollectionLink = { label: string; href: string };

/**
 * The collection's website and social links, only those present, and only http(s) ones: the
 * links come from creators, and a `javascript:` URL must never become a link.
 */
export function collectionLinks(collection: Collection): CollectionLink[] {
  const links: [string, string | null][] = [
    ['Website', collection.websiteLink],
    ['X', collection.twitterLink],
    ['Discord', collection.discordLink],
    ['Telegram', collection.telegramLink],
    ['Instagram', collection.instagramLink],
  ];
  return links.flatMap(([label, raw]) => {
    const href = webLink(raw ?? '');
    return href === null ? [] : [{ label, href }];
  });
}

/** An http(s) URL with a dotted host, https added when there is no scheme; null otherwise. */
function webLink(raw: string): string | null {
  const value = raw.trim();
  if (value === '' || /\s/.test(value)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:\/\//i.test(value)) return null;
  const href = normalizeSocialUrl(value);
  return isHttpUrl(href) && new URL(href).hostname.includes('.') ? href : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false; // Not a URL at all: no link.
  }
}

/**
 * Where an icon or banner is: an http(s) URL, a /content/{id} path (on the content origin when
 * one is configured), a bare inscription id, or an /uploads/ path of our storage. Anything else
 * shows the placeholder.
 */
export function mediaSrc(value: string | null, contentOrigin = ''): string | null {
  if (!value) return null;
  if (value.startsWith('/content/')) return `${contentOrigin}${value}`;
  // An image uploaded to our storage (the launchpad's icon), served by the API's origin.
  if (/^\/uploads\/[\w-]+\/[0-9a-f]{64}\.(png|jpg|webp|avif|gif)$/.test(value)) return value;
  if (isValidInscriptionId(value)) return contentPath(value, contentOrigin);
  return isHttpUrl(value) ? value : null;
}
