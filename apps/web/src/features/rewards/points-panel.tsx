import { formatDateTime, formatXp, satsToBtc } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { PageNav } from '../artists/page-nav.tsx';
import { cycleText } from './mining-share.ts';
import { RewardsHistory } from './rewards-history.tsx';
import { rewardsQueries } from './rewards.queries.ts';
import { useCompleteFollowTwitter } from './tasks.mutations.ts';
import { xpQueries } from './xp.queries.ts';

type Props = { open: boolean; onClose: () => void; address: string };

/** Why the ledger moved, from its reason key (xp_ledger.reason on the server). */
function xpReasonText(reason: string): string {
  if (reason === 'hold') return 'Holding the token';
  if (reason.startsWith('task:')) return `Task: ${reason.slice('task:'.length)}`;
  if (reason.startsWith('pool')) return 'Spent in a reward pool';
  return reason;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-zinc-100">{title}</h3>
      {children}
    </section>
  );
}

/**
 * product.md#market-screens "the points button opens a Points & Rewards panel": the XP of
 * `address` (the ordinals address, where XP accrues) and its history, the tasks, the rewards
 * received and the mining cycle under way.
 */
export function PointsPanel({ open, onClose, address }: Props) {
  const xp = useQuery({ ...xpQueries.of(address), enabled: open }).data?.xp;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Points & Rewards"
      placement="right"
      className="overflow-y-auto"
    >
      <div className="flex flex-col gap-6 p-5">
        <p className="text-sm text-zinc-300">
          Your XP:{' '}
          <span className="font-mono text-zinc-50">
            {xp === undefined ? '—' : formatXp(Number(xp))}
          </span>
        </p>
        <Section title="XP history">
          <XpHistory address={address} />
        </Section>
        <Section title="Tasks">
          <Tasks address={address} />
        </Section>
        <Section title="Rewards received">
          <RewardsHistory />
        </Section>
        <Section title="Current cycle">
          <CurrentCycle address={address} />
        </Section>
      </div>
    </Dialog>
  );
}

function XpHistory({ address }: { address: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(rewardsQueries.xpHistory(address, page));
  if (query.isPending) return <Loading what="your XP history" />;
  if (query.isError) {
    return (
      <LoadFailed what="your XP history" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const { entries, hasMore } = query.data;
  if (entries.length === 0 && page === 1) {
    return <p className="text-sm text-zinc-400">No XP yet.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1 text-sm">
        {entries.map((e, i) => {
          const negative = e.delta.startsWith('-');
          return (
            <li key={i} className="flex items-center justify-between gap-3">
              <span className="text-zinc-300">{xpReasonText(e.reason)}</span>
              <span className="text-xs text-zinc-500">{formatDateTime(new Date(e.timestamp))}</span>
              <span
                data-sign={negative ? 'negative' : 'positive'}
                className={`font-mono ${negative ? 'text-red-300' : 'text-emerald-300'}`}
              >
                {negative ? e.delta : `+${e.delta}`}
              </span>
            </li>
          );
        })}
      </ul>
      <PageNav label="XP history" page={page} hasMore={hasMore} onPage={setPage} />
    </div>
  );
}

function Tasks({ address }: { address: string }) {
  const query = useQuery(rewardsQueries.tasks(address));
  const complete = useCompleteFollowTwitter(address);
  if (query.isPending) return <Loading what="tasks" />;
  if (query.isError) {
    return <LoadFailed what="tasks" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {query.data.tasks.map((task) => (
        <li key={task.name} className="flex items-center justify-between gap-3">
          <span className="text-zinc-200">
            {task.title} <span className="text-zinc-500">+{task.xp} XP</span>
          </span>
          {task.completed ? (
            <span className="text-emerald-300">Completed</span>
          ) : task.name === 'follow-twitter' ? (
            <Button size="sm" disabled={complete.isPending} onClick={() => complete.mutate()}>
              {complete.isPending ? 'Checking…' : 'Complete'}
            </Button>
          ) : (
            <span className="text-zinc-500">Not done yet</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function CurrentCycle({ address }: { address: string }) {
  const query = useQuery(rewardsQueries.mining(address));
  if (query.isPending) return <Loading what="the mining cycle" />;
  if (query.isError) {
    return (
      <LoadFailed
        what="the mining cycle"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm text-zinc-300">
      <p>{cycleText(query.data)}</p>
      <p>Your pending reward: {satsToBtc(BigInt(query.data.pending))} BTC</p>
    </div>
  );
}
