import type { MyPoolEntry, Pool } from '@om/core';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { isNotLinkedError, useLinkOrdinalsAddress, usePoolSpend } from './pool-spend.mutations.ts';

type Fields = { amount: string };

/** Why a pool takes no XP now, or null when it is live. */
export function addDisabledReason(pool: Pool): string | null {
  switch (pool.state) {
    case 'live':
      return null;
    case 'pending':
      return 'This pool has not started yet: its start block is not set.';
    case 'upcoming':
      return 'This pool has not started yet.';
    default:
      return 'This pool has ended.';
  }
}

/**
 * The add mode: XP allocated (proportionate) or tickets bought at ticketPrice XP each, never more
 * than the XP the wallet can still spend.
 */
export function PoolAddForm({
  pool,
  wallet,
  mine,
}: {
  pool: Pool;
  wallet: WalletAccount;
  mine: MyPoolEntry | undefined;
}) {
  const spend = usePoolSpend(pool, wallet);
  const link = useLinkOrdinalsAddress(wallet);
  const isProportionate = pool.type === 'proportionate';
  const available = mine ? BigInt(mine.xpAvailable) : undefined;
  const price = BigInt(pool.ticketPrice ?? '1');
  const { register, handleSubmit, formState, control, reset } = useForm<Fields>({
    defaultValues: { amount: '' },
  });
  const amount = useWatch({ control, name: 'amount' });
  const count = /^\d+$/.test(amount) ? BigInt(amount) : 0n;
  const submit = handleSubmit(({ amount }) =>
    spend.mutate(Number(amount), {
      onSuccess: () => reset(),
      onError: (err) => {
        if (!isNotLinkedError(err)) toast.error(errorMessage(err));
      },
    }),
  );
  const validate = (value: string) => {
    if (!/^\d+$/.test(value) || BigInt(value) <= 0n) return 'Enter a whole number above 0';
    const cost = isProportionate ? BigInt(value) : BigInt(value) * price;
    if (available !== undefined && cost > available) {
      return `You have ${available} XP to spend`;
    }
    return true;
  };
  const label = isProportionate ? 'XP to allocate' : 'Tickets to buy';
  const error = formState.errors.amount?.message;

  return (
    <form noValidate className="flex max-w-sm flex-col gap-3" onSubmit={(e) => void submit(e)}>
      <label className="flex flex-col gap-1 text-sm text-zinc-300">
        {label}
        <input
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          aria-invalid={error ? true : undefined}
          className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-3 font-mono text-zinc-100"
          {...register('amount', { validate })}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-zinc-400">
        {isProportionate
          ? `Available: ${available ?? '—'} XP`
          : `Cost: ${count * price} XP (${price} XP a ticket) · Available: ${available ?? '—'} XP`}
      </p>
      <Button type="submit" variant="primary" disabled={spend.isPending} className="self-start">
        {spend.isPending ? 'Sending…' : isProportionate ? 'Allocate XP' : 'Buy tickets'}
      </Button>
      {spend.isError && isNotLinkedError(spend.error) ? (
        <div role="alert" className="flex flex-col gap-2 rounded-xl border border-zinc-800 p-3">
          <p className="text-sm text-zinc-300">
            Your XP is at your ordinals address, which this session has not linked yet. Sign a
            message with it to link it, then try again.
          </p>
          <Button
            size="sm"
            className="self-start"
            disabled={link.isPending}
            onClick={() =>
              link.mutate(undefined, {
                onSuccess: () => void submit(),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            {link.isPending ? 'Waiting for the signature…' : 'Link my ordinals address'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
