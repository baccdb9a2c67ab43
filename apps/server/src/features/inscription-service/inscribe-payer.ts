import type { AppDeps } from '../../app-deps.ts';
import type { InscribeOrderRow } from './inscribe-orders.queries.ts';

/** Where a refund or change goes without a refundAddress: the payment's first input's address. */
export async function payerAddress(
  deps: Pick<AppDeps, 'chain'>,
  order: InscribeOrderRow,
): Promise<string | undefined> {
  if (!order.payment_txid) return undefined;
  const txs = await deps.chain.source.addressTxs(order.charge_address);
  const payment = txs.find((tx) => tx.txid === order.payment_txid);
  return payment?.vin[0]?.prevout?.address ?? undefined;
}
