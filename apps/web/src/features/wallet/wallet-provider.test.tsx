import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { getAuthToken, saveAuthSession } from '../../lib/auth-session.ts';
import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
import { useWallet } from './wallet-context.ts';
import { WalletProvider } from './wallet-provider.tsx';
import type { WalletAdapter, WalletAddresses } from './wallet.types.ts';

const ADDRESSES: WalletAddresses = {
  paymentAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  paymentPublicKey: '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
  ordinalsAddress: 'bcrt1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5ssm803es',
  ordinalsPublicKey: '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
};

function restoredSession(createAdapter: () => Promise<WalletAdapter>) {
  saveAuthSession({
    token: 'jwt-1',
    expiresAt: '2999-01-01T00:00:00Z',
    wallet: { id: 'dev', ...ADDRESSES },
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(configQueries.app().queryKey, testConfig);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <WalletProvider createAdapter={createAdapter}>{children}</WalletProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useWallet(), { wrapper });
}

function adapterWith(addresses: WalletAddresses): WalletAdapter {
  return {
    connect: vi.fn(async () => addresses),
    signMessage: vi.fn(async () => 'sig'),
    signPsbt: vi.fn(async () => 'signed-psbt'),
    disconnect: vi.fn(),
  };
}

describe('WalletProvider with a restored session', () => {
  it('re-creates the wallet once, on the first signature', async () => {
    const adapter = adapterWith(ADDRESSES);
    const createAdapter = vi.fn(async () => adapter);
    const { result } = restoredSession(createAdapter);
    expect(result.current.status).toBe('connected');
    expect(result.current.token).toBe('jwt-1');

    const request = {
      psbtBase64: 'cHNidP8=',
      inputsToSign: [{ index: 0, address: ADDRESSES.paymentAddress }],
    };
    await expect(result.current.signPsbt(request)).resolves.toBe('signed-psbt');
    await expect(result.current.signMessage('m', ADDRESSES.paymentAddress)).resolves.toBe('sig');
    expect(createAdapter).toHaveBeenCalledTimes(1);
    expect(adapter.signPsbt).toHaveBeenCalledWith(request);
  });

  it('ends the session when the wallet now has another account', async () => {
    const adapter = adapterWith({ ...ADDRESSES, paymentAddress: ADDRESSES.ordinalsAddress });
    const { result } = restoredSession(async () => adapter);
    await expect(result.current.signMessage('m', ADDRESSES.paymentAddress)).rejects.toThrow(
      'The wallet switched accounts. Please connect again.',
    );
    await waitFor(() => expect(result.current.status).toBe('disconnected'));
    expect(result.current.wallet).toBeNull();
    expect(getAuthToken()).toBeNull();
  });

  it('asks to connect when there is no session', async () => {
    sessionStorage.clear();
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <WalletProvider>{children}</WalletProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useWallet(), { wrapper });
    await expect(result.current.signMessage('m', 'x')).rejects.toThrow(
      'Please connect your wallet.',
    );
  });
});
