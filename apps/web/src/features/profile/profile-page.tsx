import { CONNECT_YOUR_WALLET_NO_PERIOD } from '@om/core';
import { useSearchParams } from 'react-router';
import { TokensTab } from '../brc20/tokens-tab.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { shortenAddress } from '../../lib/format.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { MyInscriptions } from './my-inscriptions.tsx';
import { MyListings } from './my-listings.tsx';
import { ProfileActivity } from './profile-activity.tsx';

const TABS = [
  { value: 'inscriptions', label: 'My inscriptions' },
  { value: 'listings', label: 'My listings' },
  { value: 'tokens', label: 'Tokens' },
  { value: 'activity', label: 'Activity' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** /profile: what the connected wallet holds, lists and traded; the tab is in ?tab=. */
export function ProfilePage() {
  const { wallet } = useWallet();
  return (
    <Page
      title="Profile"
      subtitle={
        wallet ? (
          <span className="font-mono" title={wallet.ordinalsAddress}>
            {shortenAddress(wallet.ordinalsAddress)}
          </span>
        ) : undefined
      }
    >
      {wallet ? (
        <ProfileTabs wallet={wallet} />
      ) : (
        <EmptyState title={CONNECT_YOUR_WALLET_NO_PERIOD}>
          Your profile belongs to the wallet you sign in with.
        </EmptyState>
      )}
    </Page>
  );
}

function ProfileTabs({ wallet }: { wallet: WalletAccount }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'inscriptions';
  return (
    <>
      <div role="tablist" aria-label="Profile" className="flex gap-1 border-b border-zinc-800">
        {TABS.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`profile-tab-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls={`profile-panel-${t.value}`}
            onClick={() => setParams({ tab: t.value }, { replace: true })}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-zinc-400 hover:text-zinc-100 aria-selected:border-brand-500 aria-selected:text-zinc-50"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
        {tab === 'inscriptions' ? (
          <MyInscriptions address={wallet.ordinalsAddress} paymentAddress={wallet.paymentAddress} />
        ) : null}
        {tab === 'listings' ? <MyListings address={wallet.ordinalsAddress} /> : null}
        {tab === 'tokens' ? <TokensTab address={wallet.ordinalsAddress} /> : null}
        {tab === 'activity' ? (
          <ProfileActivity addresses={[wallet.ordinalsAddress, wallet.paymentAddress]} />
        ) : null}
      </div>
    </>
  );
}
