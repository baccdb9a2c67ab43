import { signBip322Simple } from '@om/bitcoin';
import { CreateEditionPayloadSchema, EditionMintPayloadSchema } from '@om/core';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import { api, signAsAsked, type Trader } from './trading.ts';

// Edition launches and mints through the API, as the wizard and the mint page call it.

/** inscriptionId:timestamp:address:signedMessage, signed (BIP-322) by the holder's ordinals key. */
export function ownershipSignature(holder: Trader, inscriptionId: string): string {
  const message = `${inscriptionId}:${Date.now()}:${holder.ordinals.address}`;
  const signed = signBip322Simple(message, holder.ordinals.key, holder.ordinals.address, 'regtest');
  return `${message}:${signed}`;
}

/** An edition launch of `originalId` live now; answers its launchpad id. */
export async function launchEdition(
  t: TestApp,
  creator: Trader,
  originalId: string,
  edition: { slug: string; numberOfEditions: number; price: bigint },
): Promise<string> {
  const info = {
    name: `Edition ${edition.slug}`,
    slug: edition.slug,
    description: 'Editions of one inscription, minted on demand',
    website_link: '',
    twitter_link: '',
    discord_link: '',
    telegram_link: '',
    instagram_link: '',
    creator_name: 'Editor',
    creator_email: 'editor@example.com',
    creator_btc_address: creator.payment.address,
    icon: `/content/${originalId}`,
  };
  const res = await api(
    t,
    'POST',
    '/api/launchpad/editions/create',
    {
      editionInscriptionId: originalId,
      makerPaymentAddress: creator.payment.address,
      numberOfEditions: edition.numberOfEditions,
      slug: edition.slug,
      startDate: null,
      endDate: Math.floor(Date.now() / 1000) + 86_400,
      price: edition.price.toString(),
      signature: ownershipSignature(creator, originalId),
      metaData: { ...info, hide_progress: false },
      meta: { name: info.name, slug: edition.slug, description: info.description },
    },
    creator.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CreateEditionPayloadSchema.parse(res.body.payload).id;
}

/** POST /api/launchpad/editions/mint for the buyer's own addresses. */
export function mintOrder(t: TestApp, buyer: Trader, id: string, mintCount: number, feeRate = 2) {
  return api(
    t,
    'POST',
    '/api/launchpad/editions/mint',
    {
      id,
      mintCount,
      takerOrdinalAddress: buyer.ordinals.address,
      takerPaymentAddress: buyer.payment.address,
      takerPaymentPublicKey: buyer.payment.publicKey,
      feeRate,
    },
    buyer.token,
  );
}

/** An order created and its payment signed by the buyer's wallet, not submitted yet. */
export async function signedMintOrder(t: TestApp, buyer: Trader, id: string, mintCount: number) {
  const res = await mintOrder(t, buyer, id, mintCount);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = EditionMintPayloadSchema.parse(res.body.payload);
  return { order, signedPsbt: signAsAsked(order.psbt, order.inputsToSign, [buyer.payment]) };
}
