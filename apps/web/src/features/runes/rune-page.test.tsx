import type { Rune, RuneBalance } from '@om/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, failure, ok } from '../../test/trade-test-kit.tsx';
import { SELLER } from '../../test/trade-test-fixtures.ts';

// /runes/{id or name} and the Runes tab of an address, against a fake server answering the
// runes API (core runes.api.ts) in base units.

const rune: Rune = {
  id: '840000:1',
  name: 'UNCOMMON•GOODS',
  number: 0,
  divisibility: 2,
  symbol: '⧉',
  premine: '100000',
  mints: '1200',
  burned: '50',
  supply: '220000',
  holders: 3,
  turbo: true,
  terms: {
    amount: '100',
    cap: '340282366920938463463374607431768211455',
    heightStart: '840000',
    heightEnd: '1050000',
    offsetStart: null,
    offsetEnd: null,
  },
  etchingTxid: 'e1'.repeat(32),
  etchingBlock: 840000,
  etchedAt: '2024-04-20T00:00:00Z',
};

const fact = (term: string) =>
  within(screen.getByText(term).closest('div') as HTMLElement).getByRole('definition').textContent;

describe('/runes/{id or name}', () => {
  it("shows the rune's supply, mints, holders and open-mint terms at its divisibility", async () => {
    fakeServer({ 'GET /api/runes/840000%3A1': ok({ rune }) });
    renderApp({ path: '/runes/840000:1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'UNCOMMON•GOODS' })).toBeTruthy();
    expect(fact('Supply')).toBe('2,200');
    expect(fact('Premine')).toBe('1,000');
    expect(fact('Mints')).toBe('1,200');
    expect(fact('Burned')).toBe('0.5');
    expect(fact('Holders')).toBe('3');
    expect(fact('Turbo')).toBe('Yes');
    expect(fact('Amount per mint')).toBe('1');
    expect(fact('Blocks')).toBe('840000 to 1049999');
    expect(fact('Blocks after etching')).toBe('Any');
  });

  it('says a fully premined rune has no open mint', async () => {
    fakeServer({
      'GET /api/runes/A%E2%80%A2B': ok({ rune: { ...rune, name: 'A•B', terms: null } }),
    });
    renderApp({ path: '/runes/A•B' });
    expect(await screen.findByText('No open mint: the whole supply was premined.')).toBeTruthy();
  });

  it("shows the server's message for a rune that is not etched", async () => {
    fakeServer({ 'GET /api/runes/NOPE': failure(404, 'Rune NOPE is not etched') });
    renderApp({ path: '/runes/NOPE' });
    expect(await screen.findByText(/Rune NOPE is not etched/)).toBeTruthy();
  });
});

describe('the Runes tab of /address/{address}', () => {
  it('lists the balances at each rune’s divisibility, linked to the rune', async () => {
    const balance: RuneBalance = {
      runeId: rune.id,
      name: rune.name,
      symbol: rune.symbol,
      divisibility: 2,
      amount: '123456',
      outpoints: [`${'b1'.repeat(32)}:1`, `${'b2'.repeat(32)}:0`],
    };
    fakeServer({
      [`GET /api/runes/balances/${SELLER.address}`]: ok({ balances: [balance] }),
      'GET /api/runes/840000%3A1': ok({ rune }),
    });
    renderApp({ path: `/address/${SELLER.address}?tab=runes` });
    const table = await screen.findByRole('table', { name: 'Rune balances' });
    const row = within(table).getByRole('row', { name: 'UNCOMMON•GOODS' });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['⧉ UNCOMMON•GOODS', '1,234.56', '2']);
    // Sending is the wallet's own, on /profile: someone's public page offers none.
    expect(within(row).queryByRole('button', { name: 'Send' })).toBeNull();
    await userEvent.click(within(row).getByRole('link'));
    expect(await screen.findByRole('heading', { level: 1, name: 'UNCOMMON•GOODS' })).toBeTruthy();
  });

  it('says so when the address holds no runes', async () => {
    fakeServer({ [`GET /api/runes/balances/${SELLER.address}`]: ok({ balances: [] }) });
    renderApp({ path: `/address/${SELLER.address}?tab=runes` });
    expect(await screen.findByText('No runes')).toBeTruthy();
  });
});
