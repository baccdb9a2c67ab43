import {
  deriveEditionOrderKey,
  editionCommit,
  InscribeError,
  p2trAddress,
  planEditionReveal,
  xOnlyPublicKey,
  type EditionOutput,
  type EditionRevealPlan,
  type InscriptionCommit,
} from '@om/bitcoin';
import { EDITION_POSTAGE, type EditionQuote } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import type { Env } from '../../env.ts';
import { invalidInput, notFound } from '../../http/app-error.ts';
import { makerFees } from '../../trading/maker-fees.ts';
import { platformFeeAddress, platformFeeOutput } from '../../trading/platform-fee.ts';
import { cosignerSecret } from '../../trading/cosigner.ts';
import { findEditionLaunch } from './edition-orders.queries.ts';
import { mintRefusal } from './edition-rules.ts';

// What minting editions costs and where the money goes (ADR 011): the creator gets the price of
// every edition, the platform its fee (market rules: PLATFORM_FEE_BPS, none for a zero-fee
// collection, the best discount off, left out below dust), the miner the reveal's fee, and each
// edition sits on EDITION_POSTAGE sats.

export type EditionTerms = {
  launchpadId: string;
  originalId: string;
  unitPrice: bigint;
  creator: EditionOutput;
  platformFee: EditionOutput | undefined;
  remaining: number;
};

/** The editions launch if `count` editions can be minted now; 404, 400 or 409 otherwise. */
export async function openEditionTerms(
  deps: Pick<AppDeps, 'db' | 'env'>,
  id: string,
  count: number,
): Promise<EditionTerms> {
  const found = await findEditionLaunch(deps.db, id);
  if (!found) throw notFound('Launchpad not found');
  const launch = found;
  const phase = launch.phase;
  const refusal = mintRefusal(
    {
      type: launch.type,
      // An editions launch always has its one phase; without it, it is not live.
      status: phase ? launch.status : 'pending',
      remaining: launch.remaining,
      startDate: phase?.startDate ?? 0,
      endDate: phase?.endDate ?? null,
    },
    count,
    Math.floor(Date.now() / 1000),
  );
  if (refusal) throw refusal;
  const unitPrice = phase?.price ?? 0n;
  const maker = {
    ordinalAddress: launch.makerOrdinalAddress ?? launch.makerPaymentAddress,
    paymentAddress: launch.makerPaymentAddress,
  };
  const [unitFee = 0n] = await makerFees(deps, maker, [
    { price: unitPrice, slug: launch.collectionSlug, isZeroFee: launch.isZeroFee },
  ]);
  const network = deps.env.BITCOIN_NETWORK;
  const fees = [unitFee * BigInt(count)];
  return {
    launchpadId: launch.id,
    originalId: launch.originalId ?? '',
    unitPrice,
    creator: { address: launch.makerPaymentAddress, value: unitPrice * BigInt(count) },
    platformFee: platformFeeOutput(platformFeeAddress(deps.env), fees, network),
    remaining: launch.remaining,
  };
}

/** The platform's key of an order: derived from the cosigner secret and its id, never stored. */
export function orderKey(env: Env, orderId: string): Uint8Array {
  return deriveEditionOrderKey(cosignerSecret(env), orderId);
}

/**
 * A quote before any order exists: any key gives the same sizes, and a taproot taker is the
 * largest output of the usual ordinals addresses, so an order never charges more than its quote.
 */
const QUOTE_KEY = new Uint8Array(32).fill(1);

export function planMint(
  env: Env,
  terms: EditionTerms,
  order: { key?: Uint8Array; takerOrdinalAddress?: string; count: number; feeRate: number },
): { commit: InscriptionCommit; plan: EditionRevealPlan } {
  const network = env.BITCOIN_NETWORK;
  const commit = editionCommit({
    privateKey: order.key ?? QUOTE_KEY,
    originalId: terms.originalId,
    count: order.count,
    postage: EDITION_POSTAGE,
    network,
  });
  try {
    const plan = planEditionReveal({
      commit,
      count: order.count,
      postage: EDITION_POSTAGE,
      taker: order.takerOrdinalAddress ?? p2trAddress(xOnlyPublicKey(QUOTE_KEY), network),
      creator: terms.creator,
      platformFee: terms.platformFee,
      feeRate: order.feeRate,
      network,
    });
    return { commit, plan };
  } catch (err) {
    if (!(err instanceof InscribeError) || err.code !== 'dust-output') throw err;
    throw invalidInput(
      `mintCount: the creator's ${terms.creator.value} sats are below the dust limit; mint more at once`,
      'mintCount',
    );
  }
}

export function quoteOf(
  terms: EditionTerms,
  plan: EditionRevealPlan,
  count: number,
  feeRate: number,
): EditionQuote {
  return {
    mintCount: count,
    unitPrice: terms.unitPrice.toString(),
    price: terms.creator.value.toString(),
    platformFee: (terms.platformFee?.value ?? 0n).toString(),
    networkFee: plan.revealFee.toString(),
    postage: (EDITION_POSTAGE * BigInt(count)).toString(),
    total: plan.amount.toString(),
    feeRate,
    remainingEditions: terms.remaining,
  };
}

/** POST /api/launchpad/editions/price. */
export async function quoteEditions(
  deps: Pick<AppDeps, 'db' | 'env'>,
  body: { id: string; mintCount: number; feeRate: number },
): Promise<EditionQuote> {
  if (body.feeRate > deps.env.MAX_FEE_RATE) {
    throw invalidInput(`feeRate: at most ${deps.env.MAX_FEE_RATE} sat/vB`, 'feeRate');
  }
  const terms = await openEditionTerms(deps, body.id, body.mintCount);
  const { plan } = planMint(deps.env, terms, { count: body.mintCount, feeRate: body.feeRate });
  return quoteOf(terms, plan, body.mintCount, body.feeRate);
}
