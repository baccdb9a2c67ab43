import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREATOR, fakeApi } from '../../test/wizard-test-kit.tsx';
import { fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { SidebarProvider } from './sidebar-provider.tsx';

// ADR 019: the review queue is in the navigation only for a wallet the server calls a reviewer.

afterEach(() => vi.unstubAllGlobals());

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const sidebarFor = (wallet: ReturnType<typeof fakeWallet>) =>
  renderWithWallet(
    <SidebarProvider>
      <AppSidebar />
    </SidebarProvider>,
    wallet,
  );

describe('the Review link', () => {
  it('is shown to a reviewer, after the spec items', async () => {
    fakeApi({ 'GET /api/review/me': ok({ isReviewer: true }) });
    sidebarFor(fakeWallet(CREATOR));
    const review = await within(nav()).findByRole('link', { name: 'Review' });
    expect(review.getAttribute('href')).toBe('/review');
    expect(within(nav()).getByRole('link', { name: 'Artists' }).getAttribute('href')).toBe(
      '/artists',
    );
  });

  it('is not shown to a wallet that is no reviewer', async () => {
    const calls = fakeApi({ 'GET /api/review/me': ok({ isReviewer: false }) });
    sidebarFor(fakeWallet(CREATOR));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/review/me')).toBe(true));
    expect(within(nav()).queryByRole('link', { name: 'Review' })).toBeNull();
  });
});
