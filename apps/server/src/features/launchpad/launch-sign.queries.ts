import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  BatchInputToSign,
  LaunchDepositLayout,
  PsbtBatchesTable,
} from '../../db/launchpad.tables.ts';
import { LISTING_ROW_COLUMNS, toListing, type Listing } from '../../trading/listings.queries.ts';
import type { BatchSummary } from './launch-batches.queries.ts';
import { notifyLaunchLive } from './launch-live-notify.ts';

/** Signing a launch's batches: the batch, its listings, and what a signature promotes. */

type Executor = Db['kysely'] | Transaction<Database>;

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
