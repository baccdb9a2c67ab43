import type { ColumnType, Generated } from 'kysely';
import type {
  Int8,
  Int8Nullable,
  Numeric,
  Timestamp,
  TimestampNullable,
  TimestampRequired,
} from './column-types.ts';

/** Kysely's view of the tables of migrations/0007_multisig.sql. Change both together. */

export type MultisigWalletKind = 'multisig' | 'maker';

export interface MultisigWalletsTable {
  id: Generated<string>;
  kind: MultisigWalletKind;
  /** Hex, 33-byte compressed. */
  user_public_key: string;
  user_address: string;
  platform_public_key: string;
  witness_script: string;
  address: string;
  created_at: Timestamp;
}

export type MultisigTransactionKind =
  'padding' | 'deposit' | 'withdrawal' | 'inscription-deposit' | 'inscription-withdrawal';

export interface MultisigTransactionsTable {
  /** The txid of the unsigned transaction (all inputs segwit: the final txid). */
  txid: string;
  wallet_id: string;
  kind: MultisigTransactionKind;
  /** Base64 PSBT as built. */
  psbt: string;
  /** The builder's layout (InputRole per input). */
  layout: ColumnType<unknown, string, string>;
  max_fee_rate: Numeric;
  fee: Int8;
  amount: Int8Nullable;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  transaction_id: string | null;
  created_at: Timestamp;
  expires_at: TimestampRequired;
  broadcast_at: TimestampNullable;
}

export interface MultisigTables {
  multisig_wallets: MultisigWalletsTable;
  multisig_transactions: MultisigTransactionsTable;
}
