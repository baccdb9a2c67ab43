import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

describe('PageCache', () => {
  it('answers a page only at the version it was kept under', () => {
    const cache = new PageCache(1024);
    cache.set('rocks\n{}', '7', '{"page":1}');
    expect(cache.get('rocks\n{}', '7')).toBe('{"page":1}');
    expect(cache.get('rocks\n{}', '8')).toBeUndefined();
    expect(cache.get('punks\n{}', '7')).toBeUndefined();
    cache.set('rocks\n{}', '8', '{"page":2}');
    expect(cache.get('rocks\n{}', '7')).toBeUndefined();
    expect(cache.get('rocks\n{}', '8')).toBe('{"page":2}');
  });

  it('drops the least recently used pages beyond its size', () => {
    const cache = new PageCache(3 * (100 + 64));
    for (const key of ['a', 'b', 'c']) cache.set(key, '1', 'x'.repeat(100));
    cache.get('a', '1');
    cache.set('d', '1', 'x'.repeat(100));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('d', '1')).toBeDefined();
  });

  it('keeps nothing when turned off', () => {
    const cache = new PageCache(0);
    expect(cache.isEnabled).toBe(false);
    cache.set('rocks', '1', '{}');
    expect(cache.get('rocks', '1')).toBeUndefined();
  });
});
