import { describe, expect, it } from 'vitest';
import { isOwnIconUrl } from './launch-sources.ts';

const KEY = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/${'ab'.repeat(32)}.png`;
const S3 = 'https://cdn.example.com/om/';

describe('isOwnIconUrl', () => {
  it('takes our uploads and inscription content', () => {
    expect(isOwnIconUrl(`/uploads/${KEY}`)).toBe(true);
    expect(isOwnIconUrl(`/content/${'cd'.repeat(32)}i7`)).toBe(true);
    expect(isOwnIconUrl(`https://cdn.example.com/om/${KEY}`, S3)).toBe(true);
  });

  it('refuses any other address, however close', () => {
    for (const icon of [
      'https://example.com/icon.png',
      `https://cdn.example.com/om/${KEY}`,
      `//evil.example/uploads/${KEY}`,
      `/uploads/${KEY}?x=1`,
      '/uploads/../secret.png',
      `/content/${'cd'.repeat(32)}i7/../../x`,
      `javascript:alert(1)//uploads/${KEY}`,
    ]) {
      expect(isOwnIconUrl(icon), icon).toBe(false);
    }
    expect(isOwnIconUrl(`https://cdn.example.com/omx/${KEY}`, S3)).toBe(false);
    expect(isOwnIconUrl(`https://cdn.example.com/om/../${KEY}`, S3)).toBe(false);
    expect(isOwnIconUrl(`https://cdn.example.com/om/${KEY}#x`, S3)).toBe(false);
  });
});
