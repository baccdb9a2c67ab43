import { CONNECT_YOUR_WALLET_NO_PERIOD } from '@om/core';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { HeldInscriptions } from '../profile/held-inscriptions.tsx';
import { useWallet } from '../wallet/wallet-context.ts';

/** /inscriptions: what the connected wallet's ordinals address holds, per the index. */
export function InscriptionsPage() {
  const { wallet } = useWallet();
  return (
    <Page title="Inscriptions" subtitle="The inscriptions held by your ordinals address.">
      {wallet ? (
        <HeldInscriptions
          address={wallet.ordinalsAddress}
          label="Your inscriptions"
          what="your inscriptions"
          empty={{
            title: 'No inscriptions found',
            text: 'Inscriptions sent to your ordinals address will appear here.',
          }}
        />
      ) : (
        <EmptyState title={CONNECT_YOUR_WALLET_NO_PERIOD} />
      )}
    </Page>
  );
}
