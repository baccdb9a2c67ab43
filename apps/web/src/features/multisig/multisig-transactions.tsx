import { formatDateTime, NO_TRANSACTION_FOUND, satsToBtc } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';
import { CopyTextButton } from './copy-text-button.tsx';
import { multisigQueries } from './multisig.queries.ts';

/** '+0.00100000 BTC' / '-0.00050000 BTC': the net change of the wallet. */
function signedBtc(amount: string): string {
  const sats = BigInt(amount);
  return `${sats > 0n ? '+' : ''}${satsToBtc(sats)} BTC`;
}

/** product.md#records "Multisig transaction": txid, amount, time, confirmations, block height. */
export function MultisigTransactions({ walletId }: { walletId: string }) {
  const history = useQuery(multisigQueries.transactions(walletId));
  if (history.isPending) return <Loading what="transactions" />;
  if (history.isError) return <LoadError what="transactions" error={history.error} />;
  if (history.data.length === 0) return <EmptyState title={NO_TRANSACTION_FOUND} />;
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-800">
      <table className="w-full text-sm">
        <thead className="text-left text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            <th className="px-3 py-2 font-normal">Transaction</th>
            <th className="px-3 py-2 text-right font-normal">Amount</th>
            <th className="px-3 py-2 font-normal">Time</th>
            <th className="px-3 py-2 text-right font-normal">Confirmations</th>
            <th className="px-3 py-2 text-right font-normal">Block</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {history.data.map((tx) => (
            <tr key={tx.txid}>
              <td className="px-3 py-2">
                <span className="flex items-center gap-1 font-mono text-[13px]" title={tx.txid}>
                  {shortenHash(tx.txid)}
                  <CopyTextButton
                    value={tx.txid}
                    label={`Copy transaction ${tx.txid}`}
                    copiedText="Transaction ID copied"
                  />
                </span>
              </td>
              <td
                className={`px-3 py-2 text-right font-mono tabular-nums ${
                  tx.amount.startsWith('-') ? 'text-red-300' : 'text-emerald-300'
                }`}
              >
                {signedBtc(tx.amount)}
              </td>
              <td className="px-3 py-2 text-zinc-300">
                {tx.timestamp === null ? 'In the mempool' : formatDateTime(tx.timestamp * 1000)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{tx.confirmations}</td>
              <td className="px-3 py-2 text-right tabular-nums">{tx.blockHeight ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
