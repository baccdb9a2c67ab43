// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  collectionPath,
  formatBtc,
  formatIsoDateTime,
  formatSats,
  inscriptionTitle,
  rarityPercent,
  shortenHash,
} from './inscription-format.ts';

describe('inscription formatting', () => {
  it.each([
    ['0', '0.00000000 BTC', '0 sats'],
    ['546', '0.00000546 BTC', '546 sats'],
    ['10000', '0.00010000 BTC', '10,000 sats'],
    ['2100000000000000', '21000000.00000000 BTC', '2,100,000,000,000,000 sats'],
    ['12abc', '12abc', '12abc'],
  ])('%s sats → %s, %s', (sats, btc, satsText) => {
    expect(formatBtc(sats)).toBe(btc);
    expect(formatSats(sats)).toBe(satsText);
  });

  it('shortens a txid to both ends and leaves short values alone', () => {
    expect(shortenHash('1234567890abcdef'.repeat(4))).toBe('12345678…90abcdef');
    expect(shortenHash('short')).toBe('short');
  });

  it('shows a time that does not parse as it was sent', () => {
    expect(formatIsoDateTime('not a time')).toBe('not a time');
  });

  it.each([
    [3, 4, '75%'],
    [1, 3, '33.3%'],
    [4, 1000, '0.4%'],
    [1, 10_000, '<0.1%'],
    [5, 5, '100%'],
    [1, 0, ''],
  ])('rarity of %i in %i items → %s', (count, supply, text) => {
    expect(rarityPercent(count, supply)).toBe(text);
  });

  it('titles an item by its name, an edition by its launch, anything else by its number', () => {
    expect(inscriptionTitle({ number: 7, name: 'Block Punk #6', edition: null })).toBe(
      'Block Punk #6',
    );
    expect(inscriptionTitle({ number: 7, name: null, edition: { name: 'Moons' } })).toBe('Moons');
    expect(inscriptionTitle({ number: 7, name: null, edition: null })).toBe('Inscription #7');
  });

  it('links a collection to its page, or while under review to its launch, else nowhere', () => {
    const c = { slug: 'punks', isListed: true, launchSlug: 'drop' };
    expect(collectionPath(c)).toBe('/collections/punks');
    expect(collectionPath({ ...c, isListed: false })).toBe('/mint/drop');
    expect(collectionPath({ ...c, isListed: false, launchSlug: null })).toBeNull();
  });
});
