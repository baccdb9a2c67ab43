import { EmptyState, Page } from '../../components/ui/page.tsx';

export function LaunchpadPage() {
  return (
    <Page title="Create" subtitle="Launch a collection, an edition or an auction.">
      <EmptyState title="The launchpad is not open yet">
        The creator wizards (Pre Inscribe, Edition, Auction) arrive here next.
      </EmptyState>
    </Page>
  );
}
