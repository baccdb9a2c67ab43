import { describe, expect, it } from 'vitest';
import { toCatalogue } from './demo-catalogue.ts';
import { demoArtworks, demoCollections } from './demo-collections.ts';

const collections = demoCollections();
const ids = new Map(
  demoArtworks(collections).map((a, i) => [a.key, `${i.toString(16).padStart(64, '0')}i0`]),
);
const catalogue = toCatalogue({
  collections,
  ids,
  creatorAddresses: ['bcrt1qcreator'],
  seed: 'om-demo/v1',
});

describe('toCatalogue', () => {
  it('lists each collection tradable and reviewed, its icon and banner served from /content', () => {
    const punks = catalogue[1]!.collection;
    const iconId = ids.get('block-punks/icon')!;
    expect(punks).toMatchObject({
      slug: 'block-punks',
      name: 'Block Punks',
      icon: `/content/${iconId}`,
      banner_image: `/content/${ids.get('block-punks/banner')}`,
      inscription_icon: iconId,
      twitter_link: 'https://x.com/blockpunks',
      is_tradable: true,
      is_under_review: false,
      creator_btc_address: 'bcrt1qcreator',
    });
    expect(JSON.parse(punks.extra_metadata as string)).toEqual({
      demo: true,
      seed: 'om-demo/v1',
      supply: 64,
    });
  });

  it('names every item and lists its traits; icons and banners are not items', () => {
    const rocks = catalogue[0]!;
    expect(rocks.inscriptions).toHaveLength(48);
    expect(rocks.inscriptions[11]).toEqual({
      inscription_id: ids.get('regtest-rocks/12'),
      name: 'Regtest Rock #12',
      file_type: 'image/svg+xml',
    });
    expect(rocks.inscriptions.map((i) => i.inscription_id)).not.toContain(
      ids.get('regtest-rocks/icon'),
    );
    expect(rocks.attributes).toHaveLength(48 * 6);
    expect(
      rocks.attributes
        .filter((a) => a.inscription_id === ids.get('regtest-rocks/1'))
        .map((a) => a.category),
    ).toEqual(['Background', 'Sky', 'Shape', 'Mineral', 'Pattern', 'Glow']);
    expect(catalogue[1]!.inscriptions[0]!.file_type).toBe('image/png');
  });

  it('refuses to list an artwork that is not on chain', () => {
    const partial = new Map(ids);
    partial.delete('mempool-moons/7');
    expect(() =>
      toCatalogue({ collections, ids: partial, creatorAddresses: [], seed: 'x' }),
    ).toThrow('demo artwork mempool-moons/7 is not inscribed');
  });
});
