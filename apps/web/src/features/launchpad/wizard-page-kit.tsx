import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { vi } from 'vitest';
import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
import type { FakeWallet } from '../../test/trade-test-kit.tsx';
import { WalletContext } from '../wallet/wallet-context.ts';
import { LaunchpadPage } from './launchpad-page.tsx';

// The whole wizard at /launchpad under test: the page with a fake wallet, and its controls.

/** The page at `path` with the fake wallet; `setWallet` swaps the wallet (e.g. disconnects). */
export function renderPage(wallet: FakeWallet, path = '/launchpad', keepDraft = false) {
  toast.dismiss();
  if (!keepDraft) localStorage.removeItem('om.launchpad.wizard');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configQueries.app().queryKey, testConfig);
  const router = createMemoryRouter([{ path: '/launchpad', element: <LaunchpadPage /> }], {
    initialEntries: [path],
  });
  const ui = (current: FakeWallet) => (
    <QueryClientProvider client={queryClient}>
      <WalletContext value={current}>
        <RouterProvider router={router} />
        <Toaster />
      </WalletContext>
    </QueryClientProvider>
  );
  const view = render(ui(wallet));
  return { ...view, setWallet: (next: FakeWallet) => view.rerender(ui(next)) };
}

export type User = ReturnType<typeof userEvent.setup>;

export const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
export const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
export const next = () => screen.getByRole('button', { name: 'Next' });
export const previous = () => screen.getByRole('button', { name: 'Previous' });
export const sidebar = () => within(screen.getByRole('navigation', { name: 'Launch steps' }));
export const sidebarSteps = () =>
  sidebar()
    .getAllByRole('button')
    .map((b) => ({
      name: b.textContent?.replace(/^\d/, '').replace(/, completed$/, ''),
      state: b.getAttribute('aria-current')
        ? 'current'
        : (b as HTMLButtonElement).disabled
          ? 'upcoming'
          : 'completed',
    }));

/** Fills Submit Information (or Provide Details) as 'Regtest Rocks', icon uploaded. */
export async function fillCollectionInfo(user: User) {
  const fill = async (label: string, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await fill('Collection name', 'Regtest Rocks');
  await fill('Description', 'Twenty rocks, hand-picked on regtest.');
  await fill('Creator name', 'Satoshi');
  await fill('Creator email', 'satoshi@example.com');
  const icon = new File([new Uint8Array(4096)], 'rocks.png', { type: 'image/png' });
  await user.upload(screen.getByLabelText('Collection icon'), icon);
  await screen.findByRole('img', { name: 'Collection icon' });
  await wait(1000);
}
