import type { EditionOrderStatus } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';
import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import { editionMintQueries } from './edition-mint.queries.ts';

const ORDER_STATUS_TEXT: Record<EditionOrderStatus, string> = {
  awaiting_payment: 'Waiting for your payment.',
  paid: 'Paid: the editions are being inscribed.',
  inscribed: 'Inscribed: the editions are on their way to your wallet.',
  expired: 'Expired: no payment arrived in time, so the editions went back.',
  refund_due: 'The payment could not be inscribed: it is to be refunded.',
  refunding: 'The payment could not be inscribed: it is being refunded to your payment address.',
  refunded: 'Refunded: the payment went back to your payment address.',
};

/** The edition order, followed: its status, its payment and reveal, and each edition's page. */
export function EditionOrderView({ orderId }: { orderId: string }) {
  const query = useQuery(editionMintQueries.order(orderId));
  if (query.isPending) return <Loading what="your order" />;
  if (query.isError) {
    return (
      <LoadFailed what="your order" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const order = query.data;
  return (
    <section aria-label="Your order" className="flex flex-col gap-3">
      <p role="status" aria-label="Order status" className="text-sm text-zinc-300">
        {ORDER_STATUS_TEXT[order.status]}
      </p>
      {order.commitTxId ? <TrackedTransaction txid={order.commitTxId} label="Payment" /> : null}
      {order.revealTxId ? <TrackedTransaction txid={order.revealTxId} label="Reveal" /> : null}
      {order.refundTxId ? <TrackedTransaction txid={order.refundTxId} label="Refund" /> : null}
      {order.inscriptionIds.length > 0 ? (
        <ul aria-label="Your editions" className="flex flex-col gap-1 text-sm">
          {order.inscriptionIds.map((id, index) => (
            <li key={id}>
              <Link
                to={`/inscriptions/${encodeURIComponent(id)}`}
                className="font-mono text-brand-400 hover:underline"
                title={id}
              >
                Edition {index + 1}: {shortenHash(id)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
