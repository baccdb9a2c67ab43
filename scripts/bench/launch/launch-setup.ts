import {
  ConfirmLaunchPsbtPayloadSchema,
  CreateLaunchpadPayloadSchema,
  LaunchpadInfoSchema,
  LaunchPsbtPayloadSchema,
  type CreateLaunchpadBody,
  type LaunchpadInfo,
} from '@om/core';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchEnv } from './bench-env.ts';
import { depositFunding, fundMany, inscribeMany } from './chain-setup.ts';
import type { Minter } from './minter-process.ts';
import {
  api,
  minterClient,
  newWallet,
  payloadOf,
  signAsAsked,
  signIn,
  type Wallet,
} from './wallets.ts';

// Part 2's untimed setup, through the API as the wizard would: real inscriptions at the creator's
// ordinals address, the launch created signed in (BIP-322), the worker's batches signed by the
// creator's keys and confirmed (the deposits broadcast), a block mined and indexed; and the
// minters' coins.

export const MINT_FEE_RATE = 2;
const MINT_PRICE = 10_000n;
/**
 * Each minter's separate coins. Purchases chain on the previous one's paddings and change, so a
 * minter's mints form one chain of unconfirmed transactions whatever it holds; the coins only
 * make sure no minter runs dry (a few mints of up to 5 items at ~21,000 sats an item).
 */
export const COINS_PER_MINTER = 3;
const MINTER_COIN = 1_000_000n;

export interface MintLaunch {
  launchpadId: string;
  slug: string;
  phaseId: string;
  inscriptionIds: string[];
  minters: Minter[];
  depositTxids: string[];
  batches: number;
  /** Blocks the creator waited for while signing: Core's mempool chain limits on the deposits. */
  blocksWhileSigning: number;
}

export async function setUpMintLaunch(
  bench: BenchEnv,
  origin: string,
  options: { items: number; minters: number },
  log: (m: string) => void,
): Promise<MintLaunch> {
  const creator = { payment: newWallet('p2wpkh'), ordinals: newWallet('p2tr') };
  log(`part 2: inscribing ${options.items} inscriptions to the creator`);
  const inscribed = await inscribeMany(bench.node, creator.ordinals.address, options.items, () =>
    bench.mine(),
  );
  const wallets = Array.from({ length: options.minters }, () => ({
    payment: newWallet('p2wpkh'),
    ordinals: newWallet('p2tr'),
  }));
  log(
    `part 2: funding the creator and ${options.minters} minters (${COINS_PER_MINTER} coins each)`,
  );
  await fundMany(bench.node, [
    { address: creator.payment.address, sats: depositFunding(options.items) },
    ...Array.from({ length: COINS_PER_MINTER }, () =>
      wallets.map((m) => ({ address: m.payment.address, sats: MINTER_COIN })),
    ).flat(),
  ]);
  await bench.mine();

  const token = await signIn(origin, creator.payment);
  const slug = `bench-mint-${Date.now().toString(36)}`;
  const body = launchBody(
    creator,
    slug,
    inscribed.map((i) => i.id),
  );
  const created = await api(origin, 'POST', '/api/launchpad/create', body, token);
  const { launchpadId } = CreateLaunchpadPayloadSchema.parse(payloadOf(created, 'create'));
  log(`part 2: launch ${launchpadId} created; waiting for the worker`);
  const prepared = await waitWhileInitializing(origin, launchpadId);
  if (prepared.status !== 'pending_psbt_signature') {
    throw new Error(`part 2: the launch is ${prepared.status}: ${prepared.failed_reason ?? ''}`);
  }
  const signed = await signEverything(origin, prepared, creator, () => bench.mine());
  const active = await info(origin, launchpadId);
  if (active.status !== 'active')
    throw new Error(`part 2: the launch is ${active.status} after signing`);
  await bench.mine();
  const minters = await signInAll(origin, wallets);
  const phase = active.phases[0];
  if (!phase) throw new Error('part 2: the launch has no phase');
  return {
    launchpadId,
    slug,
    phaseId: phase.id,
    inscriptionIds: inscribed.map((i) => i.id),
    minters,
    ...signed,
  };
}

/** One public phase, open now for an hour, of every inscription. */
function launchBody(
  creator: { payment: Wallet; ordinals: Wallet },
  slug: string,
  ids: readonly string[],
): CreateLaunchpadBody {
  const now = Math.floor(Date.now() / 1000);
  return {
    slug,
    makerPaymentAddress: creator.payment.address,
    makerPaymentPublicKey: creator.payment.publicKey,
    makerOrdinalAddress: creator.ordinals.address,
    makerOrdinalPublicKey: creator.ordinals.publicKey,
    meta: {
      name: `Bench mint ${slug}`,
      slug,
      description: `${ids.length} pre-inscribed items minted by concurrent minters`,
      website_link: '',
      twitter_link: '',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Bench',
      creator_email: 'bench@example.com',
      creator_btc_address: creator.payment.address,
      // An icon must be ours: the launch's first inscription (the create route refuses outside URLs).
      icon: `/content/${ids[0] ?? ''}`,
    },
    data: ids.map((id, i) => ({ id, meta: { name: `Mint #${i + 1}` } })),
    phases: [
      {
        name: 'Public Sale',
        price: MINT_PRICE.toString(),
        startDate: now - 60,
        endDate: now + 3600,
        isPublic: true,
      },
    ],
    feeRate: MINT_FEE_RATE,
  };
}

async function info(origin: string, id: string): Promise<LaunchpadInfo> {
  const res = await api(origin, 'GET', `/api/launchpad/info/${id}`);
  return LaunchpadInfoSchema.parse(payloadOf(res, 'info'));
}

async function waitWhileInitializing(origin: string, id: string): Promise<LaunchpadInfo> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const launch = await info(origin, id);
    if (launch.status !== 'initializing') return launch;
    if (Date.now() > deadline) throw new Error('part 2: the worker did not prepare the launch');
    await sleep(200);
  }
}

/** Core's answer to a deposit that would pass its ancestor limits (25 transactions, 101 kvB). */
const TOO_LONG_CHAIN = 'Transaction rejected: too-long-mempool-chain';

/**
 * Every batch, phase by phase and in order, signed by the creator's keys and confirmed. Deposits
 * chain on each other's change, ~10 kvB each: the tenth unconfirmed one passes Core's 101 kvB
 * ancestor size, so the creator waits for a block (ADR 010) and confirms it again.
 */
async function signEverything(
  origin: string,
  launch: LaunchpadInfo,
  creator: { payment: Wallet; ordinals: Wallet },
  mine: () => Promise<void>,
): Promise<{ depositTxids: string[]; batches: number; blocksWhileSigning: number }> {
  const depositTxids: string[] = [];
  let batches = 0;
  let blocksWhileSigning = 0;
  for (const phase of launch.phases) {
    for (const batch of phase.psbts) {
      const got = await api(origin, 'GET', `/api/launchpad/get-psbt/${batch.id}`);
      const { psbt, inputsToSign } = LaunchPsbtPayloadSchema.parse(payloadOf(got, 'get-psbt'));
      const signedPsbt = signAsAsked(psbt, inputsToSign, [creator.ordinals, creator.payment]);
      const confirm = () =>
        api(origin, 'PUT', `/api/launchpad/confirm/${batch.id}`, { signedPsbt });
      let done = await confirm();
      if (done.status === 400 && done.body.error === TOO_LONG_CHAIN) {
        await mine();
        blocksWhileSigning += 1;
        done = await confirm();
      }
      const confirmed = ConfirmLaunchPsbtPayloadSchema.parse(payloadOf(done, 'confirm'));
      if (confirmed.txId) depositTxids.push(confirmed.txId);
      batches += 1;
    }
  }
  return { depositTxids, batches, blocksWhileSigning };
}

/** Each minter signed in with its payment address (a mint needs a session), 20 at a time. */
async function signInAll(
  origin: string,
  wallets: readonly Omit<Minter, 'token' | 'client'>[],
): Promise<Minter[]> {
  const minters: Minter[] = [];
  for (let i = 0; i < wallets.length; i += 20) {
    const slice = wallets.slice(i, i + 20);
    const clients = slice.map((_, j) => minterClient(i + j));
    const tokens = await Promise.all(slice.map((w, j) => signIn(origin, w.payment, clients[j])));
    slice.forEach((w, j) =>
      minters.push({ ...w, token: tokens[j] ?? '', client: clients[j] ?? '' }),
    );
  }
  return minters;
}
