import { LAUNCHPAD_SLUG_TAKEN, type createLaunchpadBodySchema } from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkKeyOfAddress } from '../../http/address-input.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { locateInscription } from '../../trading/listing-utxo.ts';
import { checkIsMaker } from '../../trading/trade-input.ts';
import { ensureWallet } from '../../trading/wallets.service.ts';
import { newCollectionInfo } from './collection-info.ts';
import { unavailableItems } from './launch-availability.queries.ts';
import { checkOwnIcon } from './launch-icon.ts';
import { insertLaunch, isSlugTaken, type NewLaunch } from './launchpad.queries.ts';

// POST /api/launchpad/create (product.md#creator-calls, ADR 010): checks what the schema cannot
// (keys, slug, that every inscription sits alone on an output of the creator's, in no other launch
// or collection, and that the icon is ours: product.md#walk-through-fixes items 1 and 3), stores
// the launch as 'initializing', and leaves the batches to its job (launch-prepare.job.ts).

type CreateBody = z.output<ReturnType<typeof createLaunchpadBodySchema>>;

/** Inscriptions located at once while checking a launch: the chain source answers each alone. */
const LOCATE_CONCURRENCY = 16;

export async function createLaunch(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'jobs'>,
  session: SessionClaims,
  body: CreateBody,
): Promise<{ launchpadId: string }> {
  const network = deps.env.BITCOIN_NETWORK;
  const payment = { key: 'makerPaymentPublicKey', address: 'makerPaymentAddress' };
  checkKeyOfAddress(body.makerPaymentPublicKey, body.makerPaymentAddress, payment, network);
  const ordinal = { key: 'makerOrdinalPublicKey', address: 'makerOrdinalAddress' };
  checkKeyOfAddress(body.makerOrdinalPublicKey, body.makerOrdinalAddress, ordinal, network);
  checkIsMaker(
    session,
    { ordinalAddress: body.makerOrdinalAddress, paymentAddress: body.makerPaymentAddress },
    'makerOrdinalAddress',
  );
  if (body.feeRate > deps.env.MAX_FEE_RATE) {
    throw invalidInput(`feeRate: at most ${deps.env.MAX_FEE_RATE} sat/vB`, 'feeRate');
  }
  if (body.meta.slug !== body.slug) {
    throw invalidInput('meta.slug: must be the launch slug', 'meta.slug');
  }
  checkOwnIcon(deps, body.meta.icon, 'meta.icon');
  if (body.meta.banner) checkOwnIcon(deps, body.meta.banner, 'meta.banner');
  if (await isSlugTaken(deps.db.kysely, body.slug)) {
    throw new AppError('CONFLICT', LAUNCHPAD_SLUG_TAKEN);
  }

  const ids = body.data.map((e) => e.id);
  const [unavailable] = await unavailableItems(deps.db.kysely, ids);
  if (unavailable) {
    throw new AppError('CONFLICT', `data.${unavailable.index}.id: ${unavailable.message}`);
  }
  // Inscriptions may already sit in the creator's maker wallet; the rest move there on signing.
  const wallet = await ensureWallet(
    deps,
    'maker',
    body.makerPaymentPublicKey,
    body.makerPaymentAddress,
  );
  const owners = new Set([body.makerOrdinalAddress, wallet.address]);
  const sources: NewLaunch['sourceOutpoints'][number][] = [];
  for (let start = 0; start < ids.length; start += LOCATE_CONCURRENCY) {
    const slice = ids.slice(start, start + LOCATE_CONCURRENCY);
    const located = await Promise.all(
      slice.map((id, k) => locateInscription(deps.chain, id, `data.${start + k}.id`)),
    );
    located.forEach((output, k) => {
      const field = `data.${start + k}.id`;
      if (!output.address || !owners.has(output.address)) {
        throw invalidInput(
          `${field}: inscription ${output.inscriptionId} does not belong to makerOrdinalAddress`,
          field,
        );
      }
      const others = output.inscriptions.filter((id) => id !== output.inscriptionId);
      if (others.length > 0) {
        const message = `${field}: inscription ${output.inscriptionId} shares its output with ${others.join(', ')}; split them first`;
        throw invalidInput(message, field);
      }
      sources.push({
        outpoint: output.outpoint,
        value: output.value,
        offset: output.offset,
        inMakerWallet: output.address === wallet.address,
      });
    });
  }

  const launchpadId = await insertLaunch(
    deps.db,
    {
      slug: body.slug,
      collection: newCollectionInfo(body.meta),
      creatorUserId: session.userId,
      maker: {
        paymentAddress: body.makerPaymentAddress,
        paymentPublicKey: body.makerPaymentPublicKey,
        ordinalAddress: body.makerOrdinalAddress,
        ordinalPublicKey: body.makerOrdinalPublicKey,
      },
      entries: body.data,
      sourceOutpoints: sources,
      phases: body.phases,
      feeRate: body.feeRate,
    },
    deps.jobs,
  );
  return { launchpadId };
}
