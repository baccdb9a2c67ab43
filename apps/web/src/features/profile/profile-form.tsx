import { zodResolver } from '@hookform/resolvers/zod';
import {
  ProfileSchema,
  ProfileUpdateSchema,
  type Profile,
  type ProfileUpdate,
  type ProfileUpdateInput,
} from '@om/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';
import { api, ApiError, errorMessage } from '../../lib/api-client.ts';
import { InputField } from '../../shared/form-field.tsx';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { LinkOrdinalsAddress } from './link-ordinals-address.tsx';
import { profileQueries } from '../../shared/profile.queries.ts';

const PROFILE_SAVED = 'Profile saved.';

/**
 * The signed-in wallet's profile (product.md#profiles-and-artists): username, display name and "I
 * am an artist", checked by the schema the server uses. The profile belongs to the address the
 * wallet signed in with.
 */
export function ProfileForm({ wallet }: { wallet: WalletAccount }) {
  const { data, error, isPending } = useQuery(profileQueries.profile(wallet.paymentAddress));
  if (error) return <LoadError className="py-4" what="your profile" error={error} />;
  if (isPending) return <Loading className="py-4" what="your profile" />;
  return (
    <div className="flex flex-col gap-4">
      <ProfileFormFields profile={data} />
      <LinkOrdinalsAddress wallet={wallet} own={data} />
    </div>
  );
}

function ProfileFormFields({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(ProfileUpdateSchema),
    mode: 'onChange',
    defaultValues: {
      username: profile.username ?? '',
      name: profile.name ?? '',
      isArtist: profile.isArtist,
    },
  });
  const save = useMutation({
    mutationFn: (update: ProfileUpdate) => api.put('/api/profile', update, ProfileSchema),
    onSuccess: async (saved) => {
      form.reset({
        username: saved.username ?? '',
        name: saved.name ?? '',
        isArtist: saved.isArtist,
      });
      toast.success(PROFILE_SAVED);
      await queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
    onError: (err) => {
      // A taken username belongs under its field; anything else is a toast.
      if (err instanceof ApiError && err.status === 409) {
        form.setError('username', { message: err.error });
      } else {
        toast.error(errorMessage(err));
      }
    },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) => save.mutate(values));

  return (
    <form
      noValidate
      aria-label="Edit profile"
      className="flex max-w-md flex-col gap-4 pt-4"
      onSubmit={(event) => void submit(event)}
    >
      <InputField
        label="Username"
        error={errors.username?.message}
        inputProps={{ autoComplete: 'username', spellCheck: false, ...form.register('username') }}
      />
      <InputField
        label="Name"
        error={errors.name?.message}
        inputProps={{ autoComplete: 'name', ...form.register('name') }}
      />
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input type="checkbox" className="size-4 accent-brand-500" {...form.register('isArtist')} />
        I am an artist
      </label>
      <p className="-mt-2 text-xs text-zinc-500">
        Artists with a username are listed on{' '}
        <Link to="/artists" className="underline">
          Artists
        </Link>{' '}
        with the collections they launch.
      </p>
      <Button
        type="submit"
        variant="primary"
        className="self-start"
        disabled={save.isPending || !isDirty}
      >
        {save.isPending ? 'Saving…' : 'Save profile'}
      </Button>
    </form>
  );
}
