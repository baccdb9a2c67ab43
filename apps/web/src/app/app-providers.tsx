import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { WalletProvider } from '../features/wallet/wallet-provider.tsx';
import type { CreateWalletAdapter } from '../features/wallet/wallet-adapters.ts';

type Props = { queryClient: QueryClient; createAdapter?: CreateWalletAdapter; children: ReactNode };

/** Everything a page needs around it; tests render pages inside this too. */
export function AppProviders({ queryClient, createAdapter, children }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <WalletProvider {...(createAdapter ? { createAdapter } : {})}>
        {children}
        {/* product.md#constants-and-limits, #errors: toasts last 3 s, one visible at a time. */}
        <Toaster duration={3000} visibleToasts={1} theme="dark" position="bottom-center" />
      </WalletProvider>
    </QueryClientProvider>
  );
}
