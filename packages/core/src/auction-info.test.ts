import { describe, it, expect } from 'vitest';
import { auctionInfoSchema, emptyAuctionInfo, type AuctionInfoInput } from './auction-info.ts';
import { AUCTION_SLUG_TAKEN } from './slug.ts';

const valid: AuctionInfoInput = {
  name: 'Rare Sat Auction',
  slug: 'rare-sat',
  description: 'A single rare sat inscription for auction.',
  auction_url: '',
  creator_name: 'Hal',
  creator_email: 'hal@example.com',
  creator_btc_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};

describe('auctionInfoSchema', () => {
  it('accepts valid information and defaults the social links', () => {
    expect(auctionInfoSchema('mainnet').parse(valid)).toMatchObject({
      twitter_link: '',
      discord_link: '',
    });
  });

  it.each<[Partial<Record<keyof AuctionInfoInput, unknown>>, string[]]>([
    [{ name: '' }, ['name: Auction name is required.']],
    [{ name: 'ab' }, ['name: Auction name must be at least 3 characters long.']],
    [{ slug: '' }, ['slug: Slug is required.']],
    [{ slug: 'Rare' }, ['slug: Slug must be in lowercase.']],
    [{ description: 'short' }, ['description: Description must be at least 20 characters long.']],
    [{ auction_url: 'nope' }, ['auction_url: Please provide a valid URL.']],
    [{ creator_name: 'Hi' }, ['creator_name: Creator name must be at least 3 characters long.']],
    [{ creator_email: 'x@' }, ['creator_email: Please provide a valid email address.']],
    [{ creator_btc_address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' }, []],
    [{ creator_btc_address: 'bc1invalid' }, ['creator_btc_address: Invalid BTC address']],
    [{ instagram_link: 'instagram.com/a b' }, ['instagram_link: The URL must not contain spaces.']],
  ])('%j → %j', (input, expected) => {
    const result = auctionInfoSchema('mainnet').safeParse({ ...valid, ...input });
    expect((result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      expected,
    );
  });

  it('starts empty and names the slug conflict', () => {
    expect(auctionInfoSchema('mainnet').safeParse(emptyAuctionInfo()).success).toBe(false);
    expect(AUCTION_SLUG_TAKEN).toBe('Auction slug is already taken.');
  });
});
