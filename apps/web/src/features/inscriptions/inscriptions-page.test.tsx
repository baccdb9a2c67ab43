import type { AddressInscription } from '@om/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveAuthSession } from '../../lib/auth-session.ts';
import { renderApp } from '../../test/render-app.tsx';
import { callsTo, failure, fakeServer, ok } from '../../test/trade-test-kit.tsx';
import { SELLER, SELLER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';

// /inscriptions (product.md#walk-through-fixes item 5, product.md#profiles-and-artists): the
// connected wallet's inscriptions, not a fixed 'No inscriptions found'.

const wallet: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};
const HELD = `GET /api/address/${SELLER.address}/inscriptions`;

const held = (n: number, fields: Partial<AddressInscription>): AddressInscription => ({
  inscriptionId: `${String(n).padStart(2, '0').repeat(32)}i0`,
  number: n,
  name: null,
  contentType: 'image/png',
  collectionSlug: null,
  outpoint: `${'b1'.repeat(32)}:${n}`,
  isMoving: false,
  isTradable: true,
  listingId: null,
  price: null,
  ...fields,
});

function signIn() {
  saveAuthSession({ token: 'jwt', expiresAt: '2999-01-01T00:00:00Z', wallet });
}

describe('/inscriptions', () => {
  it("asks a visitor to connect: 'Please connect your wallet' (product.md#errors, no period)", async () => {
    const calls = fakeServer({});
    renderApp({ path: '/inscriptions' });
    expect(await screen.findByText('Please connect your wallet')).toBeTruthy();
    expect(callsTo(calls, 'GET', HELD.slice(4))).toHaveLength(0);
  });

  it('lists what the ordinals address holds, each linked to its page with its state', async () => {
    const calls = fakeServer({
      [HELD]: ok({
        inscriptions: [
          held(12, { name: 'Block Punk #6', collectionSlug: 'block-punks' }),
          held(11, {
            name: 'Block Punk #2',
            collectionSlug: 'block-punks',
            listingId: '11111111-1111-4111-8111-111111111111',
            price: '70000',
          }),
          held(10, { isMoving: true, contentType: 'text/plain' }),
        ],
      }),
    });
    signIn();
    renderApp({ path: '/inscriptions' });

    const list = await screen.findByRole('list', { name: 'Your inscriptions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Block Punk #6block-punksNot listed',
      'Block Punk #2block-punks0.00070000 BTC',
      'Inscription #10text/plainMoving',
    ]);
    expect(within(list).getByRole('link', { name: 'Block Punk #6' }).getAttribute('href')).toBe(
      `/inscriptions/${'12'.repeat(32)}i0`,
    );
    expect(screen.queryByText('No inscriptions found')).toBeNull();
    expect(callsTo(calls, 'GET', HELD.slice(4))).toHaveLength(1);
  });

  it("says 'No inscriptions found' only when the address holds none", async () => {
    fakeServer({ [HELD]: ok({ inscriptions: [] }) });
    signIn();
    renderApp({ path: '/inscriptions' });
    expect(await screen.findByText('No inscriptions found')).toBeTruthy();
    expect(
      screen.getByText('Inscriptions sent to your ordinals address will appear here.'),
    ).toBeTruthy();
  });

  it('shows the server’s refusal with a retry, not an empty list', async () => {
    fakeServer({ [HELD]: failure(500, 'database unavailable') });
    signIn();
    renderApp({ path: '/inscriptions' });
    expect(await screen.findByText('Could not load your inscriptions')).toBeTruthy();
    expect(screen.getByText('database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('No inscriptions found')).toBeNull();
  });
});
