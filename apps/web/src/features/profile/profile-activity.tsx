import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyState } from '../../components/ui/page.tsx';
import { ActivityTable } from '../activity/activity-table.tsx';
import { visibleActivity } from '../activity/trade-activity.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';

/**
 * The trades the wallet made or took, from either of its addresses or from the multisig and maker
 * wallets it made (a protected sale or a launch mint is recorded under the maker wallet).
 */
export function ProfileActivity({
  addresses,
  what = 'your activity',
}: {
  addresses: readonly string[];
  /** "Loading {what}…": 'activity' on someone else's page. */
  what?: string;
}) {
  const { data, error, isPending } = useQuery(tradeQueries.profileActivity(addresses));
  const rows = useMemo(() => visibleActivity(data ?? []), [data]);
  if (error) return <LoadError className="py-4" what={what} error={error} />;
  if (isPending) return <Loading className="py-4" what={what} />;
  if (rows.length === 0) return <EmptyState title="No trades yet" />;
  return (
    <div className="pt-4">
      <ActivityTable rows={rows} label={what === 'your activity' ? 'My trades' : 'Trades'} />
    </div>
  );
}
