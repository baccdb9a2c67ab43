import { inflateSync } from 'node:zlib';
import {
  DESCRIPTION_MIN_LENGTH,
  InscriptionMetaSchema,
  slugError,
  slugify,
  socialLinkError,
} from '@om/core';
import { describe, expect, it } from 'vitest';
import { DEMO_COLLECTION_SLUGS, demoArtworks, demoCollections } from './demo-collections.ts';
import { PNG_SIGNATURE } from './png-encoder.ts';

const collections = demoCollections();
const artworks = demoArtworks(collections);
const text = (body: Uint8Array) => new TextDecoder().decode(body);
const base64 = (body: Uint8Array) => Buffer.from(body).toString('base64');

describe('demoCollections', () => {
  it('makes three collections of 20 to 100 items, each with its own name and slug', () => {
    expect(collections.map((c) => [c.name, c.items.length])).toEqual([
      ['Regtest Rocks', 48],
      ['Block Punks', 64],
      ['Mempool Moons', 32],
    ]);
    expect(collections.map((c) => c.slug)).toEqual(DEMO_COLLECTION_SLUGS);
  });

  it('is deterministic: the same seed gives the same bytes, another seed other art', () => {
    const again = demoArtworks(demoCollections());
    expect(again.map((a) => base64(a.body))).toEqual(artworks.map((a) => base64(a.body)));
    const other = demoArtworks(demoCollections('another seed'));
    expect(other.filter((a, i) => base64(a.body) === base64(artworks[i]!.body))).toEqual([]);
  });

  it('gives every artwork distinct bytes, so each can be found again on chain by content', () => {
    const keys = new Set(artworks.map((a) => a.key));
    const bodies = new Set(artworks.map((a) => base64(a.body)));
    expect(keys.size).toBe(artworks.length);
    expect(bodies.size).toBe(artworks.length);
  });

  it.each(collections.map((c) => [c.name, c] as const))(
    '%s passes the creator form rules (slug, description, links)',
    (_, c) => {
      expect(slugError(c.slug)).toBeUndefined();
      expect(slugify(c.name)).toBe(c.slug);
      expect(c.description.length).toBeGreaterThanOrEqual(DESCRIPTION_MIN_LENGTH);
      expect(socialLinkError('x', c.twitterLink)).toBeUndefined();
      expect(socialLinkError('discord', c.discordLink)).toBeUndefined();
      expect(new URL(c.websiteLink).protocol).toBe('https:');
    },
  );

  it.each(collections.map((c) => [c.name, c] as const))(
    '%s items are numbered from 1 and all carry the same traits, in no repeated combination',
    (_, c) => {
      const singular = c.name.replace(/s$/, '');
      expect(c.items.map((i) => i.name)).toEqual(c.items.map((_, n) => `${singular} #${n + 1}`));
      const traitTypes = c.items[0]!.attributes.map((a) => a.trait_type);
      expect(traitTypes.length).toBeGreaterThanOrEqual(5);
      for (const item of c.items) {
        expect(item.attributes.map((a) => a.trait_type)).toEqual(traitTypes);
        expect(
          InscriptionMetaSchema.parse({ name: item.name, attributes: item.attributes }),
        ).toBeTruthy();
      }
      const combos = new Set(c.items.map((i) => i.attributes.map((a) => a.value).join('|')));
      expect(combos.size).toBe(c.items.length);
      // Rarities: some trait value is held by at most one item in ten.
      const counts = new Map<string, number>();
      for (const a of c.items.flatMap((i) => i.attributes)) {
        counts.set(
          `${a.trait_type}:${a.value}`,
          (counts.get(`${a.trait_type}:${a.value}`) ?? 0) + 1,
        );
      }
      expect(Math.min(...counts.values())).toBeLessThanOrEqual(c.items.length / 10);
    },
  );

  it('draws Block Punks as 24×24 indexed PNGs and the rocks and moons as standalone SVG', () => {
    for (const a of artworks) {
      if (a.contentType === 'image/png') {
        expect(a.body.subarray(0, 8)).toEqual(PNG_SIGNATURE);
        const header = new DataView(a.body.buffer, a.body.byteOffset + 16, 10);
        expect([header.getUint32(0), header.getUint32(4), header.getUint8(9)]).toEqual([24, 24, 3]);
      } else {
        const svg = text(a.body);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
        expect(svg).toMatch(/<\/svg>$/);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        // Standalone: nothing is fetched from elsewhere (/content's CSP would block it anyway).
        expect(svg).not.toMatch(/href="(?!data:|#)|url\((?!#)/);
      }
    }
  });

  it('keeps every inscription small: 25 kB at most, 4 kB on average', () => {
    const sizes = artworks.map((a) => a.body.length);
    expect(Math.max(...sizes)).toBeLessThan(25_000);
    expect(sizes.reduce((a, b) => a + b, 0) / sizes.length).toBeLessThan(4_000);
  });

  it('has an icon and a banner per collection, the banner three times as wide as high', () => {
    for (const c of collections) {
      expect(c.icon.key).toBe(`${c.slug}/icon`);
      expect(text(c.banner.body)).toMatch(/viewBox="0 0 1500 500"/);
    }
    const punkBanner = text(collections[1]!.banner.body);
    const png = Buffer.from(/base64,([^"]+)"/.exec(punkBanner)![1]!, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from(PNG_SIGNATURE));
    const idat = png.indexOf('IDAT');
    const data = png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4));
    expect(inflateSync(data).length).toBe(48 * (144 + 1));
  });
});
