import { useParams } from 'react-router';
import { EmptyState, Page } from '../../components/ui/page.tsx';

export function AuctionPage() {
  const { slug = '' } = useParams();
  return (
    <Page title="Auction" subtitle={slug}>
      <EmptyState title="Auction not found">No auction with this slug has started yet.</EmptyState>
    </Page>
  );
}
