// @vitest-environment node
import type { Collection } from '@om/core';
import { describe, expect, it } from 'vitest';
import {
  btcAmount,
  btcLabel,
  collectionLinks,
  mediaSrc,
  NO_VALUE,
  percentChange,
} from './collection-format.ts';

describe('BTC amounts (8 decimals, product.md#validation)', () => {
  it.each([
    ['0', '0.00000000'],
    ['12345', '0.00012345'],
    ['100000000', '1.00000000'],
    ['2100000000000000', '21000000.00000000'],
  ])('%s sats → %s', (sats, btc) => {
    expect(btcAmount(sats)).toBe(btc);
    expect(btcLabel(sats)).toBe(`${btc} BTC`);
  });

  it('shows a dash for a missing or malformed amount', () => {
    expect(btcAmount(null)).toBe(NO_VALUE);
    expect(btcLabel(null)).toBe(NO_VALUE);
    expect(btcAmount('1.5')).toBe(NO_VALUE);
  });
});

describe('percentChange', () => {
  it.each([
    [12.5, '+12.50%', 'up'],
    [-3.456, '-3.46%', 'down'],
    [0, '0.00%', 'flat'],
    [null, NO_VALUE, 'flat'],
    [Number.NaN, NO_VALUE, 'flat'],
  ] as const)('%s → %s (%s)', (value, text, tone) => {
    expect(percentChange(value)).toEqual({ text, tone });
  });
});

const collection: Collection = {
  id: 1,
  slug: 'block-punks',
  name: 'Block Punks',
  description: null,
  icon: null,
  bannerImage: null,
  inscriptionIcon: null,
  discordLink: null,
  telegramLink: null,
  twitterLink: null,
  instagramLink: null,
  websiteLink: null,
  category: null,
  isTradable: true,
  isUnderReview: false,
  isZeroFee: false,
  displayGrafana: false,
  extraMetadata: {},
};

describe('collectionLinks', () => {
  it('lists only the links present, with https added where the scheme is missing', () => {
    expect(
      collectionLinks({
        ...collection,
        websiteLink: 'blockpunks.example',
        twitterLink: 'https://x.com/blockpunks',
        discordLink: '',
        telegramLink: null,
      }),
    ).toEqual([
      { label: 'Website', href: 'https://blockpunks.example' },
      { label: 'X', href: 'https://x.com/blockpunks' },
    ]);
  });

  it('never links a script or a non-web URL', () => {
    expect(
      collectionLinks({
        ...collection,
        websiteLink: 'javascript:alert(1)',
        instagramLink: 'ftp://instagram.com/x',
        telegramLink: 'https://t.me/with space',
      }),
    ).toEqual([]);
  });
});

describe('mediaSrc', () => {
  const id = `${'a'.repeat(64)}i0`;
  const user = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it.each([
    [null, '', null],
    ['', '', null],
    [`/content/${id}`, '', `/content/${id}`],
    [`/content/${id}`, 'https://content.example', `https://content.example/content/${id}`],
    [id, '', `/content/${id}`],
    ['https://cdn.example/icon.png', '', 'https://cdn.example/icon.png'],
    ['javascript:alert(1)', '', null],
    ['icon.png', '', null],
    [`/uploads/${user}/${'b'.repeat(64)}.png`, '', `/uploads/${user}/${'b'.repeat(64)}.png`],
    [`/uploads/${user}/../secret.png`, '', null],
  ])('%j with origin %j → %j', (value, origin, src) => {
    expect(mediaSrc(value, origin)).toBe(src);
  });
});
