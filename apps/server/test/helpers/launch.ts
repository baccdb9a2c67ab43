import {
  ConfirmLaunchPsbtPayloadSchema,
  CreateMintOfferPayloadSchema,
  LaunchpadInfoSchema,
  LaunchPsbtPayloadSchema,
  type CreateMintOfferPayload,
  type LaunchpadInfo,
} from '@om/core';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import { api, eventually, signAsAsked, type Trader } from './trading.ts';

// A pre-inscribed launch through the API, as the wizard and the mint page drive it (ADR 010):
// the body, the worker's preparation, the creator's signatures, and a buyer's mint.

const now = () => Math.floor(Date.now() / 1000);

/** A launch of `ids` with one public phase open now at `price` sats. */
export function publicLaunchBody(
  creator: Trader,
  slug: string,
  ids: readonly string[],
  price: bigint,
  feeRate = 2,
) {
  return {
    slug,
    makerPaymentAddress: creator.payment.address,
    makerPaymentPublicKey: creator.payment.publicKey,
    makerOrdinalAddress: creator.ordinals.address,
    makerOrdinalPublicKey: creator.ordinals.publicKey,
    meta: {
      name: `Launch ${slug}`,
      slug,
      description: 'Pre-inscribed test items',
      website_link: '',
      twitter_link: '',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Creator',
      creator_email: 'creator@example.com',
      creator_btc_address: creator.payment.address,
      icon: `/content/${ids[0]}`,
    },
    data: ids.map((id, i) => ({ id, meta: { name: `Item ${i + 1}`, attributes: [] } })),
    phases: [
      {
        name: 'Public Sale',
        price: price.toString(),
        startDate: now() - 60,
        endDate: now() + 3600,
        isPublic: true,
      },
    ],
    feeRate,
  };
}

export async function launchInfo(t: TestApp, id: string): Promise<LaunchpadInfo> {
  const res = await api(t, 'GET', `/api/launchpad/info/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return LaunchpadInfoSchema.parse(res.body.payload);
}

/** Creates the launch and waits for the worker to prepare its batches; answers its id. */
export async function createPreparedLaunch(t: TestApp, creator: Trader, body: object) {
  const created = await api(t, 'POST', '/api/launchpad/create', body, creator.token);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.payload.launchpadId as string;
  await eventually(async () => {
    expect((await launchInfo(t, id)).status).toBe('pending_psbt_signature');
  });
  return id;
}

/** Signs and confirms every batch, phase by phase, as the wizard's sign step does. */
export async function signLaunch(t: TestApp, creator: Trader, id: string): Promise<string[]> {
  const deposits: string[] = [];
  for (const phase of (await launchInfo(t, id)).phases) {
    for (const batch of phase.psbts) {
      const got = await api(t, 'GET', `/api/launchpad/get-psbt/${batch.id}`);
      const { psbt, inputsToSign } = LaunchPsbtPayloadSchema.parse(got.body.payload);
      const signedPsbt = signAsAsked(psbt, inputsToSign, [creator.ordinals, creator.payment]);
      const done = await api(t, 'PUT', `/api/launchpad/confirm/${batch.id}`, { signedPsbt });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const confirmed = ConfirmLaunchPsbtPayloadSchema.parse(done.body.payload);
      if (confirmed.txId) deposits.push(confirmed.txId);
    }
  }
  return deposits;
}

/** offer/create then offer/submit, signed by the buyer's payment key; answers the submit's answer. */
export async function mintFromLaunch(
  t: TestApp,
  id: string,
  buyer: Trader,
  mintCount: number,
  feeRate = 2,
) {
  const created = await api(
    t,
    'POST',
    '/api/launchpad/offer/create',
    {
      id,
      mintCount,
      takerOrdinalAddress: buyer.ordinals.address,
      takerPaymentAddress: buyer.payment.address,
      takerPaymentPublicKey: buyer.payment.publicKey,
      feeRate,
      satScan: false,
    },
    buyer.token,
  );
  if (created.status !== 200) return created;
  const offer: CreateMintOfferPayload = CreateMintOfferPayloadSchema.parse(created.body.payload);
  const signedPsbt = signAsAsked(offer.psbt, offer.inputsToSign, [buyer.payment]);
  const signedSetupPsbt = offer.setupPsbt
    ? signAsAsked(offer.setupPsbt, offer.setupInputsToSign, [buyer.payment])
    : undefined;
  const body = { ids: offer.ids, signedPsbt, ...(signedSetupPsbt ? { signedSetupPsbt } : {}) };
  return api(t, 'POST', '/api/launchpad/offer/submit', body, buyer.token);
}
