import { AuthChallengePayloadSchema, ProfileSchema, type Profile } from '@om/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { profileQueries } from '../../shared/profile.queries.ts';

const PROFILE_LINKED = 'Your profile now shows at your ordinals address.';

const sameProfile = (a: Profile, b: Profile) =>
  a.username === b.username && a.name === b.name && a.isArtist === b.isArtist;

/**
 * A wallet signs in with its payment address, but its inscriptions, listings and trades are at
 * its ordinals address: the profile shows there once that address signs a challenge too.
 */
export function LinkOrdinalsAddress({ wallet, own }: { wallet: WalletAccount; own: Profile }) {
  const { signMessage } = useWallet();
  const queryClient = useQueryClient();
  const address = wallet.ordinalsAddress;
  const isSeparate = address !== wallet.paymentAddress;
  const there = useQuery({ ...profileQueries.profile(address), enabled: isSeparate });
  const link = useMutation({
    mutationFn: async () => {
      const { message } = await api.post(
        '/api/auth/challenge',
        { address },
        AuthChallengePayloadSchema,
      );
      const signature = await signMessage(message, address);
      const body = { address, publicKey: wallet.ordinalsPublicKey, signature };
      return api.post('/api/profile/addresses', body, ProfileSchema);
    },
    onSuccess: async () => {
      toast.success(PROFILE_LINKED);
      await queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const hasProfile = own.username !== null || own.name !== null;
  if (!isSeparate || !hasProfile || !there.data || sameProfile(there.data, own)) return null;
  return (
    <section
      aria-label="Ordinals address"
      className="flex max-w-md flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3"
    >
      <p className="text-sm text-zinc-300">
        Your inscriptions are at your ordinals address{' '}
        <span className="font-mono">{shortenAddress(address)}</span>, which does not show this
        profile yet. Sign a message with it to show your profile there too.
      </p>
      <Button
        size="sm"
        className="self-start"
        disabled={link.isPending}
        onClick={() => link.mutate()}
      >
        {link.isPending ? 'Waiting for the signature…' : 'Show on my ordinals address'}
      </Button>
    </section>
  );
}
