import type { Profile } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveAuthSession } from '../../lib/auth-session.ts';
import { renderApp } from '../../test/render-app.tsx';
import { callsTo, failure, fakeServer, ok } from '../../test/trade-test-kit.tsx';
import { SELLER, SELLER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import type { WalletAccount, WalletAdapter } from '../wallet/wallet.types.ts';

// /profile?tab=edit (product.md#profiles-and-artists): the signed-in wallet edits its profile with
// the server's schema.

const wallet: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};
// The profile belongs to the address the wallet signed in with: its payment address.
const PROFILE = `GET /api/profiles/${SELLER_PAYMENT.address}`;
const none: Profile = {
  address: SELLER_PAYMENT.address,
  username: null,
  name: null,
  isArtist: false,
};

function openEditTab() {
  const adapter: WalletAdapter = {
    connect: vi.fn(async () => wallet),
    signMessage: vi.fn(async (message: string) => `signed(${message})`),
    signPsbt: vi.fn(async () => ''),
    disconnect: vi.fn(),
  };
  saveAuthSession({ token: 'jwt', expiresAt: '2999-01-01T00:00:00Z', wallet });
  renderApp({ path: '/profile?tab=edit', createAdapter: async () => adapter });
  return adapter;
}

describe('/profile edit form', () => {
  it('saves username, name and "I am an artist", then shows them in the header', async () => {
    let saved = none;
    const calls = fakeServer({
      [PROFILE]: () => ok(saved),
      'PUT /api/profile': (body) => {
        saved = { ...none, username: 'satoshi', name: 'Satoshi', isArtist: true };
        expect(body).toEqual({ username: 'satoshi', name: 'Satoshi', isArtist: true });
        return ok(saved);
      },
    });
    openEditTab();
    const form = await screen.findByRole('form', { name: 'Edit profile' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Username'), 'Satoshi');
    await user.type(within(form).getByLabelText('Name'), 'Satoshi');
    await user.click(within(form).getByLabelText('I am an artist'));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved.')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/profile')).toHaveLength(1);
    expect(await screen.findByText('@satoshi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe(
      `/address/${SELLER.address}`,
    );
  });

  it('checks the fields before asking: a short username, an artist without one', async () => {
    const calls = fakeServer({ [PROFILE]: ok(none) });
    openEditTab();
    const form = await screen.findByRole('form', { name: 'Edit profile' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Username'), 'ab');
    expect(
      await within(form).findByText('The username must be 3 to 20 characters: a-z, 0-9 or _.'),
    ).toBeTruthy();
    await user.clear(within(form).getByLabelText('Username'));
    await user.click(within(form).getByLabelText('I am an artist'));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(
      await within(form).findByText('Choose a username to be listed as an artist.'),
    ).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/profile')).toHaveLength(0);
  });

  it("puts the server's 409 under the username field", async () => {
    fakeServer({
      [PROFILE]: ok({ ...none, username: 'mine' }),
      'PUT /api/profile': failure(409, 'That username is taken.'),
    });
    openEditTab();
    const form = await screen.findByRole('form', { name: 'Edit profile' });
    const user = userEvent.setup();
    const username = within(form).getByLabelText('Username');
    await waitFor(() => expect((username as HTMLInputElement).value).toBe('mine'));
    await user.clear(username);
    await user.type(username, 'taken_name');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('That username is taken.')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the profile at the ordinals address once that address signs its challenge', async () => {
    const mine = { ...none, username: 'satoshi' };
    const atOrdinals = `GET /api/profiles/${SELLER.address}`;
    let linked = false;
    const calls = fakeServer({
      [PROFILE]: ok(mine),
      [atOrdinals]: () =>
        ok({ ...none, address: SELLER.address, username: linked ? 'satoshi' : null }),
      'POST /api/auth/challenge': ok({ message: 'prove it', expiresAt: '2999-01-01T00:00:00Z' }),
      'POST /api/profile/addresses': () => {
        linked = true;
        return ok({ ...mine, address: SELLER.address });
      },
    });
    const adapter = openEditTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show on my ordinals address' }));

    expect(
      await screen.findByText('Your profile now shows at your ordinals address.'),
    ).toBeTruthy();
    expect(adapter.signMessage).toHaveBeenCalledWith('prove it', SELLER.address);
    expect(callsTo(calls, 'POST', '/api/auth/challenge')[0]?.body).toEqual({
      address: SELLER.address,
    });
    expect(callsTo(calls, 'POST', '/api/profile/addresses')[0]?.body).toEqual({
      address: SELLER.address,
      publicKey: SELLER.publicKeyHex,
      signature: 'signed(prove it)',
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show on my ordinals address' })).toBeNull(),
    );
  });
});
