import { useParams } from 'react-router';
import { EmptyState, Page } from '../../components/ui/page.tsx';

export function RewardPoolPage() {
  const { id = '' } = useParams();
  return (
    <Page title="Reward pool" subtitle={<span className="font-mono">{id}</span>}>
      <EmptyState title="Pool not found">There is no reward pool with this id yet.</EmptyState>
    </Page>
  );
}
