import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { AuctionInfoStep } from './auction-info-step.tsx';
import { AUCTION_ID, createdAuction } from './auction-test-fixtures.ts';
import { CREATOR, fakeApi, renderStep, type Call } from '../../test/wizard-test-kit.tsx';
import { newDraft } from './wizard-steps.ts';

// 'Launch Your Auction' (product.md#validation "Auction", info): every message, the slug and its
// check.

const CHECK = 'GET /api/launchpad/auctions/check-slug/regtest-rock';
const FREE = { [CHECK]: ok(null) };

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => vi.useRealTimers());

const field = (label: string) => screen.getByLabelText(label);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const slugChecks = (calls: Call[]) => calls.filter((c) => c.path.includes('check-slug'));

async function fillValidForm() {
  await user.type(field('Auction name'), 'Regtest Rock');
  await user.type(field('Description'), 'One rock, to the highest bidder.');
  await user.type(field('Creator name'), 'Satoshi');
  await user.type(field('Creator email'), 'satoshi@example.com');
  await user.tab();
  await wait(1000);
}

describe('AuctionInfoStep', () => {
  it('fills the payout address with the connected wallet’s payment address', () => {
    fakeApi(FREE);
    renderStep(AuctionInfoStep, fakeWallet(CREATOR));
    expect(field('Creator BTC address')).toHaveProperty('value', CREATOR.paymentAddress);
  });

  it.each([
    ['Auction name', '', 'Auction name is required.'],
    ['Auction name', 'ab', 'Auction name must be at least 3 characters long.'],
    ['Slug', '', 'Slug is required.'],
    ['Slug', 'Rocks', 'Slug must be in lowercase.'],
    ['Slug', 'my rocks', 'Slug cannot contain spaces.'],
    [
      'Slug',
      'rocks!',
      'Slug can only contain lowercase letters, numbers, hyphens, and underscores.',
    ],
    ['Description', 'Too short.', 'Description must be at least 20 characters long.'],
    ['Website', 'not a url', 'Please provide a valid URL.'],
    ['X', 'https://x.com/has space', 'The URL must not contain spaces.'],
    ['X', 'facebook.com/rock', 'X link must be an x.com or twitter.com URL.'],
    ['Telegram', 't.me/abc', 'Telegram username must be 5-32 letters, numbers or underscores.'],
    ['Discord', 'discord.com/rock', 'Discord link must be a discord.gg or discord.com/invite URL.'],
    ['Instagram', 'facebook.com/rock', 'Instagram link must be an instagram.com URL.'],
    ['Creator name', 'Al', 'Creator name must be at least 3 characters long.'],
    ['Creator email', 'satoshi@', 'Please provide a valid email address.'],
    ['Creator BTC address', 'bc1qnotregtest', 'Invalid BTC address'],
  ])('%s "%s": %s', async (label, value, message) => {
    fakeApi(FREE);
    const { report } = renderStep(AuctionInfoStep, fakeWallet(CREATOR));
    const input = field(label);
    await user.click(input);
    await user.clear(input);
    if (value) await user.type(input, value);
    await user.tab();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(report.isValid).toBe(false);
  });

  it('derives the slug from the name until the creator types their own', async () => {
    fakeApi(FREE);
    renderStep(AuctionInfoStep, fakeWallet(CREATOR));
    await user.type(field('Auction name'), '  Regtest Rock #1!');
    expect(field('Slug')).toHaveProperty('value', 'regtest-rock-1');
    await user.clear(field('Slug'));
    await user.type(field('Slug'), 'rock');
    await user.type(field('Auction name'), '0');
    expect(field('Slug')).toHaveProperty('value', 'rock');
  });

  it('checks the slug 1 s after it stops changing; a taken one blocks Next', async () => {
    const calls = fakeApi({ [CHECK]: ok({ id: 'another-auction' }) });
    const { report } = renderStep(AuctionInfoStep, fakeWallet(CREATOR));
    await user.type(field('Auction name'), 'Regtest Rock');
    await wait(900);
    expect(slugChecks(calls)).toEqual([]);
    await wait(200);
    expect(slugChecks(calls).map((c) => c.path)).toEqual([
      '/api/launchpad/auctions/check-slug/regtest-rock',
    ]);
    expect(await screen.findByText('Auction slug is already taken.')).toBeTruthy();
    expect(field('Slug').getAttribute('aria-invalid')).toBe('true');
    await fillValidForm();
    expect(report.isValid).toBe(false);
  });

  it('reports valid once every required field is filled in and hands the draft its info', async () => {
    fakeApi(FREE);
    const { report } = renderStep(AuctionInfoStep, fakeWallet(CREATOR));
    await fillValidForm();
    await user.type(field('X'), 'x.com/regtest_rock');
    await waitFor(() => expect(report.isValid).toBe(true));
    expect(report.draft.auction.info).toEqual({
      name: 'Regtest Rock',
      slug: 'regtest-rock',
      description: 'One rock, to the highest bidder.',
      auction_url: '',
      twitter_link: 'x.com/regtest_rock',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Satoshi',
      creator_email: 'satoshi@example.com',
      creator_btc_address: CREATOR.paymentAddress,
    });
  });

  it('warns, without blocking, when the X handle is not the connected X account’s', async () => {
    const satoshi = { username: 'satoshi', name: 'S', xUserId: '1', connectedAt: '2026-01-01' };
    fakeApi({
      ...FREE,
      'GET /api/x/account': ok(satoshi),
      'POST /api/twitter/cache': ok(satoshi),
    });
    const { report } = renderStep(AuctionInfoStep, fakeWallet(CREATOR));
    expect(await screen.findByText('@satoshi')).toBeTruthy();
    await fillValidForm();
    await user.type(field('X'), 'x.com/regtest_rock');
    await wait(600);
    expect(
      await screen.findByText('This X handle differs from your connected X account @satoshi.'),
    ).toBeTruthy();
    await waitFor(() => expect(report.isValid).toBe(true));
  });

  it('counts the slug of the auction this wizard created as the creator’s own', async () => {
    fakeApi({ [CHECK]: ok({ id: AUCTION_ID }) });
    const { report } = renderStep(AuctionInfoStep, fakeWallet(CREATOR), {
      type: 'auction',
      auction: { ...newDraft().auction, created: createdAuction() },
    });
    await fillValidForm();
    await waitFor(() => expect(report.isValid).toBe(true));
    expect(screen.queryByText('Auction slug is already taken.')).toBeNull();
  });
});
