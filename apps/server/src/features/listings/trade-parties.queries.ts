import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A trade and its two sides, as its notifications tell them. */
export interface TradeParties {
  inscriptionId: string;
  inscriptionName: string | null;
  price: bigint;
  txid: string | null;
  /** The transaction that took the item first, when the trade was sniped. */
  sniperTxid: string | null;
  /** Every address the buyer is known by (the trade's and the offer's), none empty. */
  buyer: string[];
  seller: string[];
  /** A launch's mint rather than a market sale. */
  isMint: boolean;
}

export async function findTradeParties(
  db: Executor,
  tradeId: string,
): Promise<TradeParties | undefined> {
  const row = await db
    .selectFrom('trade_history as t')
    .innerJoin('orderbook as o', 'o.id', 't.order_id')
    .select([
      't.inscription_id',
      't.inscription_name',
      't.price',
      't.transaction_id',
      't.sniper_transaction_id',
      't.maker_address',
      't.taker_address',
      'o.maker_payment_address',
      'o.maker_ordinal_address',
      'o.taker_payment_address',
      'o.taker_ordinal_address',
      'o.phase_id',
    ])
    .where('t.id', '=', tradeId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    inscriptionId: row.inscription_id,
    inscriptionName: row.inscription_name,
    price: BigInt(row.price),
    txid: row.transaction_id,
    sniperTxid: row.sniper_transaction_id,
    buyer: present([row.taker_address, row.taker_payment_address, row.taker_ordinal_address]),
    seller: present([row.maker_address, row.maker_payment_address, row.maker_ordinal_address]),
    isMint: row.phase_id !== null,
  };
}

function present(addresses: (string | null)[]): string[] {
  return addresses.filter((a): a is string => a !== null && a !== '');
}
