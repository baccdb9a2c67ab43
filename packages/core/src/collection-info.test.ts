import { describe, it, expect } from 'vitest';
import { collectionInfoSchema, type CollectionInfoInput } from './collection-info.ts';

const valid: CollectionInfoInput = {
  name: 'Bitcoin Frogs',
  slug: 'bitcoin-frogs',
  description: 'Ten thousand frogs living on Bitcoin.',
  website_link: '',
  twitter_link: '',
  discord_link: '',
  telegram_link: '',
  instagram_link: '',
  creator_name: 'Satoshi',
  creator_email: 'satoshi@example.com',
  creator_btc_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  icon: 'https://cdn.example.com/u/1/icon.png',
};

function messages(
  input: Partial<Record<keyof CollectionInfoInput, unknown>>,
  network = 'mainnet' as const,
) {
  const result = collectionInfoSchema(network).safeParse({ ...valid, ...input });
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('collectionInfoSchema', () => {
  it('accepts a complete form and normalizes social links', () => {
    const parsed = collectionInfoSchema('mainnet').parse({ ...valid, twitter_link: 'x.com/frogs' });
    expect(parsed.twitter_link).toBe('https://x.com/frogs');
  });

  it.each<[Partial<Record<keyof CollectionInfoInput, unknown>>, string]>([
    [{ name: '' }, 'name: Collection name is required.'],
    [{ name: undefined }, 'name: Collection name is required.'],
    [{ name: ' ab ' }, 'name: Collection name must be at least 3 characters long.'],
    [{ slug: '' }, 'slug: Launchpad slug is required.'],
    [{ slug: 'Frogs' }, 'slug: Slug must be in lowercase.'],
    [{ slug: 'bit frogs' }, 'slug: Slug cannot contain spaces.'],
    [
      { slug: 'frogs!' },
      'slug: Slug can only contain lowercase letters, numbers, hyphens, and underscores.',
    ],
    [{ description: 'too short' }, 'description: Description must be at least 20 characters long.'],
    [{ website_link: 'not a url' }, 'website_link: Please provide a valid URL.'],
    [{ twitter_link: 'x.com/has space' }, 'twitter_link: The URL must not contain spaces.'],
    [
      { discord_link: 'discord.com/abc' },
      'discord_link: Discord link must be a discord.gg or discord.com/invite URL.',
    ],
    [{ creator_name: 'Al' }, 'creator_name: Creator name must be at least 3 characters long.'],
    [{ creator_email: 'satoshi' }, 'creator_email: Please provide a valid email address.'],
    [{ creator_btc_address: '' }, 'creator_btc_address: Creator BTC address is required.'],
    [
      { creator_btc_address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
      'creator_btc_address: Invalid BTC address',
    ],
    [{ icon: '' }, 'icon: A thumbnail image is required.'],
  ])('%j → %s', (input, message) => {
    expect(messages(input)).toEqual([message]);
  });

  it.each([
    ['testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', []],
    ['signet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', []],
    ['signet', valid.creator_btc_address, ['creator_btc_address: Invalid BTC address']],
  ] as const)('on %s, %s', (network, address, expected) => {
    const result = collectionInfoSchema(network).safeParse({
      ...valid,
      creator_btc_address: address,
    });
    expect((result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      expected,
    );
  });

  it('lets the edit form leave the description empty', () => {
    expect(
      collectionInfoSchema('mainnet', { isEdit: true }).safeParse({ ...valid, description: '' })
        .success,
    ).toBe(true);
    expect(collectionInfoSchema('mainnet').safeParse({ ...valid, description: '' }).success).toBe(
      false,
    );
  });
});
