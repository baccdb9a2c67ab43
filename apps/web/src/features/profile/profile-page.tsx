import { CONNECT_YOUR_WALLET_NO_PERIOD } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TokensTab } from '../brc20/tokens-tab.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { shortenAddress } from '../../lib/format.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { MyInscriptions } from './my-inscriptions.tsx';
import { RuneBalances } from '../runes/rune-balances.tsx';
import { MyListings } from './my-listings.tsx';
import { ProfileActivity } from './profile-activity.tsx';
import { ProfileForm } from './profile-form.tsx';
import { profileQueries } from '../../shared/profile.queries.ts';
import { TabBar, useTab } from './tab-bar.tsx';

const TABS = [
  { value: 'inscriptions', label: 'My inscriptions' },
  { value: 'listings', label: 'My listings' },
  { value: 'tokens', label: 'Tokens' },
  { value: 'runes', label: 'Runes' },
  { value: 'activity', label: 'Activity' },
  { value: 'edit', label: 'Edit profile' },
] as const;

/** /profile: what the connected wallet holds, lists and traded, and its profile; the tab is in ?tab=. */
export function ProfilePage() {
  const { wallet } = useWallet();
  return (
    <Page title="Profile" subtitle={wallet ? <WhoAmI wallet={wallet} /> : undefined}>
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

/** The profile's name and username once it has them, the address always, and its public page. */
function WhoAmI({ wallet }: { wallet: WalletAccount }) {
  const { data: profile } = useQuery(profileQueries.profile(wallet.paymentAddress));
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {profile?.name ? <span className="text-zinc-100">{profile.name}</span> : null}
      {profile?.username ? <span>@{profile.username}</span> : null}
      <span className="font-mono" title={wallet.ordinalsAddress}>
        {shortenAddress(wallet.ordinalsAddress)}
      </span>
      <Link
        to={`/address/${encodeURIComponent(wallet.ordinalsAddress)}`}
        className="text-sm text-brand-400 hover:underline"
      >
        Public page
      </Link>
    </span>
  );
}

function ProfileTabs({ wallet }: { wallet: WalletAccount }) {
  const [tab, setTab] = useTab(TABS);
  return (
    <TabBar label="Profile" tabs={TABS} tab={tab} onSelect={setTab}>
      {tab === 'inscriptions' ? (
        <MyInscriptions address={wallet.ordinalsAddress} paymentAddress={wallet.paymentAddress} />
      ) : null}
      {tab === 'listings' ? <MyListings address={wallet.ordinalsAddress} /> : null}
      {tab === 'tokens' ? <TokensTab address={wallet.ordinalsAddress} /> : null}
      {tab === 'runes' ? <RuneBalances address={wallet.ordinalsAddress} canSend /> : null}
      {tab === 'activity' ? (
        <ProfileActivity addresses={[wallet.ordinalsAddress, wallet.paymentAddress]} />
      ) : null}
      {tab === 'edit' ? <ProfileForm wallet={wallet} /> : null}
    </TabBar>
  );
}
