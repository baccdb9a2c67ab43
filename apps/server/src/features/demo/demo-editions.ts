import {
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  signBip322Simple,
  signPsbtWithKey,
} from '@om/bitcoin';
import { createEditionBodySchema, EditionMintBodySchema } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { upsertUser } from '../auth/auth.queries.ts';
import { mintEditions } from '../editions/edition-mint.service.ts';
import { submitEditionMint } from '../editions/edition-submit.service.ts';
import { createEdition } from '../launchpad/edition-create.service.ts';
import type { DemoItem } from './demo-art.types.ts';
import type { DemoOwner } from './demo-owners.ts';
import { regtestRocks } from './regtest-rocks.ts';

// REGTEST ONLY. The demo's edition (ADR 011): erin launches 50 editions of a rock she
// holds, proved by her BIP-322 ownership signature, and alice mints three through our inscription
// service: an order, a payment her key signs, the commit and the reveal on the chain.

export const DEMO_EDITION_SLUG = 'quarry-light';
const NAME = 'Quarry Light';
const DESCRIPTION =
  'One rock in the light of the quarry, in fifty editions inscribed on demand as delegates of ' +
  'the original. A demo edition of this marketplace.';
const EDITIONS = 50;
const PRICE = 25_000n;
const MINTED_BY_BUYER = 3;
const FEE_RATE = 2;
const DAY = 86_400;

/** The edition's original: a rock of its own seed, inscribed to the creator with the launches' art. */
export function editionOriginal(seed: string): DemoItem {
  const [rock] = regtestRocks(`${seed}/edition/${DEMO_EDITION_SLUG}`).items;
  if (!rock) throw new Error('demo: no rock for the edition');
  return { ...rock, key: `${DEMO_EDITION_SLUG}/original`, name: NAME };
}

/** Launches the edition of `originalId` and mints some for the buyer; answers how many. */
export async function seedDemoEdition(
  market: AppDeps,
  parties: { creator: DemoOwner; buyer: DemoOwner; originalId: string },
): Promise<number> {
  const launchpadId = await launchEditionAs(market, parties.creator, parties.originalId);
  const buyer = parties.buyer;
  const paymentKey = bytesToHex(compressedPublicKey(buyer.privateKey));
  const user = await upsertUser(market.db, buyer.paymentAddress, paymentKey);
  const session = { userId: user.id, address: buyer.paymentAddress };
  const body = EditionMintBodySchema.parse({
    id: launchpadId,
    mintCount: MINTED_BY_BUYER,
    takerOrdinalAddress: buyer.address,
    takerPaymentAddress: buyer.paymentAddress,
    takerPaymentPublicKey: paymentKey,
    feeRate: FEE_RATE,
  });
  const order = await mintEditions(market, session, body, 'demo');
  const signedPsbt = bytesToBase64(signPsbtWithKey(order.psbt, buyer.privateKey));
  const done = await submitEditionMint(market, session, { orderId: order.orderId, signedPsbt });
  return done.inscriptionIds.length;
}

async function launchEditionAs(
  market: AppDeps,
  creator: DemoOwner,
  originalId: string,
): Promise<string> {
  const network = market.env.BITCOIN_NETWORK;
  const paymentKey = bytesToHex(compressedPublicKey(creator.privateKey));
  const user = await upsertUser(market.db, creator.paymentAddress, paymentKey);
  const message = `${originalId}:${Date.now()}:${creator.address}`;
  const signed = signBip322Simple(message, creator.privateKey, creator.address, network);
  const info = {
    name: NAME,
    slug: DEMO_EDITION_SLUG,
    description: DESCRIPTION,
    website_link: '',
    twitter_link: '',
    discord_link: '',
    telegram_link: '',
    instagram_link: '',
    creator_name: 'Erin Quarry',
    creator_email: 'erin@example.com',
    creator_btc_address: creator.paymentAddress,
    icon: `/content/${originalId}`,
  };
  const body = createEditionBodySchema(network).parse({
    editionInscriptionId: originalId,
    makerPaymentAddress: creator.paymentAddress,
    numberOfEditions: EDITIONS,
    slug: DEMO_EDITION_SLUG,
    startDate: null,
    endDate: Math.floor(Date.now() / 1000) + 30 * DAY,
    price: PRICE.toString(),
    signature: `${message}:${signed}`,
    metaData: { ...info, hide_progress: false },
    meta: { name: NAME, slug: DEMO_EDITION_SLUG, description: DESCRIPTION },
  });
  const session = { userId: user.id, address: creator.paymentAddress };
  return (await createEdition(market, session, body)).id;
}
