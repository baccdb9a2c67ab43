import type { Brc20BalanceRow } from '@om/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
import { buyer, FEES } from '../../test/mint-test-fixtures.ts';
import { fakeServer, ok, type FakeWallet } from '../../test/trade-test-kit.tsx';
import { WalletContext } from '../wallet/wallet-context.ts';
import { envelope, pool, poolsInfo, TICK, txSize } from './swap-test-fixtures.ts';
import { SwapPage } from './swap-page.tsx';

// The swap page against a fake server (the swap service in its own envelope, the app's reads in
// the app's), a fake wallet, and a router at /swap with the query of the test.

type Routes = Parameters<typeof fakeServer>[0];

export const POOLS = 'GET /brc20swap/pools';
export const POOLS_INFO = 'POST /brc20swap/swap_pools_info';
export const TX_SIZE = 'POST /brc20swap/get_swap_psbt_txsize';
export const GET_PSBT = 'POST /brc20swap/get_swap_psbt';
export const SEND_PSBT = 'POST /brc20swap/send_swap_psbt';
export const ORDER = 'GET /brc20swap/order';

export const swapOk = (data: unknown): [number, unknown] => [200, envelope(data)];

const omkt = (overall: string): Brc20BalanceRow => ({
  tick: TICK,
  originalTick: TICK,
  decimals: 18,
  overall,
  available: overall,
  transferable: '0',
  pendingTransferable: '0',
});

/** Two pools (omkt and ordi), the buy side's poll and size, the buyer's balances and fees. */
export function swapServer(routes: Routes = {}) {
  return fakeServer({
    [POOLS]: swapOk([pool(), pool({ tick: 'ordi', decimals: 0 })]),
    [POOLS_INFO]: (body) =>
      swapOk(poolsInfo({}, (body as { send_tick: string }).send_tick !== 'btc')),
    [TX_SIZE]: swapOk(txSize()),
    'GET /api/shared/fees/recommended': ok(FEES),
    [`GET /api/shared/address/${buyer.paymentAddress}/balance`]: ok({
      confirmed: '200000',
      unconfirmed: '0',
    }),
    [`GET /api/brc20/balances/${buyer.ordinalsAddress}`]: ok({
      address: buyer.ordinalsAddress,
      balances: [omkt('5.000000000000000000')],
    }),
    [`GET /api/brc20/balances/${buyer.ordinalsAddress}/transferable`]: ok({
      address: buyer.ordinalsAddress,
      transferables: [],
    }),
    ...routes,
  });
}

export function renderSwap(path: string, wallet: FakeWallet) {
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configQueries.app().queryKey, testConfig);
  const router = createMemoryRouter([{ path: '/swap', element: <SwapPage /> }], {
    initialEntries: [path],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <WalletContext value={wallet}>
        <RouterProvider router={router} />
        <Toaster />
      </WalletContext>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
