import {
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  signPsbtWithKey,
  xOnlyPublicKey,
} from '@om/bitcoin';
import { createLaunchpadBodySchema, CreateMintOfferBodySchema } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import { upsertUser } from '../auth/auth.queries.ts';
import { prepareLaunch } from '../launchpad/launch-batches.worker.ts';
import { createLaunch } from '../launchpad/launch-create.service.ts';
import { createMintOffer, submitMintOffer } from '../launchpad/launch-mint.service.ts';
import { getLaunchInfo } from '../launchpad/launch-read.service.ts';
import { confirmLaunchPsbt, getLaunchPsbt } from '../launchpad/launch-sign.service.ts';
import { isSlugTaken } from '../launchpad/launchpad.queries.ts';
import type { DemoItem } from './demo-art.types.ts';
import { DEMO_EDITION_SLUG, editionOriginal, seedDemoEdition } from './demo-editions.ts';
import { inscribeArtworks } from './demo-inscribe.ts';
import type { DemoOwner } from './demo-owners.ts';
import { regtestRocks } from './regtest-rocks.ts';
import { findInscribedArtworks } from './demo.queries.ts';

// REGTEST ONLY. The demo's launchpad (ADR 010): erin launches two pre-inscribed collections of new
// rocks through the same services the API uses: one live (a whitelist for alice and bob, then a
// public sale), of which alice mints two, and one coming soon. Every batch is really signed with
// erin's key, the inventory really sits in her maker wallet, and alice's mint is on the chain.
// Erin also launches 50 editions of a rock she holds, of which alice mints three (ADR 011).

const DAY = 86_400;
const LIVE_SLUG = 'genesis-geodes';
const FEE_RATE = 2;

type DemoLaunch = {
  slug: string;
  name: string;
  description: string;
  size: number;
  /** Phases relative to the seed's time, in seconds. */
  phases: { name: string; price: bigint; from: number; to: number; allowList?: string[] }[];
};

export type DemoLaunchesResult =
  | { status: 'already-launched' }
  | { status: 'launched'; launches: number; minted: number; editionsMinted: number };

export interface DemoLaunchesDeps {
  market: AppDeps;
  faucet: RegtestFaucet;
  owners: readonly DemoOwner[];
  seed: string;
  inscriberKey: Uint8Array;
  waitForIndexer: () => Promise<void>;
  signal?: AbortSignal;
}

export async function seedDemoLaunches(deps: DemoLaunchesDeps): Promise<DemoLaunchesResult> {
  const [alice, bob, , , erin] = deps.owners;
  if (!alice || !bob || !erin) throw new Error('demo: the launches need alice, bob and erin');
  const { db, chain } = deps.market;
  if (!chain.rpc) throw new Error('demo: the launches need the regtest node');
  const all = demoLaunches([alice.address, bob.address]);
  const launches: DemoLaunch[] = [];
  for (const launch of all) {
    if (!(await isSlugTaken(db.kysely, launch.slug))) launches.push(launch);
  }
  const originals = (await isSlugTaken(db.kysely, DEMO_EDITION_SLUG))
    ? []
    : [editionOriginal(deps.seed)];
  if (launches.length === 0 && originals.length === 0) return { status: 'already-launched' };

  // Art an interrupted run inscribed is found by its bytes, not inscribed twice.
  const art = launches.map((launch) => launchArt(deps.seed, launch));
  const allArt = [...art.flat(), ...originals];
  let found = await findInscribedArtworks(db, allArt);
  const toInscribe = allArt.filter((a) => !found.has(a.key));
  if (toInscribe.length > 0) {
    const inscribeDeps = { db, rpc: chain.rpc, faucet: deps.faucet };
    await inscribeArtworks(
      inscribeDeps,
      toInscribe.map((artwork) => ({ artwork, owner: erin.address })),
      deps.inscriberKey,
    );
  }
  await deps.faucet.fund(erin.paymentAddress, 10_000_000n);
  await deps.faucet.mine(1);
  await deps.waitForIndexer();
  found = await findInscribedArtworks(db, allArt);

  let minted = 0;
  for (const [i, launch] of launches.entries()) {
    deps.signal?.throwIfAborted();
    const launchpadId = await launchAs(deps, erin, launch, art[i] ?? [], found);
    await deps.faucet.mine(1);
    await deps.waitForIndexer();
    // Alice takes her whitelist allocation of the live launch.
    if (launch.slug === LIVE_SLUG) minted += await mintAs(deps, alice, launchpadId, 2);
  }
  await deps.faucet.mine(1);
  await deps.waitForIndexer();
  let editionsMinted = 0;
  const [original] = originals;
  if (original) {
    editionsMinted = await seedDemoEdition(deps.market, {
      creator: erin,
      buyer: alice,
      originalId: found.get(original.key) ?? '',
    });
    await deps.faucet.mine(1);
    await deps.waitForIndexer();
  }
  return {
    status: 'launched',
    launches: launches.length + originals.length,
    minted,
    editionsMinted,
  };
}

function demoLaunches(whitelist: string[]): DemoLaunch[] {
  return [
    {
      slug: LIVE_SLUG,
      name: 'Genesis Geodes',
      description:
        'Twelve geodes cracked open on the regtest chain: a whitelist for early collectors, ' +
        'then a public sale. A demo launch of this marketplace.',
      size: 12,
      phases: [
        { name: 'Whitelist Sale', price: 50_000n, from: -DAY, to: 3 * DAY, allowList: whitelist },
        { name: 'Public Sale', price: 80_000n, from: 3 * DAY, to: 30 * DAY },
      ],
    },
    {
      slug: 'future-facets',
      name: 'Future Facets',
      description:
        'Eight rocks still in the quarry: their sale opens in a few days. ' +
        'A demo launch of this marketplace, coming soon.',
      size: 8,
      phases: [{ name: 'Public Sale', price: 60_000n, from: 2 * DAY, to: 20 * DAY }],
    },
  ];
}

/** New rocks for a launch: the Regtest Rocks generator on the launch's own seed. */
function launchArt(seed: string, launch: DemoLaunch): DemoItem[] {
  return regtestRocks(`${seed}/launch/${launch.slug}`)
    .items.slice(0, launch.size)
    .map((item, i) => ({
      ...item,
      key: `${launch.slug}/${i + 1}`,
      name: `${launch.name} #${i + 1}`,
    }));
}

async function launchAs(
  deps: DemoLaunchesDeps,
  creator: DemoOwner,
  launch: DemoLaunch,
  items: readonly DemoItem[],
  found: ReadonlyMap<string, string>,
): Promise<string> {
  const { market } = deps;
  const paymentKey = bytesToHex(compressedPublicKey(creator.privateKey));
  const user = await upsertUser(market.db, creator.paymentAddress, paymentKey);
  const inscriptionIds = items.map((item) => {
    const id = found.get(item.key);
    if (!id) throw new Error(`demo: ${item.key} is not indexed`);
    return id;
  });
  const now = Math.floor(Date.now() / 1000);
  const body = createLaunchpadBodySchema(market.env.BITCOIN_NETWORK).parse({
    slug: launch.slug,
    makerPaymentAddress: creator.paymentAddress,
    makerPaymentPublicKey: paymentKey,
    makerOrdinalAddress: creator.address,
    makerOrdinalPublicKey: bytesToHex(xOnlyPublicKey(creator.privateKey)),
    meta: {
      name: launch.name,
      slug: launch.slug,
      description: launch.description,
      website_link: '',
      twitter_link: '',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Erin Quarry',
      creator_email: 'erin@example.com',
      creator_btc_address: creator.paymentAddress,
      icon: `/content/${inscriptionIds[0] ?? ''}`,
    },
    data: items.map((item, i) => ({
      id: inscriptionIds[i],
      meta: { name: item.name, attributes: item.attributes },
    })),
    phases: launch.phases.map((p) => ({
      name: p.name,
      price: p.price.toString(),
      startDate: now + p.from,
      endDate: now + p.to,
      isPublic: !p.allowList,
      ...(p.allowList
        ? { allowList: p.allowList.map((address) => ({ address, allocation: 2 })) }
        : {}),
    })),
    feeRate: FEE_RATE,
  });
  const { launchpadId } = await createLaunch(
    market,
    { userId: user.id, address: creator.paymentAddress },
    body,
  );
  await prepareLaunch(market, launchpadId);
  const info = await getLaunchInfo(market, launchpadId);
  if (info.status !== 'pending_psbt_signature') {
    throw new Error(`demo: launch ${launch.slug} is ${info.status}: ${info.failed_reason ?? ''}`);
  }
  for (const batch of info.phases.flatMap((p) => p.psbts)) {
    const { psbt } = await getLaunchPsbt(market, batch.id);
    const signed = bytesToBase64(signPsbtWithKey(psbt, creator.privateKey));
    await confirmLaunchPsbt(market, batch.id, signed);
  }
  return launchpadId;
}

async function mintAs(
  deps: DemoLaunchesDeps,
  buyer: DemoOwner,
  launchpadId: string,
  mintCount: number,
): Promise<number> {
  const body = CreateMintOfferBodySchema.parse({
    id: launchpadId,
    mintCount,
    takerOrdinalAddress: buyer.address,
    takerPaymentAddress: buyer.paymentAddress,
    takerPaymentPublicKey: bytesToHex(compressedPublicKey(buyer.privateKey)),
    feeRate: FEE_RATE,
  });
  // The demo holds the buyer's key: it stands for a session of the listed (ordinals) address.
  const session = { userId: `demo:${buyer.address}`, address: buyer.address };
  const offer = await createMintOffer(deps.market, session, body, 'demo');
  const sign = (psbt: string) => bytesToBase64(signPsbtWithKey(psbt, buyer.privateKey));
  await submitMintOffer(deps.market, session, {
    ids: offer.ids,
    signedPsbt: sign(offer.psbt),
    ...(offer.setupPsbt ? { signedSetupPsbt: sign(offer.setupPsbt) } : {}),
  });
  return offer.ids.length;
}
