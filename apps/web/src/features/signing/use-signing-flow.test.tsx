import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT } from '../../test/multisig-test-fixtures.ts';
import { fakeWallet, type FakeWallet } from '../../test/trade-test-kit.tsx';
import { WalletContext } from '../wallet/wallet-context.ts';
import { useSigningFlow, type SigningFlowOptions } from './use-signing-flow.ts';

// The hook's `onError` (ADR 025): what the page does once a failed step was told, as the auction
// returns to Submit; it runs after the toast, with the error as thrown, and never on success.

type Options = SigningFlowOptions<string, string, string>;

function renderFlow(
  options: Partial<Pick<Options, 'prepare' | 'submit' | 'onSuccess'>>,
  wallet: FakeWallet = fakeWallet(ACCOUNT),
) {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <WalletContext value={wallet}>{children}</WalletContext>
    </QueryClientProvider>
  );
  const told: string[] = [];
  const flow: Options = {
    toastError: (error) => told.push(`toast: ${(error as Error).message}`),
    onError: (error) => told.push(`onError: ${(error as Error).message}`),
    prepare: async (input) => `psbt for ${input}`,
    request: (psbt) => ({ psbtBase64: psbt, inputsToSign: [], finalize: false }),
    submit: async (signed) => `submitted ${signed}`,
    ...options,
  };
  const { result } = renderHook(() => useSigningFlow(flow), { wrapper });
  return { result, told, wallet };
}

describe('useSigningFlow onError', () => {
  it('runs after the toast of a failed prepare, with the error as thrown', async () => {
    const { result, told } = renderFlow({
      prepare: async () => {
        throw new Error('No such auction');
      },
    });
    act(() => result.current.prepare.mutate('a1'));
    await waitFor(() => expect(result.current.prepare.isError).toBe(true));
    expect(told).toEqual(['toast: No such auction', 'onError: No such auction']);
  });

  it('runs after the toast of a failed submit, once the wallet signed', async () => {
    const { result, told, wallet } = renderFlow({
      submit: async () => {
        throw new Error('Confirm refused');
      },
    });
    act(() => result.current.sign.mutate('psbt'));
    await waitFor(() => expect(result.current.sign.isError).toBe(true));
    expect(wallet.signPsbt).toHaveBeenCalledTimes(1);
    expect(told).toEqual(['toast: Confirm refused', 'onError: Confirm refused']);
  });

  it('is not called when the flow succeeds', async () => {
    const onSuccess = vi.fn();
    const { result, told } = renderFlow({ onSuccess });
    act(() => result.current.sign.mutate('psbt'));
    await waitFor(() => expect(result.current.sign.isSuccess).toBe(true));
    expect(result.current.sign.data).toBe('submitted c2lnbmVk');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(told).toEqual([]);
  });
});
