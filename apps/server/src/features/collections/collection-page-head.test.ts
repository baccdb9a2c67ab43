import type { CollectionPayload } from '@om/core';
import { describe, expect, it } from 'vitest';
import { collectionPageHead, slugOf } from './collection-page-head.ts';

const payload = {
  collection: {
    slug: 'block-punks',
    name: 'Block "Punks" </script>',
    bannerImage: null,
    icon: null,
  },
  stats: { listed: 3 },
} as unknown as CollectionPayload;

const never = () => new Promise<CollectionPayload | undefined>(() => undefined);

describe('collectionPageHead', () => {
  it('inlines the read for a collection page, nothing for other pages or an unknown slug', async () => {
    const head = collectionPageHead(
      async (slug) => (slug === 'block-punks' ? payload : undefined),
      '',
    );
    expect(await head('/collections/block-punks')).toContain(
      '"name":"Block \\"Punks\\" \\u003c/script\\u003e"',
    );
    expect(await head('/collections/nobody')).toBe('');
    expect(await head('/collections')).toBe('');
    expect(await head('/inscriptions/x')).toBe('');
  });

  it('answers without the head when the read is slow or fails, and never throws', async () => {
    const slow = collectionPageHead(never, '', { timeoutMs: 5 });
    expect(await slow('/collections/block-punks')).toBe('');
    const failing = collectionPageHead(() => Promise.reject(new Error('db down')), '');
    expect(await failing('/collections/block-punks')).toBe('');
  });

  it('reads once while fresh; a stale read is served with its own time and read again', async () => {
    let now = 1_000_000;
    let reads = 0;
    const find = async () => (reads++, payload);
    const head = collectionPageHead(find, '', { freshMs: 5_000, maxAgeMs: 60_000, now: () => now });
    await head('/collections/block-punks');
    now += 4_000;
    expect(await head('/collections/block-punks')).toContain('"readAt":1000000');
    expect(reads).toBe(1);
    now += 2_000; // stale: served as read at 1000000, and read again for the next page
    expect(await head('/collections/block-punks')).toContain('"readAt":1000000');
    await Promise.resolve();
    expect(reads).toBe(2);
    expect(await head('/collections/block-punks')).toContain('"readAt":1006000');
  });

  it.each([
    ['/collections/block-punks', 'block-punks'],
    ['/collections/block-punks/', 'block-punks'],
    ['/collections/caf%C3%A9', 'café'],
    ['/collections/%E0%A4%A', undefined],
    ['/collections/a/b', undefined],
    ['/collections', undefined],
  ])('slugOf(%j) → %j', (pathname, slug) => {
    expect(slugOf(pathname)).toBe(slug);
  });
});
