import {
  AuthChallengePayloadSchema,
  PoolSpendResponseSchema,
  ProfileSchema,
  type Pool,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { rewardsQueries } from './rewards.queries.ts';
import { xpQueries } from './xp.queries.ts';

const allocatedText = (n: string, title: string) => `You just allocated ${n} XP to ${title}`;
const boughtText = (n: number, title: string) => `You just bought ${n} tickets for ${title}`;

/** The share link of a pool (product.md#market-side: what a toast after a spend carries). */
function poolShareUrl(id: string): string {
  return `${window.location.origin}/rewards/${encodeURIComponent(id)}`;
}

function toastWithLink(text: string, pool: Pool) {
  const url = poolShareUrl(pool.id);
  toast.success(text, {
    description: url,
    action: {
      label: 'Copy link',
      onClick: () => void navigator.clipboard?.writeText(url).catch(() => undefined),
    },
  });
}

/** XP spent at the ordinals address, where it accrues (ADR 020); the server checks it is ours. */
export function usePoolSpend(pool: Pool, wallet: WalletAccount) {
  const queryClient = useQueryClient();
  const address = wallet.ordinalsAddress;
  return useMutation({
    mutationFn: async (amount: number) => {
      const base = `/api/rewards/pools/${encodeURIComponent(pool.id)}`;
      return pool.type === 'proportionate'
        ? api.post(`${base}/allocate`, { address, points: String(amount) }, PoolSpendResponseSchema)
        : api.post(`${base}/tickets`, { address, count: amount }, PoolSpendResponseSchema);
    },
    onSuccess: (result, amount) => {
      queryClient.setQueryData(rewardsQueries.mine(pool.id, address).queryKey, result.mine);
      void queryClient.invalidateQueries({ queryKey: rewardsQueries.poolKey(pool.id) });
      void queryClient.invalidateQueries({ queryKey: rewardsQueries.pools().queryKey });
      // What was spent leaves the header's XP and shows in the XP history.
      void queryClient.invalidateQueries({ queryKey: xpQueries.of(address).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...rewardsQueries.all(), 'xp-history'] });
      toastWithLink(
        pool.type === 'proportionate'
          ? allocatedText(String(amount), pool.title)
          : boughtText(amount, pool.title),
        pool,
      );
    },
  });
}

/** Whether the server refused the address because this session has not linked it. */
export function isNotLinkedError(error: unknown): boolean {
  return error instanceof Error && /linked/i.test(error.message);
}

/** Links the ordinals address to the session's profile: it signs a challenge (as the profile does). */
export function useLinkOrdinalsAddress(wallet: WalletAccount) {
  const { signMessage } = useWallet();
  return useMutation({
    mutationFn: async () => {
      const address = wallet.ordinalsAddress;
      const { message } = await api.post(
        '/api/auth/challenge',
        { address },
        AuthChallengePayloadSchema,
      );
      const signature = await signMessage(message, address);
      const body = { address, publicKey: wallet.ordinalsPublicKey, signature };
      return api.post('/api/profile/addresses', body, ProfileSchema);
    },
  });
}
