import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { shortenAddress } from '../../lib/format.ts';
import { AddressListings, AddressTokens } from './address-tabs.tsx';
import { RuneBalances } from '../runes/rune-balances.tsx';
import { HeldInscriptions } from './held-inscriptions.tsx';
import { ProfileActivity } from './profile-activity.tsx';
import { profileQueries } from '../../shared/profile.queries.ts';
import { TabBar, useTab } from './tab-bar.tsx';

const TABS = [
  { value: 'inscriptions', label: 'Inscriptions' },
  { value: 'listings', label: 'Listings' },
  { value: 'activity', label: 'Activity' },
  { value: 'tokens', label: 'Tokens' },
  { value: 'runes', label: 'Runes' },
] as const;

/** /address/{address}: anyone's public page: their profile, what they hold, list and traded. */
export function AddressPage() {
  const { address = '' } = useParams();
  const [tab, setTab] = useTab(TABS);
  const { data: profile } = useQuery(profileQueries.profile(address));
  const title =
    profile?.name ?? (profile?.username ? `@${profile.username}` : shortenAddress(address));
  return (
    <Page
      title={title}
      subtitle={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {profile?.name && profile.username ? <span>@{profile.username}</span> : null}
          {profile?.isArtist && profile.username ? (
            <Link
              to={`/artists/${encodeURIComponent(profile.username)}`}
              className="text-brand-400 hover:underline"
            >
              Artist: see their artwork
            </Link>
          ) : null}
          <span className="break-all font-mono text-sm">{address}</span>
        </span>
      }
    >
      <TabBar label="Address" tabs={TABS} tab={tab} onSelect={setTab}>
        {tab === 'inscriptions' ? (
          <div className="pt-4">
            <HeldInscriptions
              address={address}
              label="Inscriptions"
              what="inscriptions"
              empty={{
                title: 'No inscriptions found',
                text: 'This address holds no inscriptions.',
              }}
            />
          </div>
        ) : null}
        {tab === 'listings' ? <AddressListings address={address} /> : null}
        {tab === 'activity' ? <ProfileActivity addresses={[address]} what="activity" /> : null}
        {tab === 'tokens' ? <AddressTokens address={address} /> : null}
        {tab === 'runes' ? <RuneBalances address={address} /> : null}
      </TabBar>
    </Page>
  );
}
