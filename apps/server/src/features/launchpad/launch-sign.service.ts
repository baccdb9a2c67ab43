import { bytesToHex, finalizeSignedPsbt, verifySignedListing } from '@om/bitcoin';
import type { LaunchPsbtPayload } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, invalidInput, notFound } from '../../http/app-error.ts';
import { broadcastInOrder, testMempoolAccept } from '../../trading/broadcast.ts';
import { listedItemsOf } from '../../trading/listed-item.ts';
import { listingProblemsError, withTradeErrors } from '../../trading/trade-errors.ts';
import {
  batchItems,
  findBatch,
  markBatchSigned,
  unsignedDepositsBefore,
  type ListingWitness,
} from './launch-sign.queries.ts';
import { findLaunch } from './launch-read.queries.ts';
import { analyzeOrderbook } from './launch-batches.queries.ts';

// GET /api/launchpad/get-psbt/{psbtId} and PUT /api/launchpad/confirm/{psbtId}
// (product.md#creator-calls, ADR 010). A deposit is checked to be exactly the transaction built,
// finalized, accepted by the node and broadcast; a listing batch's signatures are checked against
// their digests and each is kept with its own orderbook row (maker_witness), which is all a mint
// reads. The signatures are the authority: whoever sends them, only the creator's keys make them
// valid.

export async function getLaunchPsbt(
  deps: Pick<AppDeps, 'db'>,
  psbtId: string,
): Promise<LaunchPsbtPayload> {
  const batch = await findBatch(deps.db.kysely, psbtId);
  if (!batch || batch.status === 'invalidated') throw notFound(`PSBT ${psbtId} not found`);
  return { id: batch.id, psbt: batch.psbt, kind: batch.kind, inputsToSign: batch.inputsToSign };
}

export async function confirmLaunchPsbt(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  psbtId: string,
  signedPsbt: string,
): Promise<{ id: string; status: 'signed'; txId: string | null; launchpadStatus: string }> {
  const { db, chain, env } = deps;
  const batch = await findBatch(db.kysely, psbtId);
  if (!batch || batch.status === 'invalidated') throw notFound(`PSBT ${psbtId} not found`);
  if (batch.status === 'signed') throw new AppError('CONFLICT', 'Psbt already signed');
  const launch = await findLaunch(db.kysely, batch.launchpadId);
  if (!launch) throw notFound(`PSBT ${psbtId} not found`);
  if (launch.status !== 'pending_psbt_signature') {
    throw new AppError('CONFLICT', `The launch is ${launch.status}: nothing to sign`);
  }

  let txId: string | null = null;
  let witnesses: ListingWitness[] = [];
  if (batch.kind === 'deposit') {
    if ((await unsignedDepositsBefore(db.kysely, batch.phaseId, batch.batchNumber)) > 0) {
      throw invalidInput(
        'signedPsbt: sign the earlier deposits of this launch first',
        'signedPsbt',
      );
    }
    const { layout } = batch;
    if (!layout) throw new AppError('CONFLICT', `PSBT ${psbtId} is a deposit without its layout`);
    const final = withTradeErrors('signedPsbt', () =>
      finalizeSignedPsbt(signedPsbt, {
        psbt: Buffer.from(batch.psbt, 'base64'),
        layout,
        maxFeeRate: layout.maxFeeRate ?? env.MAX_FEE_RATE,
      }),
    );
    if (final.txid !== batch.txid) {
      throw invalidInput('signedPsbt: not the deposit of this batch', 'signedPsbt');
    }
    await testMempoolAccept(chain, [final.hex]);
    [txId = null] = await broadcastInOrder(chain, [final.hex]);
  } else {
    const items = await batchItems(db.kysely, batch.id);
    const verification = verifySignedListing(signedPsbt, listedItemsOf(items, env.BITCOIN_NETWORK));
    if (!verification.ok) throw listingProblemsError('signedPsbt', verification.problems);
    witnesses = verification.signatures.map((signature, i) => ({
      id: items[i]?.id ?? '',
      witness: signature.witness.map((item) => bytesToHex(item)),
    }));
  }
  const launchpadStatus = await markBatchSigned(
    db,
    { id: batch.id, phaseId: batch.phaseId, launchpadId: batch.launchpadId },
    signedPsbt,
    witnesses,
  );
  if (!launchpadStatus) throw new AppError('CONFLICT', 'Psbt already signed');
  // The last signature put the launch live: every item's row turned active at once.
  if (launchpadStatus === 'active') await analyzeOrderbook(db);
  return { id: batch.id, status: 'signed', txId, launchpadStatus };
}
