import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearAuthSession,
  getAuthToken,
  saveAuthSession,
  type AuthSession,
} from '../../lib/auth-session.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, ok } from '../../test/trade-test-kit.tsx';
import type { WalletAccount, WalletAdapter } from './wallet.types.ts';

// product.md#walk-through-fixes item 24: one sign-in for every tab of the browser, for the token's
// lifetime; signing out anywhere signs out everywhere. A "tab" here is a fresh render with an empty
// sessionStorage; another tab's writes reach this one as the `storage` event the browser fires.

const KEY = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const ALICE: WalletAccount = {
  id: 'dev',
  paymentAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  paymentPublicKey: KEY,
  ordinalsAddress: 'bcrt1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5ssm803es',
  ordinalsPublicKey: KEY,
};
const BOB: WalletAccount = {
  ...ALICE,
  paymentAddress: 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf5mxs',
};
const session = (wallet: WalletAccount, token: string, expiresAt = '2999-01-01T00:00:00Z') =>
  ({ token, expiresAt, wallet }) satisfies AuthSession;

function adapterOf(wallet: WalletAccount): WalletAdapter {
  return {
    connect: vi.fn(async () => wallet),
    signMessage: vi.fn(async () => 'sig'),
    signPsbt: vi.fn(async () => 'cHNidP8='),
    disconnect: vi.fn(),
  };
}

/** What another tab's write of the stored session looks like to this tab. */
function anotherTabStores(next: AuthSession | null) {
  if (next) saveAuthSession(next);
  else clearAuthSession();
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'om.session',
        newValue: next ? JSON.stringify(next) : null,
        storageArea: localStorage,
      }),
    );
  });
}

function signInServer() {
  fakeServer({
    'POST /api/auth/challenge': ok({ message: 'Sign in #1', expiresAt: '2999-01-01T00:00:00Z' }),
    'POST /api/auth/verify': ok({
      token: 'jwt-1',
      address: ALICE.paymentAddress,
      expiresAt: '2999-01-01T00:00:00Z',
    }),
    [`GET /api/shared/address/${ALICE.paymentAddress}/balance`]: ok({
      confirmed: '0',
      unconfirmed: '0',
    }),
  });
}

describe('the sign-in is shared by every tab', () => {
  afterEach(() => vi.useRealTimers());

  it('a new tab opened after connecting is signed in, without asking the wallet', async () => {
    signInServer();
    const first = renderApp({ createAdapter: async () => adapterOf(ALICE) });
    await userEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dev wallet' }));
    expect(await screen.findByRole('button', { name: 'bcrt1q…t080' })).toBeTruthy();
    first.unmount();

    sessionStorage.clear();
    const createAdapter = vi.fn(async () => adapterOf(ALICE));
    renderApp({ createAdapter });
    expect(screen.getByRole('button', { name: 'bcrt1q…t080' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull();
    expect(getAuthToken()).toBe('jwt-1');
    expect(createAdapter).not.toHaveBeenCalled();
  });

  it('disconnecting in another tab signs this tab out, its open wallet panel closed', async () => {
    signInServer();
    saveAuthSession(session(ALICE, 'jwt-1'));
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'bcrt1q…t080' }));
    expect(screen.getByRole('dialog', { name: 'Wallet' })).toBeTruthy();

    anotherTabStores(null);
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Wallet' })).toBeNull();
    expect(getAuthToken()).toBeNull();
  });

  it('disconnecting here clears the one stored session, so every other tab hears it', async () => {
    signInServer();
    saveAuthSession(session(ALICE, 'jwt-1'));
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'bcrt1q…t080' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Wallet' })).getByRole('button', {
        name: 'Disconnect',
      }),
    );
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(localStorage.getItem('om.session')).toBeNull();
  });

  it('a wallet connected in another tab becomes this tab’s wallet', async () => {
    saveAuthSession(session(ALICE, 'jwt-1'));
    renderApp();
    expect(screen.getByRole('button', { name: 'bcrt1q…t080' })).toBeTruthy();

    anotherTabStores(session(BOB, 'jwt-2'));
    expect(await screen.findByRole('button', { name: 'bcrt1q…5mxs' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'bcrt1q…t080' })).toBeNull();
    expect(getAuthToken()).toBe('jwt-2');
  });

  it('lasts as long as its token: at the expiry the tab asks to connect again', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T10:00:00Z'), shouldAdvanceTime: true });
    saveAuthSession(session(ALICE, 'jwt-1', '2026-01-01T11:00:00Z'));
    renderApp();
    expect(screen.getByRole('button', { name: 'bcrt1q…t080' })).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(59 * 60_000);
    });
    expect(screen.getByRole('button', { name: 'bcrt1q…t080' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(getAuthToken()).toBeNull();
  });

  it('at its expiry keeps a newer sign-in another tab stored, not yet heard of here', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T10:00:00Z'), shouldAdvanceTime: true });
    saveAuthSession(session(ALICE, 'jwt-1', '2026-01-01T11:00:00Z'));
    renderApp();
    saveAuthSession(session(BOB, 'jwt-2', '2026-01-01T12:00:00Z'));

    act(() => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    expect(await screen.findByRole('button', { name: 'bcrt1q…5mxs' })).toBeTruthy();
    expect(getAuthToken()).toBe('jwt-2');
  });

  it('a stored session already expired is not used', () => {
    saveAuthSession(session(ALICE, 'old', '2000-01-01T00:00:00Z'));
    renderApp();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(localStorage.getItem('om.session')).toBeNull();
  });
});
