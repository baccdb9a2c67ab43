import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';
import { fakeServer, ok } from '../test/trade-test-kit.tsx';

describe('routes', () => {
  it('sends the home page to /collections', async () => {
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/collections');
  });

  it.each([
    ['/collections', 'Collections'],
    ['/collections/block-punks', 'Collection'],
    ['/launches', 'Launches'],
    ['/auctions', 'Auctions'],
    ['/launchpad', 'Create'],
    ['/rewards', 'Rewards'],
    ['/rewards/pool-7', 'Reward pool'],
    ['/profile', 'Profile'],
    ['/wallet', 'Multisig wallet'],
    ['/wallet/recovery', 'Recover without us'],
    ['/inscriptions', 'Inscriptions'],
    [`/inscriptions/${'a'.repeat(64)}i0`, 'Inscription'],
    ['/mint/my-launch', 'Mint'],
    ['/swap', 'Swap'],
    ['/auction/my-auction', 'Auction'],
    ['/no/such/page', 'Page not found'],
  ])('%s has the heading %s', async (path, heading) => {
    renderApp({ path });
    // A lazy page's first import (the launchpad's is the largest) can pass 1 s on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows an honest empty state, not sample data', async () => {
    // Only the collections answer; the header's other reads get the API's 404.
    fakeServer({ 'GET /api/collections': ok({ collections: [], total: 0, categories: [] }) });
    renderApp({ path: '/collections' });
    expect(await screen.findByText('No collections yet')).toBeTruthy();
  });

  it('links an inscription to its content on the server', async () => {
    renderApp({ path: `/inscriptions/${'b'.repeat(64)}i1` });
    const link = await screen.findByRole('link', { name: 'Open content' });
    expect(link.getAttribute('href')).toBe(`/content/${'b'.repeat(64)}i1`);
  });
});
