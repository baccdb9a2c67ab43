import { Link } from 'react-router';
import { EmptyState, Page } from '../../components/ui/page.tsx';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <EmptyState title="There is nothing at this address.">
        <Link to="/collections" className="text-brand-400 hover:underline">
          Browse collections
        </Link>
      </EmptyState>
    </Page>
  );
}
