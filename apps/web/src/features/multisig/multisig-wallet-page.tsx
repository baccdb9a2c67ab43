import { FAILED_TO_FETCH_BALANCE } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { MultisigAccountGate } from './account-gate.tsx';
import { DepositForm } from './deposit-form.tsx';
import { MakerWalletSection } from './maker-wallet-section.tsx';
import { multisigQueries } from './multisig.queries.ts';
import { MultisigTransactions } from './multisig-transactions.tsx';
import type { MultisigAccount } from './multisig-wallet.ts';
import { PaddingForm } from './padding-form.tsx';
import type { WalletSession } from './wallet-actions.mutations.ts';
import { WalletSummary } from './wallet-summary.tsx';
import { useMultisigChainRefresh } from './use-multisig-chain-refresh.ts';
import { WithdrawForm } from './withdraw-form.tsx';

/** /wallet: the multisig wallet (padding, deposits, withdrawals) and the maker wallet (ADR 009). */
export function MultisigWalletPage() {
  return (
    <Page
      title="Multisig wallet"
      subtitle="A 2-of-2 between your payment key and ours; after 144 blocks your key alone can move each coin."
    >
      <MultisigAccountGate>{(account) => <Wallets account={account} />}</MultisigAccountGate>
    </Page>
  );
}

function Wallets({ account }: { account: MultisigAccount }) {
  useMultisigChainRefresh();
  const multisig = useQuery(multisigQueries.wallet('multisig', account));
  const maker = useQuery(multisigQueries.wallet('maker', account));
  if (multisig.isPending) return <Loading what="your multisig wallet" />;
  if (multisig.isError) {
    return (
      <LoadFailed
        what="your multisig wallet"
        error={multisig.error}
        onRetry={() => void multisig.refetch()}
      />
    );
  }
  return (
    <>
      <MultisigSection session={{ ...account, target: multisig.data }} />
      {maker.isPending ? (
        <Loading what="your maker wallet" />
      ) : maker.isError ? (
        <LoadFailed
          what="your maker wallet"
          error={maker.error}
          onRetry={() => void maker.refetch()}
        />
      ) : (
        <MakerWalletSection session={{ ...account, target: maker.data }} />
      )}
      <p className="text-sm text-zinc-400">
        If we are ever gone, you can still{' '}
        <Link to="/wallet/recovery" className="text-brand-400 hover:underline">
          recover both wallets without us
        </Link>
        .
      </p>
    </>
  );
}

function MultisigSection({ session }: { session: WalletSession }) {
  const coins = useQuery(multisigQueries.utxos(session.target.info.id));
  const { error, errorUpdatedAt } = coins;
  useEffect(() => {
    // product.md#errors; one toast per failed poll, replaced rather than stacked.
    if (error) {
      toast.error(FAILED_TO_FETCH_BALANCE, {
        id: 'multisig-balance',
        description: errorMessage(error),
      });
    }
  }, [error, errorUpdatedAt]);

  return (
    <>
      <WalletSummary
        label="Multisig wallet"
        address={session.target.info.address}
        coins={coins.data}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <DepositForm session={session} />
        <PaddingForm session={session} paddingCount={coins.data?.paddingCount} />
        <WithdrawForm session={session} coins={coins.data} />
      </div>
      <section aria-labelledby="multisig-transactions" className="flex flex-col gap-3">
        <h2 id="multisig-transactions" className="text-lg font-semibold text-zinc-50">
          Transactions
        </h2>
        <MultisigTransactions walletId={session.target.info.id} />
      </section>
    </>
  );
}
