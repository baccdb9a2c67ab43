import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { BUYER_ORDINALS, SELLER } from '../../test/trade-test-fixtures.ts';
import { fakeServer, fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { DEPLOY_ID, token } from '../../test/brc20-test-fixtures.ts';
import { renderToken, tokenServer } from './brc20-test-kit.tsx';
import { TokensPage } from './tokens-page.tsx';

// /brc20 (the token list) and /brc20/{tick} (the token page), against a fake server.

const TOKENS = [
  token(),
  token({ tick: 'pepe', originalTick: 'PEPE', mintProgress: '100.00', holders: 12 }),
];
const listCalls = (calls: ReturnType<typeof fakeServer>) =>
  calls.filter((c) => c.path.startsWith('/api/brc20/tokens?')).map((c) => c.path);

describe('/brc20', () => {
  it('lists the tokens with their mint progress, and asks again on sort, order, page and search', async () => {
    const calls = fakeServer({ 'GET /api/brc20/tokens': ok({ tokens: TOKENS, total: 45 }) });
    renderWithWallet(<TokensPage />, fakeWallet(null));
    const table = await screen.findByRole('table', { name: 'Tokens' });
    expect(listCalls(calls)).toEqual([
      '/api/brc20/tokens?sort=holders&order=desc&limit=20&offset=0',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'ordi',
      'PEPE',
    ]);
    expect(
      within(table)
        .getAllByRole('progressbar')
        .map((bar) => `${bar.getAttribute('aria-label')} ${bar.getAttribute('aria-valuenow')}`),
    ).toEqual(['ordi mint progress 37.5', 'PEPE mint progress 100']);
    expect(within(rows[0]!).getByRole('link', { name: 'ordi' }).getAttribute('href')).toBe(
      '/brc20/ordi',
    );

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'minted');
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'asc');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search by tick'), 'or');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(
        '/api/brc20/tokens?sort=minted&order=asc&search=or&limit=20&offset=0',
      ),
    );
    expect(listCalls(calls)).toContain(
      '/api/brc20/tokens?sort=minted&order=asc&limit=20&offset=20',
    );
    expect(listCalls(calls)).toContain(
      '/api/brc20/tokens?sort=minted&order=desc&limit=20&offset=0',
    );
  });

  it('says when no tick matches', async () => {
    fakeServer({ 'GET /api/brc20/tokens': ok({ tokens: [], total: 0 }) });
    renderWithWallet(<TokensPage />, fakeWallet(null));
    expect(await screen.findByText('No tokens found')).toBeTruthy();
  });

  it("is the nav's Token item when TOKEN_URL is empty", async () => {
    fakeServer({ 'GET /api/brc20/tokens': ok({ tokens: TOKENS, total: 2 }) });
    renderApp({ path: '/brc20', config: { tokenUrl: '' } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Token' }).getAttribute('href')).toBe('/brc20');
    expect(
      await screen.findByRole('heading', { name: 'BRC-20 tokens' }, { timeout: 5_000 }),
    ).toBeTruthy();
  });
});

describe('/brc20/{tick}', () => {
  it('shows supply, minted, holders, decimals, limit, the deploy inscription, progress, holders and activity', async () => {
    tokenServer({
      'GET /api/brc20/tokens/ordi/holders': ok({
        holders: [
          {
            address: BUYER_ORDINALS.address,
            pkscript: '5120aa',
            overall: '3000',
            available: '2500',
            transferable: '500',
          },
        ],
        total: 1,
      }),
      'GET /api/brc20/tokens/ordi/activity': ok({
        events: [
          {
            type: 'transfer-transfer',
            inscriptionId: `${'ab'.repeat(32)}i0`,
            tick: 'ordi',
            originalTick: 'ordi',
            fromAddress: BUYER_ORDINALS.address,
            toAddress: SELLER.address,
            burned: false,
            amount: '500',
            height: 112,
            blockTime: '2026-03-01T12:00:00Z',
          },
        ],
        total: 1,
      }),
    });
    renderToken(token(), fakeWallet(buyer));
    const about = screen.getByRole('region', { name: 'About the token' });
    const facts = within(about)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual([
      'Max supply: 21,000,000',
      'Minted: 7,875,000',
      'Holders: 3',
      'Decimals: 0',
      'Limit per mint: 1,000',
      'Remaining: 13,125,000',
      'Deploy height: 101',
      expect.stringMatching(/^Deploy inscription: /),
    ]);
    expect(within(about).getByTitle(DEPLOY_ID).getAttribute('href')).toBe(
      `/inscriptions/${DEPLOY_ID}`,
    );
    expect(within(about).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('37.5');
    const holders = await screen.findByRole('table', { name: 'Holders' });
    expect(
      within(holders)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['3,000', '2,500', '500']);
    const activity = await screen.findByRole('table', { name: 'Activity' });
    const cells = within(activity)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('Transfer');
    expect(cells[1]).toBe('500');
    expect(cells[4]).toBe('112');
    expect((screen.getByRole('button', { name: 'Mint' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('offers no mint when the token is fully minted', () => {
    tokenServer();
    renderToken(token({ remainingSupply: '0', mintProgress: '100.00' }), fakeWallet(buyer));
    expect(screen.getByText('Fully minted.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mint' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
