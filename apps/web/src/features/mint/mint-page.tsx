import { useParams } from 'react-router';
import { EmptyState, Page } from '../../components/ui/page.tsx';

export function MintPage() {
  const { slug = '' } = useParams();
  return (
    <Page title="Mint" subtitle={slug}>
      <EmptyState title="Launch not found">No launch with this slug is live yet.</EmptyState>
    </Page>
  );
}
