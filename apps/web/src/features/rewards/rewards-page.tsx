import { EmptyState, Page } from '../../components/ui/page.tsx';

export function RewardsPage() {
  return (
    <Page title="Rewards" subtitle="Allocate XP or buy tickets in reward pools.">
      <EmptyState title="No reward pools yet">Open pools will be listed here.</EmptyState>
    </Page>
  );
}
