import type { AppDeps } from '../../app-deps.ts';
import type { InscribeOrder } from './inscribe-orders.queries.ts';

/** Where a refund or change goes without a refundAddress: the payment's first input's address. */
export async function payerAddress(
  deps: Pick<AppDeps, 'chain'>,
  order: InscribeOrder,
): Promise<string | undefined> {
  if (!order.paymentTxid) return undefined;
  const txs = await deps.chain.source.addressTxs(order.chargeAddress);
  const payment = txs.find((tx) => tx.txid === order.paymentTxid);
  return payment?.vin[0]?.prevout?.address ?? undefined;
}
