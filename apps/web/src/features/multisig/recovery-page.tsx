import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { MultisigAccountGate } from './account-gate.tsx';
import { multisigQueries } from './multisig.queries.ts';
import type { MultisigAccount } from './multisig-wallet.ts';
import { WalletRecovery } from './wallet-recovery.tsx';

/**
 * /wallet/recovery (ADR 009 "Recovery"): the way out that needs nothing from us but the list of
 * coins. The transaction is built and finalized in this page and signed by the user's wallet.
 */
export function RecoveryPage() {
  return (
    <Page
      title="Recover without us"
      subtitle="Your key alone can move your coins after 144 blocks."
    >
      <div className="flex max-w-3xl flex-col gap-2 text-sm text-zinc-300">
        <p>
          Each coin of your multisig and maker wallets is locked by a script with two ways out: your
          key and ours together, or your key alone once the coin is 144 blocks deep (about a day).
          The second way needs no signature from us.
        </p>
        <p>
          Here the recovery transaction is built in your browser from the wallet&apos;s script,
          signed by your wallet and finalized without us. You get the raw transaction to broadcast
          through any node or block explorer, or through this site while it is up.
        </p>
      </div>
      <MultisigAccountGate>{(account) => <Recoveries account={account} />}</MultisigAccountGate>
      <Link to="/wallet" className="text-sm text-brand-400 hover:underline">
        Back to the multisig wallet
      </Link>
    </Page>
  );
}

function Recoveries({ account }: { account: MultisigAccount }) {
  const multisig = useQuery(multisigQueries.wallet('multisig', account));
  const maker = useQuery(multisigQueries.wallet('maker', account));
  const wallets = [
    // The maker wallet holds inscriptions: by default they go back to the ordinals address.
    { query: multisig, what: 'your multisig wallet', recipient: account.account.paymentAddress },
    { query: maker, what: 'your maker wallet', recipient: account.account.ordinalsAddress },
  ];
  return wallets.map(({ query, what, recipient }) =>
    query.isPending ? (
      <Loading key={what} what={what} />
    ) : query.isError ? (
      <LoadFailed key={what} what={what} error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <WalletRecovery
        key={what}
        account={account}
        target={query.data}
        defaultRecipient={recipient}
      />
    ),
  );
}
