import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { vi } from 'vitest';
import { testConfig } from './render-app.tsx';
import { configQueries } from '../shared/config.queries.ts';
import { WalletContext, type WalletContextValue } from '../features/wallet/wallet-context.ts';
import type { SignPsbtRequest, WalletAccount } from '../features/wallet/wallet.types.ts';

// Component tests of the trade flows: a fake wallet in the context, a fake server behind fetch.

export type ApiCall = { method: string; path: string; body: unknown };
type Handler = (body: unknown) => [number, unknown];

export const ok = (payload: unknown): [number, unknown] => [200, { success: true, payload }];
export const failure = (status: number, error: string): [number, unknown] => [
  status,
  { success: false, error, errors: [{ msg: error }] },
];

/**
 * Answers `METHOD /path?query`, else `METHOD /path`, from `routes`; anything else is a 404 in the
 * API's envelope.
 */
export function fakeServer(routes: Record<string, Handler | [number, unknown]>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
      const [status, answer] =
        typeof route === 'function' ? route(body) : (route ?? failure(404, 'Not found.'));
      return new Response(JSON.stringify(answer), { status });
    }),
  );
  return calls;
}

export const callsTo = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

export type FakeWallet = WalletContextValue & {
  signPsbt: ReturnType<typeof vi.fn<(request: SignPsbtRequest) => Promise<string>>>;
  signMessage: ReturnType<typeof vi.fn<(message: string, address: string) => Promise<string>>>;
};

export function fakeWallet(account: WalletAccount | null): FakeWallet {
  return {
    status: account ? 'connected' : 'disconnected',
    wallet: account,
    pendingId: null,
    token: account ? 'jwt' : null,
    connectError: null,
    dismissConnectError: vi.fn(),
    connect: vi.fn(async () => undefined),
    disconnect: vi.fn(),
    signMessage: vi.fn(async (message: string) => `signed(${message})`),
    signPsbt: vi.fn(async () => 'c2lnbmVk'),
  };
}

/** `ui` with a query client (config loaded), the fake wallet, a router and the toaster. */
export function renderWithWallet(ui: ReactNode, wallet: FakeWallet) {
  // Sonner keeps toasts in a module-wide store and replays active ones to a new Toaster.
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configQueries.app().queryKey, testConfig);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <WalletContext value={wallet}>
        <MemoryRouter>{ui}</MemoryRouter>
        <Toaster />
      </WalletContext>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
