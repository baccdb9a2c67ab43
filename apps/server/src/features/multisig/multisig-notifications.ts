import { satsToBtc } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { notify } from '../notifications/notifications.service.ts';

/**
 * A withdrawal from a multisig wallet is mined (ADR 018): its owner hears it, at the
 * wallet's user address and the recipient. Keyed per transaction; the claims worker calls it once
 * the transaction is final, and a second call adds nothing.
 */
export async function notifyWithdrawalMined(db: Db, txid: string): Promise<void> {
  const row = await db.kysely
    .selectFrom('multisig_transactions as t')
    .innerJoin('multisig_wallets as w', 'w.id', 't.wallet_id')
    .select(['t.kind', 't.amount', 't.details', 't.transaction_id', 'w.user_address'])
    .where('t.txid', '=', txid)
    .executeTakeFirst();
  if (!row || (row.kind !== 'withdrawal' && row.kind !== 'inscription-withdrawal')) return;
  const recipient =
    typeof row.details.recipientAddress === 'string' ? row.details.recipientAddress : undefined;
  const isInscription = row.kind === 'inscription-withdrawal';
  await notify(db.kysely, {
    to: [row.user_address, ...(recipient ? [recipient] : [])],
    type: 'withdrawal_confirmed',
    title: isInscription
      ? 'Your inscription withdrawal is confirmed'
      : 'Your withdrawal is confirmed',
    body: isInscription
      ? 'The inscriptions left your multisig wallet; the transaction is mined.'
      : `${satsToBtc(BigInt(row.amount ?? 0))} BTC left your multisig wallet; the transaction is mined.`,
    payload: {
      txid: row.transaction_id ?? txid,
      amountSats: row.amount ?? null,
      link: `/tx/${row.transaction_id ?? txid}`,
    },
    dedupeKey: `withdrawal:${txid}`,
  });
}
