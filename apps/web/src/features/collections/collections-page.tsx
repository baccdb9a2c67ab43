import { EmptyState, Page } from '../../components/ui/page.tsx';

export function CollectionsPage() {
  return (
    <Page title="Collections" subtitle="Inscription collections with floor prices and stats.">
      <EmptyState title="No collections yet">
        Collections appear here once they are onboarded or launched.
      </EmptyState>
    </Page>
  );
}
