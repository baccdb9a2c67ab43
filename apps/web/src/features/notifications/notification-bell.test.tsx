import type { Notification } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveAuthSession } from '../../lib/auth-session.ts';
import { renderApp } from '../../test/render-app.tsx';
import { callsTo, fakeServer, ok } from '../../test/trade-test-kit.tsx';
import { SELLER, SELLER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import type { WalletAccount, WalletAdapter } from '../wallet/wallet.types.ts';
import { unreadBadge } from './notification-bell.tsx';

// ADR 018: the header's bell and its panel (product.md#states-and-transitions: mark one read or
// unread, mark all unread ones read; product.md#constants-and-limits: page 10, unread count capped
// at 100, the global and the product's apps).

const wallet: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};

const note = (i: number, extra: Partial<Notification> = {}): Notification => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  app: 'product',
  type: 'listing_sold',
  title: `Sold #${i}`,
  body: `Inscription #${i} sold for 0.00050000 BTC, confirmed in block 120.`,
  payload: { link: `/inscriptions/${'a'.repeat(64)}i${i}` },
  read: false,
  retracted: false,
  timestamp: '2026-11-28T10:00:00.000Z',
  ...extra,
});

function adapter(): WalletAdapter {
  return {
    connect: vi.fn(async () => wallet),
    signMessage: vi.fn(async () => 'sig'),
    signPsbt: vi.fn(async () => 'c2lnbmVk'),
    disconnect: vi.fn(),
  };
}

function signedIn(path = '/collections') {
  saveAuthSession({ token: 'jwt', expiresAt: '2999-01-01T00:00:00Z', wallet });
  return renderApp({ path, createAdapter: async () => adapter() });
}

describe('the notification bell', () => {
  it('shows the count up to 99, then 99+ (the server counts at most 100)', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('is not there without a signed-in wallet', async () => {
    fakeServer({});
    renderApp({ path: '/collections' });
    await screen.findByRole('button', { name: 'Connect Wallet' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('lists the product and global apps, 10 a page, and marks read, unread and all', async () => {
    const product = Array.from({ length: 10 }, (_, i) => note(i + 1, { read: i >= 2 }));
    const calls = fakeServer({
      'GET /api/notifications/unread-count': ok({ count: 100 }),
      'GET /api/notifications/preferences': ok({ muted: ['outbid'] }),
      'GET /api/notifications?app=product&page=1': ok({
        notifications: product,
        page: 1,
        hasMore: true,
      }),
      'GET /api/notifications?app=product&page=2': ok({
        notifications: [note(11, { retracted: true })],
        page: 2,
        hasMore: false,
      }),
      'GET /api/notifications?app=global&page=1': ok({
        notifications: [note(12, { app: 'global', type: 'announcement', title: 'Welcome' })],
        page: 1,
        hasMore: false,
      }),
      [`POST /api/notifications/${note(1).id}/read`]: ok({ id: note(1).id, read: true }),
      [`POST /api/notifications/${note(3).id}/unread`]: ok({ id: note(3).id, read: false }),
      'POST /api/notifications/read-all': ok({ updated: 100 }),
      'PUT /api/notifications/preferences': ok({ muted: [] }),
    });
    signedIn();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 99+ unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      within(panel).getByRole('tab', { name: 'Ordinals Market' }).getAttribute('aria-selected'),
    ).toBe('true');
    const list = await within(panel).findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    const first = within(list).getByRole('listitem', { name: 'Sold #1' });
    expect(
      within(first).getByText('Inscription #1 sold for 0.00050000 BTC, confirmed in block 120.'),
    ).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Mark as read' }));
    const third = within(list).getByRole('listitem', { name: 'Sold #3' });
    await user.click(within(third).getByRole('button', { name: 'Mark as unread' }));
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => {
      expect(callsTo(calls, 'POST', `/api/notifications/${note(1).id}/read`)).toHaveLength(1);
      expect(callsTo(calls, 'POST', `/api/notifications/${note(3).id}/unread`)).toHaveLength(1);
      expect(callsTo(calls, 'POST', '/api/notifications/read-all')).toHaveLength(1);
    });

    // The next page, with a notification a reorg undid.
    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    const retracted = await within(panel).findByRole('listitem', { name: 'Sold #11' });
    expect(within(retracted).getByText('Undone by a reorg')).toBeTruthy();
    expect(within(panel).getByText('Page 2')).toBeTruthy();

    await user.click(within(panel).getByRole('tab', { name: 'Global' }));
    expect(await within(panel).findByRole('listitem', { name: 'Welcome' })).toBeTruthy();

    // A muted type's pop-up is unticked; ticking it sends the new list.
    await user.click(within(panel).getByText('Pop-ups'));
    const outbid = within(panel).getByRole('checkbox', { name: 'Outbid' }) as HTMLInputElement;
    expect(outbid.checked).toBe(false);
    await user.click(outbid);
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/api/notifications/preferences')[0]?.body).toEqual({
        muted: [],
      }),
    );
  });
});
