import { formatDate } from '@om/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useWallet } from '../wallet/wallet-context.ts';

// product.md#spec-gaps (defects): the signed-in creator's launches with their state, on /launchpad
// beside the wizard; one left unsigned is resumed (its ?id= opens its signing step) or abandoned,
// which releases its slug and inscriptions.

const MyLaunchSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  launchpadType: z.string(),
  failedReason: z.string().nullable(),
  createdAt: z.string(),
  canAbandon: z.boolean(),
});
const MyLaunchesSchema = z.array(MyLaunchSchema);
const AbandonedSchema = z.object({ id: z.string(), slug: z.string(), released: z.number() });

const myLaunchesKey = ['launchpad', 'mine'] as const;

/** The words a creator reads for a launch's state. */
function launchStateLabel(status: string): string {
  switch (status) {
    case 'initializing':
      return 'Preparing';
    case 'pending_psbt_signature':
      return 'Waiting for your signatures';
    case 'failed':
      return 'Failed';
    case 'canceled':
      return 'Canceled';
    default:
      return status.charAt(0).toUpperCase() + status.slice(1);
  }
}

export function MyLaunches() {
  const { token } = useWallet();
  const queryClient = useQueryClient();
  const launches = useQuery({
    queryKey: [...myLaunchesKey, token],
    queryFn: ({ signal }) => api.get('/api/launchpad/mine', MyLaunchesSchema, { signal }),
    enabled: token !== null,
  });
  const abandon = useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/launchpad/abandon/${encodeURIComponent(id)}`, {}, AbandonedSchema),
    onSuccess: (done) => {
      toast.success(`Launch ${done.slug} abandoned: its slug and inscriptions are free again.`);
      void queryClient.invalidateQueries({ queryKey: myLaunchesKey });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (token === null || !launches.data || launches.data.length === 0) return null;
  return (
    <section aria-label="Your launches" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-zinc-300">Your launches</h2>
      <ul className="flex flex-col gap-2">
        {launches.data.map((launch) => (
          <li
            key={launch.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-zinc-800 px-3 py-2 text-sm"
          >
            <span className="text-zinc-100">{launch.name}</span>
            {/* product.md#constants-and-limits's date format, dd/MM/yyyy: the day the launch was created. */}
            <time dateTime={launch.createdAt} className="text-zinc-500">
              {formatDate(new Date(launch.createdAt))}
            </time>
            <span className="text-zinc-400">{launchStateLabel(launch.status)}</span>
            {launch.failedReason ? (
              <span className="text-red-300">{launch.failedReason}</span>
            ) : null}
            <span className="flex gap-2">
              {launch.status === 'pending_psbt_signature' ? (
                <Link
                  to={`/launchpad?id=${encodeURIComponent(launch.id)}`}
                  className="text-brand-400 hover:underline"
                >
                  Resume signing
                </Link>
              ) : null}
              {launch.canAbandon ? (
                <Button
                  onClick={() => abandon.mutate(launch.id)}
                  disabled={abandon.isPending}
                  aria-label={`Abandon ${launch.name}`}
                >
                  Abandon
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
