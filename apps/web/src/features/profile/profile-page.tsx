import { EmptyState, Page } from '../../components/ui/page.tsx';
import { useWallet } from '../wallet/wallet-context.ts';

export function ProfilePage() {
  const { wallet } = useWallet();
  return (
    <Page title="Profile">
      {wallet ? (
        <EmptyState title="Nothing here yet">Your listings and activity will show here.</EmptyState>
      ) : (
        <EmptyState title="Please connect your wallet.">
          Your profile belongs to the wallet you sign in with.
        </EmptyState>
      )}
    </Page>
  );
}
