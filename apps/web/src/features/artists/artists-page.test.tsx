import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { callsTo, failure, fakeServer, ok } from '../../test/trade-test-kit.tsx';
import { SELLER } from '../../test/trade-test-fixtures.ts';

// /artists and /artists/{username} (product.md#profiles-and-artists; product.md#roles,
// #constants-and-limits: artists 20 a page, artwork 12 a page). The server pages; the app asks for
// ?page=n and offers Next while hasMore.

const artist = (n: number) => ({
  address: SELLER.address,
  username: `artist_${String(n).padStart(2, '0')}`,
  name: n === 0 ? null : `Artist ${n}`,
});
const artwork = (n: number) => ({
  inscriptionId: `${String(n).padStart(2, '0').repeat(32)}i0`,
  number: n,
  name: null,
  contentType: 'image/png',
  collectionSlug: 'works',
});

describe('/artists', () => {
  it('lists 20 artists a page, each linked to their artwork, and pages on', async () => {
    const calls = fakeServer({
      'GET /api/artists?page=1': ok({
        artists: Array.from({ length: 20 }, (_, n) => artist(n)),
        page: 1,
        hasMore: true,
      }),
      'GET /api/artists?page=2': ok({ artists: [artist(20)], page: 2, hasMore: false }),
    });
    renderApp({ path: '/artists' });
    const list = await screen.findByRole('list', { name: 'Artists' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    // No name: the username stands in.
    expect(within(list).getByRole('link', { name: '@artist_00' }).getAttribute('href')).toBe(
      '/artists/artist_00',
    );
    expect(within(list).getByRole('link', { name: 'Artist 1' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Artist 20' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(callsTo(calls, 'GET', '/api/artists?page=2')).toHaveLength(1);
  });

  it('says so when there are no artists', async () => {
    fakeServer({ 'GET /api/artists?page=1': ok({ artists: [], page: 1, hasMore: false }) });
    renderApp({ path: '/artists' });
    expect(await screen.findByText('No artists yet')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Artists pages' })).toBeNull();
  });
});

describe('/artists/{username}', () => {
  it("shows the artist's artwork 12 a page, with a link to their public page", async () => {
    const calls = fakeServer({
      'GET /api/artists/artist_01/artwork?page=1': ok({
        artist: artist(1),
        artwork: Array.from({ length: 12 }, (_, n) => artwork(n)),
        page: 1,
        hasMore: true,
      }),
      'GET /api/artists/artist_01/artwork?page=2': ok({
        artist: artist(1),
        artwork: [artwork(12)],
        page: 2,
        hasMore: false,
      }),
    });
    renderApp({ path: '/artists/artist_01' });
    expect(await screen.findByRole('heading', { name: 'Artist 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(
      `/address/${SELLER.address}`,
    );
    const list = screen.getByRole('list', { name: 'Artwork' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Inscription #12' })).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/artists/artist_01/artwork?page=2')).toHaveLength(1);
  });

  it('says the artist is not found for a 404', async () => {
    fakeServer({
      'GET /api/artists/nobody/artwork?page=1': failure(404, 'No artist is named nobody.'),
    });
    renderApp({ path: '/artists/nobody' });
    expect(await screen.findByText('Artist not found')).toBeTruthy();
    expect(screen.getByText('No artist is named nobody.')).toBeTruthy();
  });
});
