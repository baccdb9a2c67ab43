import type { Pool } from '@om/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast, Toaster } from 'sonner';
import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
import { SELLER, SELLER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import type { FakeWallet } from '../../test/trade-test-kit.tsx';
import { WalletContext } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';

// Component tests of the rewards feature: pools as the server sends them, a wallet, a router.

export const ACCOUNT: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};

export function pool(overrides: Partial<Pool> = {}): Pool {
  return {
    id: 'p1',
    type: 'proportionate',
    title: 'Genesis pool',
    img: null,
    rewards: [{ type: 'btc', asset: null, amount: '100000', name: null, estimatedValue: '100000' }],
    startBlock: 100,
    endBlock: 200,
    ticketPrice: null,
    winnerCount: null,
    totalPointsAllocated: '0',
    totalTickets: '0',
    winners: [],
    enabled: true,
    order: 1,
    state: 'live',
    commitment: { seedHash: 'ab'.repeat(32), drawBlock: 200 },
    draw: null,
    ...overrides,
  };
}

/**
 * `ui` at `path` (matched against `route`), with a query client (config loaded), the wallet and
 * the toaster; toasts of an earlier test are dismissed first (sonner's store is module-wide).
 */
export function renderRewards(
  ui: ReactNode,
  wallet: FakeWallet,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
) {
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configQueries.app().queryKey, testConfig);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <WalletContext value={wallet}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </WalletContext>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
