import { EmptyState, Page } from '../../components/ui/page.tsx';
import { useWallet } from '../wallet/wallet-context.ts';

export function InscriptionsPage() {
  const { wallet } = useWallet();
  return (
    <Page title="Inscriptions" subtitle="The inscriptions held by your ordinals address.">
      <EmptyState title={wallet ? 'No inscriptions found' : 'Please connect your wallet.'}>
        {wallet ? 'Inscriptions sent to your ordinals address will appear here.' : null}
      </EmptyState>
    </Page>
  );
}
