import { LAUNCHPAD_SLUG_TAKEN, type InscriptionEntry, type SubmittedPhase } from '@om/core';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { NewCollectionInfo } from './collection-info.ts';
import { unavailableItems } from './launch-availability.queries.ts';
import { schedulePreparation } from './launch-prepare.schedule.ts';
import { chunks } from '../../shared/chunks.ts';

/**
 * Creating a launch, an editions launch or an onboarded collection: the launch, its phases and
 * allow lists, its collection under review and that collection's catalogue. Its reads are in
 * launch-read.queries.ts, its batches in launch-batches.queries.ts.
 */

type Executor = Db['kysely'] | Transaction<Database>;

/** The advisory lock that serializes creating collections out of items (launch, onboarding). */
const ITEMS_LOCK = 7265737;

/**
 * Rows per INSERT: PostgreSQL takes at most 65,535 bind parameters a statement, so a launch of
 * 10,000 inscriptions goes in slices.
 */
const ROWS_PER_INSERT = 1_000;

export const slices = <T>(rows: readonly T[]): T[][] => chunks(rows, ROWS_PER_INSERT);

export type NewLaunch = {
  slug: string;
  collection: NewCollectionInfo;
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
  collection: NewCollectionInfo;
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
  const info = c.collection;
  const collection = await trx
    .insertInto('collections')
    .values({
      slug: c.slug,
      name: info.name,
      description: info.description,
      icon: info.icon,
      website_link: info.websiteLink,
      twitter_link: info.twitterLink,
      discord_link: info.discordLink,
      telegram_link: info.telegramLink,
      instagram_link: info.instagramLink,
      creator_name: info.creatorName,
      creator_email: info.creatorEmail,
      creator_btc_address: info.creatorBtcAddress,
      banner_image: info.banner || null,
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
    collection: NewCollectionInfo;
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
export async function insertOnboardedCollection(db: Db, onboarded: NewCollection): Promise<void> {
  await db.kysely.transaction().execute((trx) => insertCollection(trx, onboarded));
}
