import {
  sql,
  type Expression,
  type Kysely,
  type QueryCreator,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { ClaimedTransactionsTable, ClaimKind, ClaimStatus } from '../db/claims.tables.ts';
import type { Database } from '../db/database.ts';

/** The journal of claimed transactions (product.md#trust-findings finding 5, migration 0016). */

export type ClaimedTransaction = Selectable<ClaimedTransactionsTable>;

export type NewClaim = {
  kind: ClaimKind;
  ref: string;
  /** Final transactions in broadcast order, parents first, with their txids. */
  transactions: readonly { hex: string; txid: string }[];
};

/**
 * Records the transactions a claim is made for: call it inside the claim's own database
 * transaction, so that no claim commits without the transaction that fulfils it.
 */
export async function journalClaim(
  trx: Transaction<Database> | Kysely<Database>,
  claim: NewClaim,
): Promise<void> {
  await trx
    .insertInto('claimed_transactions')
    .values({
      kind: claim.kind,
      ref: claim.ref,
      hexes: claim.transactions.map((t) => t.hex),
      txids: claim.transactions.map((t) => t.txid),
    })
    .execute();
}

/** Moves the open journal rows of a claim on (sent once broadcast; released once undone). */
export async function settleJournal(
  trx: Transaction<Database> | Kysely<Database>,
  kind: ClaimKind,
  ref: string,
  status: Exclude<ClaimStatus, 'claimed'>,
): Promise<void> {
  await settleJournalQuery(trx, kind, ref, status).execute();
}

/** settleJournal's update, to run within another statement (a WITH clause) or on its own. */
export function settleJournalQuery(
  qc: QueryCreator<Database>,
  kind: ClaimKind,
  ref: string,
  status: Exclude<ClaimStatus, 'claimed'>,
) {
  return qc
    .updateTable('claimed_transactions')
    .set({ status })
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .where('status', 'in', status === 'sent' ? ['claimed'] : ['claimed', 'sent']);
}

/**
 * Whether the transaction `txid` names is in a claim of `kind` that the node has not taken yet:
 * journalled, its broadcast failed or not done yet, so the claims worker will send it again. Until
 * then a txid shown to a user leads to a transaction no explorer knows.
 */
export function awaitingBroadcast(kind: ClaimKind, txid: Expression<string | null>) {
  return sql<boolean>`exists (select 1 from claimed_transactions c
    where c.kind = ${kind} and c.status = 'claimed' and ${txid} = any(c.txids))`;
}

/** Claims not final yet, oldest first; 'claimed' ones only once older than `graceMs`. */
export async function openClaims(db: Db, graceMs: number): Promise<ClaimedTransaction[]> {
  return db.kysely
    .selectFrom('claimed_transactions')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'sent'),
        eb.and([
          eb('status', '=', 'claimed'),
          eb('created_at', '<', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
}

export async function setClaimStatus(
  db: Db,
  id: string,
  status: ClaimStatus,
  lastError?: string,
): Promise<void> {
  await db.kysely
    .updateTable('claimed_transactions')
    .set((eb) => ({
      status,
      ...(lastError !== undefined
        ? { last_error: lastError, attempts: eb('attempts', '+', 1) }
        : {}),
    }))
    .where('id', '=', id)
    .execute();
}
