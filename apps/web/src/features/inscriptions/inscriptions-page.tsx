import { CONNECT_YOUR_WALLET_NO_PERIOD, type AddressInscription } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { profileQueries } from '../profile/profile.queries.ts';
import { inscriptionLabel } from '../profile/profile-ui.tsx';
import { btcText, wireSats } from '../trade/trade-format.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { InscriptionIcon } from './inscription-icon.tsx';

/** /inscriptions: what the connected wallet's ordinals address holds, per the index. */
export function InscriptionsPage() {
  const { wallet } = useWallet();
  return (
    <Page title="Inscriptions" subtitle="The inscriptions held by your ordinals address.">
      {wallet ? (
        <HeldInscriptions address={wallet.ordinalsAddress} />
      ) : (
        <EmptyState title={CONNECT_YOUR_WALLET_NO_PERIOD} />
      )}
    </Page>
  );
}

function HeldInscriptions({ address }: { address: string }) {
  const { data, error, isPending, refetch } = useQuery(profileQueries.inscriptionsOf(address));
  if (error) {
    return <LoadFailed what="your inscriptions" error={error} onRetry={() => void refetch()} />;
  }
  if (isPending) return <Loading what="your inscriptions" />;
  if (data.length === 0) {
    return (
      <EmptyState title="No inscriptions found">
        Inscriptions sent to your ordinals address will appear here.
      </EmptyState>
    );
  }
  return (
    <ul
      aria-label="Your inscriptions"
      className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {data.map((item) => (
        <HeldInscription key={item.inscriptionId} item={item} />
      ))}
    </ul>
  );
}

function HeldInscription({ item }: { item: AddressInscription }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      <InscriptionIcon inscriptionId={item.inscriptionId} size="md" />
      <div className="flex min-w-0 flex-col">
        <Link
          to={`/inscriptions/${encodeURIComponent(item.inscriptionId)}`}
          className="truncate font-medium text-zinc-100 hover:text-brand-400"
        >
          {inscriptionLabel(item)}
        </Link>
        <span className="truncate text-xs text-zinc-500">
          {item.collectionSlug ?? item.contentType ?? 'Inscription'}
        </span>
      </div>
      <span className="ml-auto whitespace-nowrap text-right text-xs">
        {item.listingId !== null && item.price ? (
          <span className="font-mono text-brand-400">{btcText(wireSats(item.price))}</span>
        ) : item.isMoving ? (
          <span className="text-amber-300">Moving</span>
        ) : (
          <span className="text-zinc-500">Not listed</span>
        )}
      </span>
    </li>
  );
}
