import type { ConfigPayload } from '@om/core';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { appRoutes } from '../app/routes.tsx';
import { configQueries } from '../shared/config.queries.ts';
import type { CreateWalletAdapter } from '../features/wallet/wallet-adapters.ts';

export const testConfig: ConfigPayload = {
  network: 'regtest',
  devTools: true,
  productName: 'Ordinals Market',
  productTicker: 'omkt',
  inscriptionServiceUrl: '/api/inscription-service',
  tokenUrl: 'https://token.example/',
  contentOrigin: '',
  platformFeeBps: 100,
  platformFeeAddress: '',
  maxFeeRate: 500,
  xConnect: true,
  explorerTxUrl: '/tx/',
  inscribeUrl: 'https://inscribe.example/',
};

type Options = {
  path?: string;
  config?: Partial<ConfigPayload>;
  createAdapter?: CreateWalletAdapter;
};

/** The whole app at `path`, with the config already loaded (no request for it). */
export function renderApp({ path = '/collections', config, createAdapter }: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configQueries.app().queryKey, { ...testConfig, ...config });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} {...(createAdapter ? { createAdapter } : {})}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
