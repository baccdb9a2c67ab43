import type { ColumnType, GeneratedAlways } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** Kysely's view of the table of migrations/0016_claimed_transactions.sql (kinds: 0020, 0024, 0034). Change both together. */

export type ClaimKind =
  | 'purchase'
  | 'multisig'
  | 'auction-settle'
  | 'auction-deposit'
  | 'inscribe'
  | 'inscribe-refund'
  | 'swap'
  | 'reward-payout';
export type ClaimStatus = 'claimed' | 'sent' | 'final' | 'released';

export interface ClaimedTransactionsTable {
  id: GeneratedAlways<string>;
  kind: ClaimKind;
  /** The claimed row: the offer's txid, the multisig transaction's or the auction's id. */
  ref: string;
  /** Final transactions in broadcast order, parents first. */
  hexes: string[];
  txids: string[];
  status: ColumnType<ClaimStatus, ClaimStatus | undefined, ClaimStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClaimTables {
  claimed_transactions: ClaimedTransactionsTable;
}
