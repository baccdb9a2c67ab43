import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  BatchInputToSign,
  LaunchDepositLayout,
  LaunchInscriptionsTable,
  PsbtBatchKind,
  PsbtBatchStatus,
} from '../../db/launchpad.tables.ts';
import { slices } from './launchpad.queries.ts';
import { chunks } from '../../shared/chunks.ts';

/**
 * A launch's batches (psbt_batches) as the worker prepares them and the launch's info lists them;
 * signing them is launch-sign.queries.ts.
 */

type Executor = Db['kysely'] | Transaction<Database>;

/** A batch as the launch's info lists it. */
export interface BatchSummary {
  id: string;
  phaseId: string;
  batchNumber: number;
  inscriptionCount: number;
  status: PsbtBatchStatus;
  kind: PsbtBatchKind;
}

/** One of a launch's inscriptions in the creator's order, and the output it sits at. */
export interface LaunchInscription {
  position: number;
  inscriptionId: string;
  /** Where it was when the launch was created. */
  sourceOutpoint: string;
  outpoint: string;
  outputValue: bigint;
  inscriptionOffset: bigint;
  inMakerWallet: boolean;
}

function toLaunchInscription(row: Selectable<LaunchInscriptionsTable>): LaunchInscription {
  return {
    position: row.position,
    inscriptionId: row.inscription_id,
    sourceOutpoint: row.source_outpoint,
    outpoint: row.outpoint,
    outputValue: BigInt(row.output_value),
    inscriptionOffset: BigInt(row.inscription_offset),
    inMakerWallet: row.in_maker_wallet,
  };
}

export async function batchesOf(
  db: Executor,
  phaseIds: readonly string[],
): Promise<BatchSummary[]> {
  if (phaseIds.length === 0) return [];
  const rows = await db
    .selectFrom('psbt_batches')
    .select(['id', 'phase_id', 'batch_number', 'inscription_count', 'status', 'kind'])
    .where('phase_id', 'in', phaseIds)
    .where('status', '<>', 'invalidated')
    .orderBy('phase_id')
    .orderBy('batch_number')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    phaseId: row.phase_id,
    batchNumber: row.batch_number,
    inscriptionCount: row.inscription_count,
    status: row.status,
    kind: row.kind,
  }));
}

export async function launchInscriptionsOf(
  db: Executor,
  launchpadId: string,
): Promise<LaunchInscription[]> {
  const rows = await db
    .selectFrom('launch_inscriptions')
    .selectAll()
    .where('launchpad_id', '=', launchpadId)
    .orderBy('position')
    .execute();
  return rows.map(toLaunchInscription);
}

/** The catalogue terms a launch's listings are built on: its slug, fees and payout. */
export async function launchCatalogue(
  db: Executor,
  collectionId: string,
): Promise<{ slug: string; isZeroFee: boolean; creatorAddress: string | null }> {
  const row = await db
    .selectFrom('collections')
    .select(['slug', 'is_zero_fee', 'creator_btc_address'])
    .where('id', '=', collectionId)
    .executeTakeFirstOrThrow();
  return {
    slug: row.slug,
    isZeroFee: row.is_zero_fee,
    creatorAddress: row.creator_btc_address || null,
  };
}

/** Launches waiting for their batches, oldest first. */
export async function initializingLaunches(db: Db, limit = 20): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('launchpads')
    .select('id')
    .where('status', '=', 'initializing')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** An item of a phase's listing batch: its orderbook row, at its input of the batch's PSBT. */
export interface NewLaunchListing {
  inscriptionId: string;
  collectionId: string;
  phaseId: string;
  /** Its input (and output) in the batch's PSBT. */
  index: number;
  price: bigint;
  outpoint: string;
  outputValue: bigint;
  inscriptionOffset: bigint;
  makerFee: bigint;
  /** The payout address. */
  makerPaymentAddress: string;
  /** The maker wallet's user key, address and witness script. */
  makerPaymentPublicKey: string;
  makerOrdinalAddress: string;
  witnessScript: string;
}

export type NewBatch = {
  phaseId: string;
  batchNumber: number;
  kind: PsbtBatchKind;
  psbt: string;
  txid: string | null;
  layout: LaunchDepositLayout | null;
  inputsToSign: readonly BatchInputToSign[];
  /** Listing batches: its items, in input order. */
  items: readonly NewLaunchListing[];
  inscriptionCount: number;
};

/**
 * A listing's orderbook row: pending until its batch is signed, snipe-protected (the maker
 * wallet's platform key co-signs each mint, ADR 010).
 */
function listingRow(item: NewLaunchListing, batchId: string) {
  return {
    inscription_id: item.inscriptionId,
    collection_id: item.collectionId,
    phase_id: item.phaseId,
    psbt_batch_id: batchId,
    index_in_maker_psbt: item.index,
    status: 'pending' as const,
    price: item.price,
    outpoint: item.outpoint,
    output_value: item.outputValue,
    inscription_offset: item.inscriptionOffset,
    maker_fee: item.makerFee,
    maker_payment_address: item.makerPaymentAddress,
    maker_payment_public_key: item.makerPaymentPublicKey,
    maker_ordinal_address: item.makerOrdinalAddress,
    maker_ordinal_public_key: null,
    psbt_index: item.index,
    witness_script: item.witnessScript,
    is_snipe_protected: true,
  };
}

/**
 * Fresh statistics of the orderbook once a launch goes live (a phase's row per item turned active:
 * 20,000 for 10,000 items in two phases), before its mint opens. Without them the mint's
 * statements plan on the counts of before: PGlite never analyzes (it runs no autovacuum), and a
 * server's autovacuum comes when it comes. Measured in a mint rush (docs/benchmarks.md): the
 * reservation's release of a taker's earlier items walked the phase's free items, 669 buffers a
 * call, and takes its taker index after (10).
 */
export async function analyzeOrderbook(db: Db): Promise<void> {
  await sql`analyze orderbook`.execute(db.kysely);
}

/**
 * Stores the prepared batches and turns the launch to pending_psbt_signature, in one transaction,
 * unless another worker got there first (then nothing is written and false is answered).
 */
export async function savePreparedLaunch(
  db: Db,
  launchpadId: string,
  prepared: {
    batches: readonly NewBatch[];
    outpoints: readonly { position: number; outpoint: string; value: bigint }[];
  },
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const launch = await trx
      .selectFrom('launchpads')
      .select('status')
      .where('id', '=', launchpadId)
      .forUpdate()
      .executeTakeFirst();
    if (launch?.status !== 'initializing') return false;
    // Where the deposits put each inscription: one UPDATE … FROM (VALUES …) a slice of rows.
    for (const slice of slices(prepared.outpoints)) {
      const values = slice.map(
        (o) => sql`(${o.position}::integer, ${o.outpoint}::text, ${o.value}::bigint)`,
      );
      await sql`
        update launch_inscriptions li set outpoint = v.outpoint, output_value = v.value
        from (values ${sql.join(values)}) as v (pos, outpoint, value)
        where li.launchpad_id = ${launchpadId} and li.position = v.pos`.execute(trx);
    }
    for (const batch of prepared.batches) {
      const row = await trx
        .insertInto('psbt_batches')
        .values({
          phase_id: batch.phaseId,
          batch_number: batch.batchNumber,
          inscription_count: batch.inscriptionCount,
          kind: batch.kind,
          psbt: batch.psbt,
          txid: batch.txid,
          layout: batch.layout === null ? null : JSON.stringify(batch.layout),
          inputs_to_sign: JSON.stringify(batch.inputsToSign),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Large launches: insert the items in slices to stay under the bind parameter limit.
      for (const slice of chunks(batch.items, 500)) {
        await trx
          .insertInto('orderbook')
          .values(slice.map((item) => listingRow(item, row.id)))
          .execute();
      }
    }
    await trx
      .updateTable('launchpads')
      .set({ status: 'pending_psbt_signature' })
      .where('id', '=', launchpadId)
      .execute();
    return true;
  });
}

export async function failLaunch(db: Db, launchpadId: string, reason: string): Promise<void> {
  await db.kysely
    .updateTable('launchpads')
    .set({ status: 'failed', failed_reason: reason })
    .where('id', '=', launchpadId)
    .where('status', '=', 'initializing')
    .execute();
}
