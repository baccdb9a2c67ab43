import type { AddressInscription, TradeActivity } from '@om/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { callsTo, fakeServer, ok } from '../../test/trade-test-kit.tsx';
import { BUYER_ORDINALS, SELLER } from '../../test/trade-test-fixtures.ts';

// /address/{address} (product.md#profiles-and-artists): anyone's public page, no wallet needed:
// the profile, then its inscriptions, listings, activity and tokens, read only.

const ADDRESS = SELLER.address;
const held: AddressInscription = {
  inscriptionId: `${'a1'.repeat(32)}i0`,
  number: 7,
  name: 'Rock #7',
  contentType: 'image/png',
  collectionSlug: 'regtest-rocks',
  outpoint: `${'b1'.repeat(32)}:0`,
  isMoving: false,
  isTradable: true,
  listingId: null,
  price: null,
};

const trade: TradeActivity = {
  id: '11111111-1111-4111-8111-111111111111',
  listingId: '22222222-2222-4222-8222-222222222222',
  inscriptionId: held.inscriptionId,
  price: '70000',
  state: 'confirmed',
  finalized: true,
  txId: 'c1'.repeat(32),
  makerOrdinalAddress: ADDRESS,
  takerOrdinalAddress: BUYER_ORDINALS.address,
  feeRate: 6,
  thumbnailUrl: null,
  inscriptionName: 'Rock #7',
  collectionSlug: 'regtest-rocks',
  sniperFeeRate: null,
  isSnipeProtected: false,
  blockHeight: 120,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('/address/{address}', () => {
  it('shows the profile and the inscriptions the address holds, without their owner actions', async () => {
    const calls = fakeServer({
      [`GET /api/profiles/${ADDRESS}`]: ok({
        address: ADDRESS,
        username: 'rocker',
        name: 'The Rocker',
        isArtist: true,
      }),
      [`GET /api/address/${ADDRESS}/inscriptions`]: ok({ inscriptions: [held] }),
    });
    renderApp({ path: `/address/${ADDRESS}` });

    expect(await screen.findByRole('heading', { name: 'The Rocker' })).toBeTruthy();
    expect(screen.getByText('@rocker')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Artist: see their artwork' }).getAttribute('href'),
    ).toBe('/artists/rocker');
    const list = await screen.findByRole('list', { name: 'Inscriptions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rock #7regtest-rocksNot listed']);
    expect(screen.queryByRole('button', { name: 'List selected' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(callsTo(calls, 'GET', `/api/profiles/${ADDRESS}`)).toHaveLength(1);
  });

  it('titles an address without a profile by its short address, and switches tabs', async () => {
    fakeServer({
      [`GET /api/profiles/${ADDRESS}`]: ok({
        address: ADDRESS,
        username: null,
        name: null,
        isArtist: false,
      }),
      [`GET /api/address/${ADDRESS}/inscriptions`]: ok({ inscriptions: [] }),
      'GET /api/listings': ok({ listings: [] }),
    });
    renderApp({ path: `/address/${ADDRESS}` });
    expect(await screen.findByText('This address holds no inscriptions.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      `${ADDRESS.slice(0, 6)}…${ADDRESS.slice(-4)}`,
    );
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Listings' }));
    expect(screen.getByRole('tab', { name: 'Listings' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByText('No active listings')).toBeTruthy();
  });

  it('names the makers and takers of its trades by one batch lookup, linked to their pages', async () => {
    const calls = fakeServer({
      [`GET /api/profiles/${ADDRESS}`]: ok({
        address: ADDRESS,
        username: null,
        name: null,
        isArtist: false,
      }),
      'GET /api/profile/activity': ok({ activity: [trade] }),
      'POST /api/profiles/batch': ok({
        profiles: { [BUYER_ORDINALS.address]: { username: 'buyer', name: null, isArtist: false } },
      }),
    });
    renderApp({ path: `/address/${ADDRESS}?tab=activity` });
    const buyer = await screen.findByRole('link', { name: '@buyer' });
    expect(buyer.getAttribute('href')).toBe(`/address/${BUYER_ORDINALS.address}`);
    expect(callsTo(calls, 'POST', '/api/profiles/batch').map((c) => c.body)).toEqual([
      { addresses: [ADDRESS, BUYER_ORDINALS.address].sort() },
    ]);
  });
});
