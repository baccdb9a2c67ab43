import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { Loading, LoadFailed } from '../../components/ui/load-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { ReviewCard } from './review-card.tsx';
import { decide, reviewQueries, type ReviewItem } from './review.queries.ts';

// /review (ADR 019): reviewers (REVIEWER_ADDRESSES, signed in with their wallet) judge
// what was submitted. Onboarded collections wait here for approval; launches, editions and
// auctions are live already, and a rejection takes one down with the reason its creator reads.

export const ONLY_REVIEWERS = 'Only reviewers can review submissions';

function decidedText(item: ReviewItem, rejected: boolean): string {
  if (!rejected) return `${item.name} approved.`;
  return item.kind === 'collection' ? `${item.name} rejected.` : `${item.name} taken down.`;
}

function ReviewQueue() {
  const { token } = useWallet();
  const queryClient = useQueryClient();
  const queue = useQuery(reviewQueries.queue(token));
  const decision = useMutation({
    mutationFn: ({ item, reason }: { item: ReviewItem; reason: string | null }) =>
      decide(item, reason),
    onSuccess: (_done, { item, reason }) => {
      toast.success(decidedText(item, reason !== null));
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (queue.isPending) return <Loading what="the review queue" />;
  if (queue.isError) {
    return (
      <LoadFailed
        what="the review queue"
        error={queue.error}
        onRetry={() => void queue.refetch()}
      />
    );
  }
  if (queue.data.length === 0) {
    return <EmptyState title="Nothing to review">Every submission has been decided.</EmptyState>;
  }
  return (
    <div className="flex flex-col gap-4">
      {queue.data.map((item) => (
        <ReviewCard
          key={`${item.kind}-${item.id}`}
          item={item}
          isDeciding={decision.isPending}
          onDecide={(reason) => decision.mutate({ item, reason })}
        />
      ))}
    </div>
  );
}

export function ReviewPage() {
  const { token } = useWallet();
  const me = useQuery(reviewQueries.me(token));
  const subtitle =
    'Onboarded collections wait for approval; launches, editions and auctions are live at once, and rejecting one takes it down.';
  let body;
  if (token === null) {
    body = <EmptyState title="Connect your wallet">Sign in with a reviewer’s wallet.</EmptyState>;
  } else if (me.isPending) body = <Loading what="your reviewer status" />;
  else if (me.isError) {
    body = (
      <LoadFailed what="your reviewer status" error={me.error} onRetry={() => void me.refetch()} />
    );
  } else if (!me.data.isReviewer) body = <EmptyState title={ONLY_REVIEWERS} />;
  else body = <ReviewQueue />;
  return (
    <Page title="Review" subtitle={subtitle}>
      {body}
    </Page>
  );
}
