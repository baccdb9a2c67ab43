import { describe, expect, it } from 'vitest';
import { collectionInfoSchema, type CollectionInfoInput } from './collection-info.ts';

const valid: CollectionInfoInput = {
  name: 'Bitcoin Frogs',
  slug: 'bitcoin-frogs',
  description: 'Ten thousand frogs living on Bitcoin.',
  creator_name: 'Satoshi',
  creator_email: 'satoshi@example.com',
  creator_btc_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  icon: '/uploads/u/icon.png',
};
const parse = (input: object) => collectionInfoSchema('mainnet').safeParse({ ...valid, ...input });

describe('collectionInfoSchema: the optional banner (issue 17)', () => {
  it('may be left out or empty', () => {
    expect(parse({}).data?.banner).toBeUndefined();
    expect(parse({ banner: '' }).data?.banner).toBe('');
  });

  it("keeps an uploaded banner's URL, trimmed", () => {
    expect(parse({ banner: ' /uploads/u/banner.png ' }).data?.banner).toBe('/uploads/u/banner.png');
  });

  it('refuses anything but a string, naming the field', () => {
    const issues = parse({ banner: 42 }).error?.issues ?? [];
    expect(issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'banner: Banner must be the URL of an uploaded image.',
    ]);
  });
});
