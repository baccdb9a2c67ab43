import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { token } from '../../test/brc20-test-fixtures.ts';
import { fakeServer, ok } from '../../test/trade-test-kit.tsx';
import { pool, poolsInfo } from './swap-test-fixtures.ts';
import { POOLS, POOLS_INFO, swapOk } from './swap-test-kit.tsx';

// The ways into /swap (ADR 017): the header's "Buy {product}" and the token pages' Swap.

const swapRoutes = { [POOLS]: swapOk([pool()]), [POOLS_INFO]: swapOk(poolsInfo()) };

describe('entry points of /swap', () => {
  it("the header's Buy {product} opens BTC → the utility token", async () => {
    fakeServer({
      ...swapRoutes,
      'GET /api/collections': ok({ collections: [], total: 0, categories: [] }),
    });
    const { router } = renderApp({ path: '/collections', config: { productTicker: 'OMKT' } });
    // Buy {product} opens the start-mining menu (product.md#market-screens), whose Buy link opens
    // the swap.
    await userEvent.click(await screen.findByRole('button', { name: 'Buy OMKT' }));
    const menu = await screen.findByRole('dialog', { name: 'Start mining' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Buy OMKT' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/swap?send=btc&receive=omkt',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Swap' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(((await screen.findByLabelText('You receive: coin')) as HTMLSelectElement).value).toBe(
      'omkt',
    );
  });

  it('has no Buy action without a utility token', async () => {
    fakeServer({ 'GET /api/collections': ok({ collections: [], total: 0, categories: [] }) });
    renderApp({ path: '/collections', config: { productTicker: '' } });
    await screen.findByRole('heading', { level: 1, name: 'Collections' });
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
  });

  it('every token of /brc20 has a Swap link to buy it', async () => {
    fakeServer({
      'GET /api/brc20/tokens': ok({
        tokens: [token(), token({ tick: 'pepe', originalTick: 'PEPE' })],
        total: 2,
      }),
    });
    renderApp({ path: '/brc20', config: { tokenUrl: '' } });
    const table = await screen.findByRole('table', { name: 'Tokens' }, { timeout: 5_000 });
    expect(within(table).getByRole('link', { name: 'Swap PEPE' }).getAttribute('href')).toBe(
      '/swap?send=btc&receive=pepe',
    );
    expect(within(table).getByRole('link', { name: 'Swap ordi' }).getAttribute('href')).toBe(
      '/swap?send=btc&receive=ordi',
    );
  });

  it('a token page has a Swap link to buy it', async () => {
    fakeServer({
      'GET /api/brc20/tokens/ordi': ok({ token: token() }),
      'GET /api/brc20/tokens/ordi/holders': ok({ holders: [], total: 0 }),
      'GET /api/brc20/tokens/ordi/activity': ok({ events: [], total: 0 }),
    });
    renderApp({ path: '/brc20/ordi' });
    const link = await screen.findByRole('link', { name: 'Swap' }, { timeout: 5_000 });
    expect(link.getAttribute('href')).toBe('/swap?send=btc&receive=ordi');
  });
});
