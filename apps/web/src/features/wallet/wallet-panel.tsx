import { satsToBtc } from '@om/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { CopyIcon } from '../../components/ui/icons.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { DevToolsSection } from './dev-tools-section.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';
import { pendingTransactions } from './pending-transactions.ts';
import { walletName } from './wallet-catalog.ts';
import { useWallet } from './wallet-context.ts';
import { walletQueries } from './wallet.queries.ts';
import type { WalletAccount } from './wallet.types.ts';

type Props = { open: boolean; onClose: () => void; wallet: WalletAccount };

export function WalletPanel({ open, onClose, wallet }: Props) {
  const { disconnect } = useWallet();
  const config = useAppConfig();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Wallet"
      placement="right"
      className="overflow-y-auto"
    >
      <div className="flex flex-col gap-5 p-5">
        <p className="text-zinc-400">
          {walletName(wallet.id)}
          {config ? ` · ${config.network}` : null}
        </p>
        <BalanceCard address={wallet.paymentAddress} />
        <PendingTransactions addresses={[wallet.paymentAddress, wallet.ordinalsAddress]} />
        <AddressRow label="Payment address" address={wallet.paymentAddress} />
        <AddressRow label="Ordinals address" address={wallet.ordinalsAddress} />
        <Link
          to="/wallet"
          onClick={onClose}
          className="rounded-lg border border-zinc-800 px-3 py-2 text-sm text-zinc-200 hover:bg-zinc-800"
        >
          Multisig wallet: padding, deposits and withdrawals
        </Link>
        {config?.devTools ? <DevToolsSection address={wallet.paymentAddress} /> : null}
        <Button
          variant="danger"
          onClick={() => {
            onClose();
            disconnect();
          }}
        >
          Disconnect
        </Button>
      </div>
    </Dialog>
  );
}

function BalanceCard({ address }: { address: string }) {
  const { data, isPending, isError } = useQuery(walletQueries.balance(address));
  const total = data ? data.confirmed + data.unconfirmed : undefined;
  return (
    <section aria-label="Balance" className="rounded-xl border border-zinc-800 bg-zinc-950/60 p-4">
      <h3 className="text-xs uppercase tracking-wide text-zinc-500">Balance</h3>
      <p className="mt-1 font-mono text-xl tabular-nums text-zinc-50">
        {total !== undefined
          ? `${satsToBtc(total)} BTC`
          : isPending
            ? 'Loading…'
            : isError
              ? 'Balance unavailable'
              : '—'}
      </p>
      {data ? (
        <p className="mt-1 font-mono text-xs tabular-nums text-zinc-500">
          {satsToBtc(data.confirmed)} confirmed · {satsToBtc(data.unconfirmed)} pending
        </p>
      ) : null}
    </section>
  );
}

/** The user's transactions still waiting for a block, from both addresses, polled every 8 s. */
function PendingTransactions({ addresses }: { addresses: string[] }) {
  const unique = [...new Set(addresses)];
  const results = useQueries({ queries: unique.map((address) => walletQueries.txs(address)) });
  if (results.some((r) => !r.data)) return null;
  const pending = pendingTransactions(
    results.map((r) => r.data ?? []),
    unique,
  );
  return (
    <section aria-label="Pending transactions" className="flex flex-col gap-1">
      <h3 className="text-xs uppercase tracking-wide text-zinc-500">Pending transactions</h3>
      {pending.length === 0 ? (
        <p className="text-sm text-zinc-500">None: everything is confirmed.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {pending.map(({ txid, net }) => (
            <li key={txid} className="flex items-center justify-between gap-3 text-sm">
              <span className="font-mono text-[13px] text-zinc-300" title={txid}>
                {shortenHash(txid)}
              </span>
              <span
                className={`font-mono tabular-nums ${net < 0n ? 'text-red-300' : 'text-emerald-300'}`}
              >
                {net < 0n ? '−' : '+'}
                {satsToBtc(net < 0n ? -net : net)} BTC
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddressRow({ label, address }: { label: string; address: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success('Content successfully copied to clipboard.');
    } catch (error) {
      console.warn(error);
      toast.error('Could not copy to the clipboard.');
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs uppercase tracking-wide text-zinc-500">{label}</span>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all font-mono text-[13px] text-zinc-200">
          {address}
        </code>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={`Copy ${label.toLowerCase()}`}
          className="rounded-md p-1 text-zinc-500 hover:bg-zinc-800 hover:text-zinc-100"
        >
          <CopyIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
