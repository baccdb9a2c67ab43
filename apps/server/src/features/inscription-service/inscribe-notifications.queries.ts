import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { InscribeTables } from '../../db/inscribe.tables.ts';
import type { InscribeOrder } from './inscribe-order.types.ts';

// What an order's notification says (inscribe-notifications.ts): the order, and for an edition
// its terms and launch. Apart from inscribe-orders.queries.ts, which notifies from its moves.

export type OrderNotice = Pick<
  InscribeOrder,
  | 'orderType'
  | 'receiveAddress'
  | 'refundAddress'
  | 'brc20Tick'
  | 'brc20Amt'
  | 'fileCount'
  | 'revealTxid'
  | 'refundTxid'
  | 'refundAmount'
  | 'refundReason'
> & {
  /** An edition order's payer, its count and its launch's slug (null for other orders). */
  takerPaymentAddress: string | null;
  mintCount: number | null;
  slug: string | null;
};

/** The order's notice, read in the transaction that moves it. */
export async function orderNotice(
  trx: Transaction<Database>,
  id: string,
): Promise<OrderNotice | undefined> {
  const row = await trx
    .withTables<InscribeTables>()
    .selectFrom('inscribe_orders as o')
    .leftJoin('edition_orders as e', 'e.id', 'o.id')
    .leftJoin('launchpads as l', 'l.id', 'e.launchpad_id')
    .select([
      'o.order_type',
      'o.receive_address',
      'o.refund_address',
      'o.brc20_tick',
      'o.brc20_amt',
      'o.file_count',
      'o.reveal_txid',
      'o.refund_txid',
      'o.refund_amount',
      'o.refund_reason',
      'e.taker_payment_address',
      'e.mint_count',
      'l.slug',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  return row && toOrderNotice(row);
}

function toOrderNotice(row: {
  order_type: Selectable<InscribeTables['inscribe_orders']>['order_type'];
  receive_address: string;
  refund_address: string | null;
  brc20_tick: string | null;
  brc20_amt: string | null;
  file_count: number;
  reveal_txid: string | null;
  refund_txid: string | null;
  refund_amount: string | null;
  refund_reason: InscribeOrder['refundReason'];
  taker_payment_address: string | null;
  mint_count: number | null;
  slug: string | null;
}): OrderNotice {
  return {
    orderType: row.order_type,
    receiveAddress: row.receive_address,
    refundAddress: row.refund_address,
    brc20Tick: row.brc20_tick,
    brc20Amt: row.brc20_amt,
    fileCount: row.file_count,
    revealTxid: row.reveal_txid,
    refundTxid: row.refund_txid,
    refundAmount: row.refund_amount === null ? null : BigInt(row.refund_amount),
    refundReason: row.refund_reason,
    takerPaymentAddress: row.taker_payment_address,
    mintCount: row.mint_count,
    slug: row.slug,
  };
}
