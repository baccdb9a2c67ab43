import { satsToBtc, type ChainTx } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import { chainQueries } from '../../shared/chain.queries.ts';

/**
 * /tx/{txid}: our own transaction view, where transaction ids link on regtest (no public
 * explorer knows its chain): its status, fee and size, what it spent and what it pays.
 */
export function TransactionPage() {
  const { txid = '' } = useParams();
  const query = useQuery(chainQueries.tx(txid));
  return (
    <Page
      title="Transaction"
      subtitle={<span className="break-all font-mono text-sm">{txid}</span>}
    >
      {query.isPending ? (
        <Loading what="the transaction" />
      ) : query.isError ? (
        <LoadFailed
          what="the transaction"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <TransactionView tx={query.data} />
      )}
    </Page>
  );
}

function TransactionView({ tx }: { tx: ChainTx }) {
  const vsize = Math.ceil(tx.weight / 4);
  return (
    <div className="flex flex-col gap-4">
      <TrackedTransaction txid={tx.txid} label="Status" keep />
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-zinc-500">Fee</dt>
        <dd className="font-mono text-zinc-100">{satsToBtc(BigInt(tx.fee))} BTC</dd>
        <dt className="text-zinc-500">Size</dt>
        <dd className="font-mono text-zinc-100">{vsize} vB</dd>
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <Outputs
          title="Inputs"
          rows={tx.vin.map((input) => ({
            key: `${input.txid}:${input.vout}`,
            address: input.is_coinbase ? 'Coinbase' : input.prevout?.scriptpubkey_address,
            value: input.prevout?.value,
          }))}
        />
        <Outputs
          title="Outputs"
          rows={tx.vout.map((output, vout) => ({
            key: String(vout),
            address: output.scriptpubkey_address,
            value: output.value,
          }))}
        />
      </div>
    </div>
  );
}

function Outputs({
  title,
  rows,
}: {
  title: string;
  rows: { key: string; address: string | undefined; value: string | undefined }[];
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="font-medium text-zinc-100">{title}</h2>
      <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
        {rows.map((row) => (
          <li key={row.key} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 break-all font-mono text-[13px] text-zinc-300">
              {row.address ?? 'No address (script only)'}
            </span>
            <span className="whitespace-nowrap font-mono text-zinc-100">
              {row.value === undefined ? '—' : `${satsToBtc(BigInt(row.value))} BTC`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
