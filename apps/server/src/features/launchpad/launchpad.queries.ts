import { LAUNCHPAD_SLUG_TAKEN, type InscriptionEntry, type SubmittedPhase } from '@om/core';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  BatchInputToSign,
  LaunchpadStatus,
  LaunchpadType,
  PsbtBatchKind,
} from '../../db/launchpad.tables.ts';
import type { NewOrderbookEntry } from '../../db/market.tables.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { LISTING_ROW_COLUMNS } from '../../trading/listings.queries.ts';
import { unavailableItems } from './launch-availability.ts';
import { notifyLaunchLive } from './launch-live-notify.ts';
import { schedulePreparation } from './launch-prepare.schedule.ts';

/** The launchpad's tables as creating, preparing, signing and minting a launch read and write them. */

type Executor = Db['kysely'] | Transaction<Database>;

/** The advisory lock that serializes creating collections out of items (launch, onboarding). */
const ITEMS_LOCK = 7265737;

/**
 * Rows per INSERT: PostgreSQL takes at most 65,535 bind parameters a statement, so a launch of
 * 10,000 inscriptions goes in slices.
 */
const ROWS_PER_INSERT = 1_000;

function slices<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    out.push(rows.slice(i, i + ROWS_PER_INSERT));
  return out;
}

export type NewLaunch = {
  slug: string;
  collection: {
    name: string;
    description: string;
    icon: string;
    website_link: string;
    twitter_link: string;
    discord_link: string;
    telegram_link: string;
    instagram_link: string;
    creator_name: string;
    creator_email: string;
    creator_btc_address: string;
    /** The uploaded banner's URL (product.md#spec-gaps); absent or '' is none. */
    banner?: string | undefined;
  };
  creatorUserId: string | null;
  maker: {
    paymentAddress: string;
    paymentPublicKey: string;
    ordinalAddress: string;
    ordinalPublicKey: string;
  };
  entries: readonly InscriptionEntry[];
  /** Where each entry sits now, in entry order. */
  sourceOutpoints: readonly {
    outpoint: string;
    value: bigint;
    offset: bigint;
    inMakerWallet: boolean;
  }[];
  phases: readonly (Omit<SubmittedPhase, 'price'> & { price: bigint })[];
  feeRate: number;
};

export async function isSlugTaken(db: Executor, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('launchpads')
    .select(sql<string>`'launchpad'`.as('what'))
    .where('slug', '=', slug)
    .unionAll(
      db
        .selectFrom('collections')
        .select(sql<string>`'collection'`.as('what'))
        .where('slug', '=', slug),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The launch, its collection (under review), catalogue, phases and allow lists, in one
 * transaction with the job that prepares its batches (ADR 023). Answers the launchpad id.
 */
export async function insertLaunch(db: Db, launch: NewLaunch, jobs?: JobQueue): Promise<string> {
  return db.kysely.transaction().execute(async (trx) => {
    const collection = await insertCollection(trx, {
      slug: launch.slug,
      collection: launch.collection,
      creatorUserId: launch.creatorUserId,
      entries: launch.entries,
    });
    const ids = launch.entries.map((e) => e.id);
    const launchpad = await trx
      .insertInto('launchpads')
      .values({
        slug: launch.slug,
        collection_id: collection.id,
        status: 'initializing',
        launchpad_type: 'psbt',
        total_inscriptions: ids.length,
        remaining_inscriptions: ids.length,
        meta_data: JSON.stringify({ fee_rate: launch.feeRate }),
        maker_payment_address: launch.maker.paymentAddress,
        maker_payment_public_key: launch.maker.paymentPublicKey,
        maker_ordinal_address: launch.maker.ordinalAddress,
        maker_ordinal_public_key: launch.maker.ordinalPublicKey,
        creator_user_id: launch.creatorUserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const positions = launch.entries.map((e, position) => ({ e, position }));
    for (const slice of slices(positions)) {
      await trx
        .insertInto('launch_inscriptions')
        .values(
          slice.map(({ e, position }) => {
            const source = launch.sourceOutpoints[position];
            return {
              launchpad_id: launchpad.id,
              position,
              inscription_id: e.id,
              source_outpoint: source?.outpoint ?? '',
              outpoint: source?.outpoint ?? '',
              output_value: source?.value ?? 0n,
              inscription_offset: source?.offset ?? 0n,
              in_maker_wallet: source?.inMakerWallet ?? false,
            };
          }),
        )
        .execute();
    }
    for (const [phaseNumber, phase] of launch.phases.entries()) {
      const row = await trx
        .insertInto('launchpad_phases')
        .values({
          launchpad_id: launchpad.id,
          name: phase.name,
          phase_number: phaseNumber + 1, // "Phase 1" as the wizard shows it
          start_date: BigInt(phase.startDate),
          end_date: BigInt(phase.endDate),
          is_public: phase.isPublic,
          price: phase.price,
          allocation: phase.isPublic ? null : (phase.allocation ?? null),
          total_inscriptions: ids.length,
          remaining_inscriptions: ids.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const allowList = phase.isPublic ? [] : (phase.allowList ?? []);
      if (allowList.length > 0) {
        await trx
          .insertInto('phase_allow_list_entries')
          .values(allowList.map((e) => ({ phase_id: row.id, ...e })))
          .execute();
      }
    }
    await schedulePreparation(jobs, launchpad.id, trx);
    return launchpad.id;
  });
}

type NewCollection = {
  slug: string;
  collection: NewLaunch['collection'];
  creatorUserId: string | null;
  entries: readonly InscriptionEntry[];
};

/**
 * A collection under review, not tradable, with its catalogue: each inscription's name and image,
 * and its traits. An item keeps its collection (product.md#walk-through-fixes item 1): only an
 * inscription of no collection, or of a failed or canceled launch's, moves into this one (the
 * services refuse the rest first, and it is checked again here under a lock).
 */
async function insertCollection(trx: Transaction<Database>, c: NewCollection) {
  // Two creations naming one item at once: the second waits here, then finds it taken, rather
  // than two launches selling the same inscription (product.md#walk-through-fixes item 1).
  await sql`select pg_advisory_xact_lock(${ITEMS_LOCK})`.execute(trx);
  // The services checked the slug before the lock: two creations of one slug at once (a double
  // submit) both pass that check, and the second would fail on the slug's unique index (a 500).
  if (await isSlugTaken(trx, c.slug)) throw new AppError('CONFLICT', LAUNCHPAD_SLUG_TAKEN);
  const [taken] = await unavailableItems(
    trx,
    c.entries.map((e) => e.id),
  );
  if (taken) throw new AppError('CONFLICT', `data.${taken.index}.id: ${taken.message}`);
  const { banner, ...info } = c.collection;
  const collection = await trx
    .insertInto('collections')
    .values({
      slug: c.slug,
      ...info,
      banner_image: banner || null,
      creator_user_id: c.creatorUserId,
      is_tradable: false,
      is_under_review: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const entries of slices(c.entries)) {
    await trx
      .insertInto('inscriptions')
      .values(
        entries.map((e) => ({
          inscription_id: e.id,
          collection_id: collection.id,
          name: e.meta?.name ?? null,
          high_res_img_url: e.meta?.high_res_img_url ?? null,
        })),
      )
      .onConflict((oc) =>
        oc
          .column('inscription_id')
          .doUpdateSet((eb) => ({
            collection_id: eb.ref('excluded.collection_id'),
            name: sql<string | null>`coalesce(excluded.name, inscriptions.name)`,
            high_res_img_url: sql<
              string | null
            >`coalesce(excluded.high_res_img_url, inscriptions.high_res_img_url)`,
          }))
          .where(
            sql<boolean>`inscriptions.collection_id is null or exists (
              select 1 from launchpads l
              where l.collection_id = inscriptions.collection_id
                and l.status in ('failed', 'canceled'))`,
          ),
      )
      .execute();
  }
  const attributes = c.entries.flatMap((e) =>
    (e.meta?.attributes ?? []).map((a) => ({
      inscription_id: e.id,
      collection_id: collection.id,
      category: a.trait_type,
      value: String(a.value),
      value_type: typeof a.value === 'number' ? 'number' : 'string',
    })),
  );
  for (const slice of slices(attributes)) {
    await trx
      .insertInto('attributes')
      .values(slice)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return collection;
}

/**
 * An editions launch (product.md#records Edition): its collection under review, the launch live at
 * once (nothing to sign: each edition is inscribed when minted), and one public phase holding its
 * price and dates. The collection holds the editions, never the original: it keeps its own
 * collection, or none (product.md#walk-through-fixes item 1).
 */
export async function insertEditionLaunch(
  db: Db,
  edition: {
    slug: string;
    collection: NewLaunch['collection'];
    creatorUserId: string | null;
    editionInscriptionId: string;
    numberOfEditions: number;
    signature: string;
    hideProgress: boolean;
    makerPaymentAddress: string;
    makerOrdinalAddress: string;
    price: bigint;
    startDate: number;
    endDate: number | null;
  },
): Promise<string> {
  return db.kysely.transaction().execute(async (trx) => {
    const collection = await insertCollection(trx, {
      slug: edition.slug,
      collection: edition.collection,
      creatorUserId: edition.creatorUserId,
      entries: [],
    });
    // The launch names its original (a foreign key): known to the catalogue, in no collection if
    // it was in none.
    await trx
      .insertInto('inscriptions')
      .values({ inscription_id: edition.editionInscriptionId, collection_id: null })
      .onConflict((oc) => oc.column('inscription_id').doNothing())
      .execute();
    const launchpad = await trx
      .insertInto('launchpads')
      .values({
        slug: edition.slug,
        collection_id: collection.id,
        status: 'active',
        launchpad_type: 'editions',
        number_of_editions: edition.numberOfEditions,
        remaining_editions: edition.numberOfEditions,
        edition_inscription_id: edition.editionInscriptionId,
        edition_signature: edition.signature,
        meta_data: JSON.stringify({ hide_progress: edition.hideProgress }),
        maker_payment_address: edition.makerPaymentAddress,
        maker_ordinal_address: edition.makerOrdinalAddress,
        creator_user_id: edition.creatorUserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('launchpad_phases')
      .values({
        launchpad_id: launchpad.id,
        name: 'Edition',
        phase_number: 1,
        start_date: BigInt(edition.startDate),
        end_date: edition.endDate === null ? null : BigInt(edition.endDate),
        status: 'active',
        is_public: true,
        price: edition.price,
      })
      .execute();
    return launchpad.id;
  });
}

/** A live collection submitted for review (onboarding), in one transaction. */
export async function insertOnboardedCollection(
  db: Db,
  onboarded: {
    meta: NewLaunch['collection'] & { slug: string };
    entries: readonly InscriptionEntry[];
    creatorUserId: string | null;
  },
): Promise<void> {
  const { slug, ...collection } = onboarded.meta;
  await db.kysely.transaction().execute((trx) =>
    insertCollection(trx, {
      slug,
      collection,
      creatorUserId: onboarded.creatorUserId,
      entries: onboarded.entries,
    }),
  );
}

export async function findLaunch(db: Executor, id: string) {
  return db.selectFrom('launchpads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findLaunchBySlug(db: Executor, slug: string) {
  return db.selectFrom('launchpads').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function phasesOf(db: Executor, launchpadId: string) {
  return db
    .selectFrom('launchpad_phases')
    .selectAll()
    .where('launchpad_id', '=', launchpadId)
    .orderBy('phase_number')
    .execute();
}

export async function batchesOf(db: Executor, phaseIds: readonly string[]) {
  if (phaseIds.length === 0) return [];
  return db
    .selectFrom('psbt_batches')
    .select(['id', 'phase_id', 'batch_number', 'inscription_count', 'status', 'kind'])
    .where('phase_id', 'in', phaseIds)
    .where('status', '<>', 'invalidated')
    .orderBy('phase_id')
    .orderBy('batch_number')
    .execute();
}

export async function launchInscriptionsOf(db: Executor, launchpadId: string) {
  return db
    .selectFrom('launch_inscriptions')
    .selectAll()
    .where('launchpad_id', '=', launchpadId)
    .orderBy('position')
    .execute();
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

export type NewBatch = {
  phaseId: string;
  batchNumber: number;
  kind: PsbtBatchKind;
  psbt: string;
  txid: string | null;
  layout: unknown;
  inputsToSign: readonly BatchInputToSign[];
  /** Listing batches: the orderbook rows of its items, in input order. */
  items: readonly Omit<NewOrderbookEntry, 'psbt_batch_id'>[];
  inscriptionCount: number;
};

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
          layout: batch.layout === undefined ? null : JSON.stringify(batch.layout),
          inputs_to_sign: JSON.stringify(batch.inputsToSign),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Large launches: insert the items in slices to stay under the bind parameter limit.
      for (let i = 0; i < batch.items.length; i += 500) {
        const slice = batch.items.slice(i, i + 500);
        await trx
          .insertInto('orderbook')
          .values(slice.map((item) => ({ ...item, psbt_batch_id: row.id })))
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

export async function findBatch(db: Executor, id: string) {
  return db
    .selectFrom('psbt_batches as b')
    .innerJoin('launchpad_phases as p', 'p.id', 'b.phase_id')
    .selectAll('b')
    .select(['p.launchpad_id', 'p.phase_number'])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

export async function batchItems(db: Executor, batchId: string) {
  return db
    .selectFrom('orderbook')
    .select(LISTING_ROW_COLUMNS)
    .where('psbt_batch_id', '=', batchId)
    .orderBy('index_in_maker_psbt')
    .execute();
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

/** Inscriptions of the launch minted so far (any phase). */
export async function mintedCount(db: Executor, launchpadId: string): Promise<number> {
  const row = await db
    .selectFrom('orderbook as o')
    .innerJoin('launchpad_phases as p', 'p.id', 'o.phase_id')
    .select(sql<string>`count(distinct o.inscription_id)`.as('n'))
    .where('p.launchpad_id', '=', launchpadId)
    .where('o.status', '=', 'broadcast')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Listed launches (not hidden, not pending) with their collection's name and icon, newest first. */
export async function listedLaunches(
  db: Executor,
  unlisted: readonly LaunchpadStatus[],
  type?: LaunchpadType,
) {
  let query = db
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .selectAll('l')
    .select(['c.name', 'c.icon'])
    .where('l.status', 'not in', [...unlisted]);
  if (type) query = query.where('l.launchpad_type', '=', type);
  return query.orderBy('l.created_at', 'desc').orderBy('l.id').execute();
}

/** The phases of these launches, by launch and phase number. */
export async function phasesOfLaunches(db: Executor, launchpadIds: readonly string[]) {
  if (launchpadIds.length === 0) return [];
  return db
    .selectFrom('launchpad_phases')
    .selectAll()
    .where('launchpad_id', 'in', launchpadIds)
    .orderBy('launchpad_id')
    .orderBy('phase_number')
    .execute();
}

/** mintedCount of each of these launches (launches with nothing minted are absent). */
export async function mintedCounts(
  db: Executor,
  launchpadIds: readonly string[],
): Promise<Map<string, number>> {
  if (launchpadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orderbook as o')
    .innerJoin('launchpad_phases as p', 'p.id', 'o.phase_id')
    .select(['p.launchpad_id', sql<string>`count(distinct o.inscription_id)`.as('n')])
    .where('p.launchpad_id', 'in', launchpadIds)
    .where('o.status', '=', 'broadcast')
    .groupBy('p.launchpad_id')
    .execute();
  return new Map(rows.map((r) => [r.launchpad_id, Number(r.n)]));
}
