import {
  base64ToBytes,
  bytesToBase64,
  finalizeSignedPsbt,
  psbtTxid,
  type InputRole,
} from '@om/bitcoin';
import type { BuiltPsbtPayload } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import type { MultisigTransactionKind } from '../../db/multisig.tables.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import { settleJournal } from '../../trading/claimed-transactions.queries.ts';
import { broadcastInOrder, testMempoolAccept } from '../../trading/broadcast.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { cosignerFor } from '../../trading/cosigner.ts';
import { refuseHeldItems, refuseReservedCoins } from '../../trading/reserved-coins.ts';
import {
  claimBroadcast,
  findMultisigTx,
  releaseBroadcast,
  saveMultisigTx,
  type MultisigTxRow,
  type StoredWallet,
} from '../../trading/multisig.queries.ts';

// Every multisig transaction goes the same way (ADR 009): the server builds it and keeps it under
// its txid; the user signs their inputs; the confirm call must bring back exactly that
// transaction, which the platform then co-signs, Bitcoin Core checks, and we broadcast once.

/** A built transaction is good for this long. */
const MULTISIG_TX_TTL_MS = 30 * 60 * 1000;

type Built = {
  psbt: Uint8Array;
  txid: string;
  fee: bigint;
  vsize: number;
  maxFeeRate: number;
  layout: { inputs: readonly InputRole[] };
};

/**
 * Stores what was built and answers it for signing. `addressOf(i)` says which of the user's
 * addresses signs input i (the multisig inputs are signed with the user's payment key).
 */
export async function saveForSigning(
  deps: Pick<AppDeps, 'db'>,
  wallet: StoredWallet,
  kind: MultisigTransactionKind,
  built: Built,
  extra: { amount?: bigint; details?: Record<string, unknown>; addressOf: (i: number) => string },
): Promise<BuiltPsbtPayload> {
  const psbt = bytesToBase64(built.psbt);
  await saveMultisigTx(deps.db, {
    txid: built.txid,
    walletId: wallet.id,
    kind,
    psbt,
    layout: built.layout,
    maxFeeRate: built.maxFeeRate,
    fee: built.fee,
    amount: extra.amount,
    details: extra.details,
    expiresAt: new Date(Date.now() + MULTISIG_TX_TTL_MS),
  });
  return {
    psbt,
    txid: built.txid,
    fee: built.fee.toString(),
    vsize: built.vsize,
    inputsToSign: built.layout.inputs.map((_, index) => ({
      index,
      address: extra.addressOf(index),
    })),
  };
}

/**
 * Finds the stored transaction of a signed PSBT, of one of `kinds` and of `wallet`, not broadcast
 * and not expired; a 400 naming `field` otherwise.
 */
export async function findSigned(
  deps: Pick<AppDeps, 'db'>,
  signedPsbt: string,
  field: string,
  /** walletIds absent: any wallet (a deposit is the user's own coins; nothing to co-sign). */
  accept: { kinds: readonly MultisigTransactionKind[]; walletIds?: readonly string[] },
): Promise<MultisigTxRow> {
  const txid = withTradeErrors(field, () => psbtTxid(signedPsbt));
  const row = await findMultisigTx(deps.db, txid);
  const isOurs =
    row !== undefined &&
    accept.kinds.includes(row.kind) &&
    (accept.walletIds?.includes(row.wallet_id) ?? true);
  if (!row || !isOurs) {
    throw invalidInput(
      `${field}: not a transaction prepared for this wallet; prepare it again`,
      field,
    );
  }
  if (row.transaction_id)
    throw new AppError('CONFLICT', `Transaction ${txid} was already broadcast`);
  if (row.expires_at.getTime() < Date.now()) {
    throw invalidInput(`${field}: the prepared transaction expired; prepare it again`, field);
  }
  return row;
}

/**
 * Adds the platform's signatures to the user's, checks the whole with testmempoolaccept and
 * broadcasts it once: a second confirm of the same transaction gets 409.
 */
export async function cosignAndBroadcast(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  row: MultisigTxRow,
  signedPsbt: string,
  field: string,
): Promise<{ txId: string }> {
  const built = {
    psbt: base64ToBytes(row.psbt) ?? new Uint8Array(),
    layout: row.layout as Built['layout'],
    maxFeeRate: Number(row.max_fee_rate),
  };
  await refuseReservedCoins(deps.db, built.psbt);
  await refuseHeldItems(deps.db, built.psbt);
  const final = withTradeErrors(field, () =>
    finalizeSignedPsbt(signedPsbt, built, [], { cosigner: cosignerFor(deps.env) }),
  );
  await testMempoolAccept(deps.chain, [final.hex]);
  if (!(await claimBroadcast(deps.db, row.txid, final))) {
    throw new AppError('CONFLICT', `Transaction ${row.txid} was already broadcast`);
  }
  try {
    await broadcastInOrder(deps.chain, [final.hex]);
  } catch (err) {
    await releaseBroadcast(deps.db, row.txid);
    throw err;
  }
  await settleJournal(deps.db.kysely, 'multisig', row.txid, 'sent');
  return { txId: final.txid };
}
