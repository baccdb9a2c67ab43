import type { Selectable } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type {
  MultisigTransactionKind,
  MultisigTransactionsTable,
  MultisigWalletKind,
  MultisigWalletsTable,
} from '../db/multisig.tables.ts';
import { journalClaim, settleJournal } from './claimed-transactions.queries.ts';

/** The multisig and maker wallets (0007_multisig) and the transactions built for them. */

/** A multisig or maker wallet as stored (keys and witness script hex). */
export interface StoredWallet {
  id: string;
  kind: MultisigWalletKind;
  userPublicKey: string;
  userAddress: string;
  platformPublicKey: string;
  witnessScript: string;
  address: string;
  createdAt: Date;
}

function toStoredWallet(row: Selectable<MultisigWalletsTable>): StoredWallet {
  return {
    id: row.id,
    kind: row.kind,
    userPublicKey: row.user_public_key,
    userAddress: row.user_address,
    platformPublicKey: row.platform_public_key,
    witnessScript: row.witness_script,
    address: row.address,
    createdAt: row.created_at,
  };
}
export type MultisigTxRow = Selectable<MultisigTransactionsTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The wallet of this kind and key, made on first use; a later call updates the user's address. */
export async function upsertWallet(
  db: Db,
  row: {
    kind: MultisigWalletKind;
    userPublicKey: string;
    userAddress: string;
    platformPublicKey: string;
    witnessScript: string;
    address: string;
  },
): Promise<StoredWallet> {
  // No conflict target: every unique index (the address, and kind with the user key) arbitrates.
  // With one target, two first requests for a key at once (a new maker's launch and wallet page)
  // could both pass its check and one fail on the address index instead: a 500 (CI run 25).
  const inserted = await db.kysely
    .insertInto('multisig_wallets')
    .values({
      kind: row.kind,
      user_public_key: row.userPublicKey,
      user_address: row.userAddress,
      platform_public_key: row.platformPublicKey,
      witness_script: row.witnessScript,
      address: row.address,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return toStoredWallet(inserted);
  const updated = await db.kysely
    .updateTable('multisig_wallets')
    .set({ user_address: row.userAddress })
    .where('kind', '=', row.kind)
    .where('user_public_key', '=', row.userPublicKey)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStoredWallet(updated);
}

/** By the wallet's id or its address. */
export async function findWallet(db: Db, idOrAddress: string): Promise<StoredWallet | undefined> {
  const query = db.kysely.selectFrom('multisig_wallets').selectAll();
  const row = await (UUID.test(idOrAddress)
    ? query.where('id', '=', idOrAddress.toLowerCase()).executeTakeFirst()
    : query.where('address', '=', idOrAddress).executeTakeFirst());
  return row && toStoredWallet(row);
}

export async function findWalletOfKey(
  db: Db,
  kind: MultisigWalletKind,
  userPublicKey: string,
): Promise<StoredWallet | undefined> {
  const row = await db.kysely
    .selectFrom('multisig_wallets')
    .selectAll()
    .where('kind', '=', kind)
    .where('user_public_key', '=', userPublicKey)
    .executeTakeFirst();
  return row && toStoredWallet(row);
}

/** Every wallet at these addresses (a purchase or a listing asks which coins are whose). */
export async function walletsAt(db: Db, addresses: readonly string[]): Promise<StoredWallet[]> {
  if (addresses.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('multisig_wallets')
    .selectAll()
    .where('address', 'in', addresses)
    .execute();
  return rows.map(toStoredWallet);
}

export async function saveMultisigTx(
  db: Db,
  row: {
    txid: string;
    walletId: string;
    kind: MultisigTransactionKind;
    psbt: string;
    layout: unknown;
    maxFeeRate: number;
    fee: bigint;
    amount?: bigint;
    details?: Record<string, unknown>;
    expiresAt: Date;
  },
): Promise<void> {
  const values = {
    txid: row.txid,
    wallet_id: row.walletId,
    kind: row.kind,
    psbt: row.psbt,
    layout: JSON.stringify(row.layout),
    max_fee_rate: row.maxFeeRate,
    fee: row.fee,
    amount: row.amount ?? null,
    details: JSON.stringify(row.details ?? {}),
    expires_at: row.expiresAt,
  };
  // The same coins and outputs give the same txid: a second request renews the first.
  await db.kysely
    .insertInto('multisig_transactions')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('txid')
        .doUpdateSet({ expires_at: row.expiresAt })
        .where('multisig_transactions.transaction_id', 'is', null),
    )
    .execute();
}

export async function findMultisigTx(db: Db, txid: string): Promise<MultisigTxRow | undefined> {
  return db.kysely
    .selectFrom('multisig_transactions')
    .selectAll()
    .where('txid', '=', txid)
    .executeTakeFirst();
}

/**
 * Marks it broadcast, once, and journals its final transaction with the claim
 * (product.md#trust-findings finding 5): false when another request already did.
 */
export async function claimBroadcast(
  db: Db,
  txid: string,
  final: { hex: string; txid: string },
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('multisig_transactions')
      .set({ transaction_id: txid, broadcast_at: new Date() })
      .where('txid', '=', txid)
      .where('transaction_id', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await journalClaim(trx, { kind: 'multisig', ref: txid, transactions: [final] });
    return true;
  });
}

/** Undoes claimBroadcast when the node refused the transaction, or another spent its inputs. */
export async function releaseBroadcast(db: Db, txid: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('multisig_transactions')
      .set({ transaction_id: null, broadcast_at: null })
      .where('txid', '=', txid)
      .execute();
    await settleJournal(trx, 'multisig', txid, 'released');
  });
}
