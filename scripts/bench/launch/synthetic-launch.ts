import { createHash } from 'node:crypto';
import type { AppDeps } from '../../../apps/server/src/app-deps.ts';
import { insertLaunch } from '../../../apps/server/src/features/launchpad/launchpad.queries.ts';
import { ensureWallet } from '../../../apps/server/src/trading/wallets.service.ts';
import type { BenchEnv } from './bench-env.ts';
import { depositFunding, fundMany, POSTAGE } from './chain-setup.ts';
import { newWallet } from './wallets.ts';

// Part 1's input: a launch in the database as POST /api/launchpad/create leaves it ('initializing',
// two phases), and the creator's payment coin. The inscriptions need not exist for the worker: the
// catalogue rows and launch_inscriptions have synthetic ids and distinct synthetic source
// outpoints at the creator's ordinals address, and nothing prepared from them is broadcast. The
// payment coin is real, funded on the node and indexed, so the worker's cardinalCoins reads it.

const FEE_RATE = 2;

const hex64 = (seed: string) => createHash('sha256').update(seed).digest('hex');

/**
 * insertLaunch writes every launch_inscriptions row in one INSERT of 8 parameters a row, and a
 * PostgreSQL bind message holds at most 65,535 parameters: past 8,191 inscriptions it fails
 * ("bind message has 14464 parameter formats but 0 parameters" at 10,000). So the launch is
 * inserted with its first SLICE entries, and the rest appended here in slices, as the same rows.
 */
const SLICE = 1_000;

/** An inscription id and a source outpoint of its own, neither on the chain. */
type SyntheticItem = { id: string; name: string; outpoint: string };

async function appendEntries(
  deps: AppDeps,
  launchpadId: string,
  items: readonly SyntheticItem[],
  from: number,
): Promise<void> {
  const db = deps.db.kysely;
  const launch = await db
    .selectFrom('launchpads')
    .select('collection_id')
    .where('id', '=', launchpadId)
    .executeTakeFirstOrThrow();
  for (let start = from; start < items.length; start += SLICE) {
    const slice = items.slice(start, start + SLICE);
    await db
      .insertInto('inscriptions')
      .values(
        slice.map((item) => ({
          inscription_id: item.id,
          collection_id: launch.collection_id,
          name: item.name,
        })),
      )
      .execute();
    await db
      .insertInto('launch_inscriptions')
      .values(
        slice.map((item, k) => ({
          launchpad_id: launchpadId,
          position: start + k,
          inscription_id: item.id,
          source_outpoint: item.outpoint,
          outpoint: item.outpoint,
          output_value: POSTAGE,
          inscription_offset: 0n,
          in_maker_wallet: false,
        })),
      )
      .execute();
  }
  const total = { total_inscriptions: items.length, remaining_inscriptions: items.length };
  await db.updateTable('launchpads').set(total).where('id', '=', launchpadId).execute();
  await db
    .updateTable('launchpad_phases')
    .set(total)
    .where('launchpad_id', '=', launchpadId)
    .execute();
}

/** Inserts the launch of `count` synthetic inscriptions; answers its id and its phases' ids. */
export async function insertSyntheticLaunch(
  bench: BenchEnv,
  count: number,
  log: (m: string) => void,
): Promise<{ launchpadId: string; phaseIds: string[] }> {
  const { deps } = bench;
  const payment = newWallet('p2wpkh');
  const ordinals = newWallet('p2tr');
  // One coin: every deposit pays from the previous one's change, as the worker chains them.
  await fundMany(bench.node, [{ address: payment.address, sats: depositFunding(count) }]);
  await bench.mine();
  await ensureWallet(deps, 'maker', payment.publicKey, payment.address);

  const now = Math.floor(Date.now() / 1000);
  const items = Array.from({ length: count }, (_, i) => ({
    id: `${hex64(`bench:launch inscription ${i}`)}i0`,
    name: `Prepared #${i + 1}`,
    outpoint: `${hex64(`bench:launch outpoint ${i}`)}:0`,
  }));
  const first = items.slice(0, SLICE);
  log(`part 1: inserting a launch of ${count} synthetic inscriptions`);
  const launchpadId = await insertLaunch(deps.db, {
    slug: 'bench-prepare',
    collection: {
      name: 'Bench prepare',
      description: `${count} synthetic inscriptions: the worker's input`,
      icon: 'https://example.com/icon.png',
      websiteLink: '',
      twitterLink: '',
      discordLink: '',
      telegramLink: '',
      instagramLink: '',
      creatorName: 'Bench',
      creatorEmail: 'bench@example.com',
      creatorBtcAddress: payment.address,
    },
    creatorUserId: null,
    maker: {
      paymentAddress: payment.address,
      paymentPublicKey: payment.publicKey,
      ordinalAddress: ordinals.address,
      ordinalPublicKey: ordinals.publicKey,
    },
    entries: first.map((item) => ({ id: item.id, meta: { name: item.name } })),
    sourceOutpoints: first.map((item) => ({
      outpoint: item.outpoint,
      value: POSTAGE,
      offset: 0n,
      inMakerWallet: false,
    })),
    phases: [
      {
        name: 'Whitelist Sale',
        price: 20_000n,
        startDate: now + 3600,
        endDate: now + 7200,
        isPublic: false,
        allowList: [{ address: ordinals.address, allocation: 2 }],
      },
      {
        name: 'Public Sale',
        price: 30_000n,
        startDate: now + 7200,
        endDate: now + 86_400,
        isPublic: true,
      },
    ],
    feeRate: FEE_RATE,
  });
  await appendEntries(deps, launchpadId, items, first.length);
  const phases = await deps.db.kysely
    .selectFrom('launchpad_phases')
    .select('id')
    .where('launchpad_id', '=', launchpadId)
    .orderBy('phase_number')
    .execute();
  return { launchpadId, phaseIds: phases.map((p) => p.id) };
}
