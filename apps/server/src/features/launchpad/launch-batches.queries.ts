import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  BatchInputToSign,
  LaunchDepositLayout,
  LaunchInscriptionsTable,
  PsbtBatchesTable,
  PsbtBatchKind,
  PsbtBatchStatus,
} from '../../db/launchpad.tables.ts';
import { LISTING_ROW_COLUMNS, toListing, type Listing } from '../../trading/listings.queries.ts';
import { notifyLaunchLive } from './launch-live-notify.ts';
import { slices } from './launchpad.queries.ts';

/** A launch's batches (psbt_batches) as the worker prepares them and the creator signs them. */

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

/** A batch to sign, with its launch and phase. */
export interface Batch extends BatchSummary {
  launchpadId: string;
  phaseNumber: number;
  /** Base64, as built. */
  psbt: string;
  /** The deposit's txid (fixed before signing); null for a listing. */
  txid: string | null;
  inputsToSign: BatchInputToSign[];
  /** A deposit's layout; null for a listing. */
  layout: LaunchDepositLayout | null;
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
      for (let i = 0; i < batch.items.length; i += 500) {
        const slice = batch.items.slice(i, i + 500);
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

export async function findBatch(db: Executor, id: string): Promise<Batch | undefined> {
  const row = await db
    .selectFrom('psbt_batches as b')
    .innerJoin('launchpad_phases as p', 'p.id', 'b.phase_id')
    .selectAll('b')
    .select(['p.launchpad_id', 'p.phase_number'])
    .where('b.id', '=', id)
    .executeTakeFirst();
  return row && toBatch(row);
}

function toBatch(
  row: Selectable<PsbtBatchesTable> & { launchpad_id: string; phase_number: number },
): Batch {
  return {
    id: row.id,
    phaseId: row.phase_id,
    batchNumber: row.batch_number,
    inscriptionCount: row.inscription_count,
    status: row.status,
    kind: row.kind,
    launchpadId: row.launchpad_id,
    phaseNumber: row.phase_number,
    psbt: row.psbt,
    txid: row.txid,
    inputsToSign: row.inputs_to_sign,
    layout: row.layout,
  };
}

/** A listing batch's orderbook rows, in input order. */
export async function batchItems(db: Executor, batchId: string): Promise<Listing[]> {
  const rows = await db
    .selectFrom('orderbook')
    .select(LISTING_ROW_COLUMNS)
    .where('psbt_batch_id', '=', batchId)
    .orderBy('index_in_maker_psbt')
    .execute();
  return rows.map(toListing);
}

/** A listing row's own seller witness, hex items: what its mint needs of the signed batch. */
export type ListingWitness = { id: string; witness: readonly string[] };

/**
 * Records a signed batch, and each of its listing rows' own witness (they turn active), then
 * promotes: a phase whose batches are all signed is 'signed'; a launch whose batches are all
 * signed is 'active', with its phases. Answers the launch's status, or undefined when the batch
 * was signed meanwhile.
 */
export async function markBatchSigned(
  db: Db,
  batch: { id: string; phaseId: string; launchpadId: string },
  signedPsbt: string,
  witnesses: readonly ListingWitness[],
): Promise<string | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const signed = await trx
      .updateTable('psbt_batches')
      .set({ status: 'signed', signed_psbt: signedPsbt, signed_at: new Date() })
      .where('id', '=', batch.id)
      .where('status', '=', 'pending')
      .returning('kind')
      .executeTakeFirst();
    if (!signed) return undefined;
    // One statement for the batch's (at most 100) rows: a few hundred parameters.
    if (signed.kind === 'listing' && witnesses.length > 0) {
      const values = witnesses.map((w) => sql`(${w.id}::uuid, ${[...w.witness]}::text[])`);
      await sql`
        update orderbook o set status = 'active', maker_witness = v.witness
        from (values ${sql.join(values)}) as v (id, witness)
        where o.id = v.id and o.psbt_batch_id = ${batch.id} and o.status = 'pending'`.execute(trx);
    }
    const open = await trx
      .selectFrom('psbt_batches as b')
      .innerJoin('launchpad_phases as p', 'p.id', 'b.phase_id')
      .select(['b.phase_id'])
      .where('p.launchpad_id', '=', batch.launchpadId)
      .where('b.status', '=', 'pending')
      .execute();
    const openPhases = new Set(open.map((r) => r.phase_id));
    if (!openPhases.has(batch.phaseId)) {
      await trx
        .updateTable('launchpad_phases')
        .set({ status: 'signed' })
        .where('id', '=', batch.phaseId)
        .where('status', '=', 'pending')
        .execute();
    }
    if (open.length > 0) return 'pending_psbt_signature';
    await trx
      .updateTable('launchpad_phases')
      .set({ status: 'active' })
      .where('launchpad_id', '=', batch.launchpadId)
      .execute();
    const live = await trx
      .updateTable('launchpads')
      .set({ status: 'active' })
      .where('id', '=', batch.launchpadId)
      .where('status', '=', 'pending_psbt_signature')
      .executeTakeFirst();
    if (live.numUpdatedRows > 0n) await notifyLaunchLive(trx, batch.launchpadId);
    return 'active';
  });
}

/** Deposit batches of a launch before this one that are not signed yet (they broadcast in order). */
export async function unsignedDepositsBefore(
  db: Executor,
  phaseId: string,
  batchNumber: number,
): Promise<number> {
  const row = await db
    .selectFrom('psbt_batches')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('phase_id', '=', phaseId)
    .where('kind', '=', 'deposit')
    .where('status', '=', 'pending')
    .where('batch_number', '<', batchNumber)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
