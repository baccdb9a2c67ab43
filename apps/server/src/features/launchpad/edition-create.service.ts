import { verifyMessageSignature } from '@om/bitcoin';
import {
  buildOwnershipMessage,
  INSCRIPTION_NOT_OWNED,
  INVALID_INSCRIPTION_SIGNATURE,
  LAUNCHPAD_SLUG_TAKEN,
  parseOwnershipSignature,
  type createEditionBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkAddress } from '../../http/address-input.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { locateInscription } from '../../trading/listing-utxo.ts';
import { checkIsMaker } from '../../trading/trade-input.ts';
import { newCollectionInfo } from './collection-info.ts';
import { checkOwnIcon } from './launch-icon.ts';
import { insertEditionLaunch, isSlugTaken } from './launchpad.queries.ts';

// POST /api/launchpad/editions/create (product.md#records, #validation Edition,
// product.md#creator-calls): only the holder of an inscription may launch editions of it, proved
// by the ownership signature inscriptionId:timestamp:address:signedMessage: the address must hold
// the inscription per the indexer and have signed the first three parts (BIP-322 or legacy),
// recently.

type CreateEditionBody = z.output<ReturnType<typeof createEditionBodySchema>>;

/** An ownership signature older than this (or this far ahead) no longer proves anything. */
const SIGNATURE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export async function createEdition(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: CreateEditionBody,
): Promise<{ id: string }> {
  const network = deps.env.BITCOIN_NETWORK;
  checkAddress(body.makerPaymentAddress, 'makerPaymentAddress', network);
  const claim = parseOwnershipSignature(body.signature);
  if (!claim) throw invalidInput(INVALID_INSCRIPTION_SIGNATURE, 'signature');
  checkIsMaker(
    session,
    { ordinalAddress: claim.address, paymentAddress: body.makerPaymentAddress },
    'signature',
  );
  if (body.metaData.slug !== body.slug) {
    throw invalidInput('metaData.slug: must be the launch slug', 'metaData.slug');
  }
  checkOwnIcon(deps, body.metaData.icon, 'metaData.icon');
  if (body.metaData.banner) checkOwnIcon(deps, body.metaData.banner, 'metaData.banner');
  if (await isSlugTaken(deps.db.kysely, body.slug)) {
    throw new AppError('CONFLICT', LAUNCHPAD_SLUG_TAKEN);
  }
  // Wallets sign a millisecond or a second timestamp; either must be recent.
  const signedAt = claim.timestamp > 1e12 ? claim.timestamp : claim.timestamp * 1000;
  if (Math.abs(Date.now() - signedAt) > SIGNATURE_MAX_AGE_MS) {
    throw invalidInput(
      'signature: signed more than a day ago; sign the inscription again',
      'signature',
    );
  }
  const output = await locateInscription(
    deps.chain,
    body.editionInscriptionId,
    'editionInscriptionId',
  );
  if (output.address !== claim.address) {
    throw invalidInput(`editionInscriptionId: ${INSCRIPTION_NOT_OWNED}`, 'editionInscriptionId');
  }
  const verified = verifyMessageSignature({
    message: buildOwnershipMessage(claim),
    address: claim.address,
    signature: claim.signedMessage,
    network,
  });
  if (!verified.ok) throw invalidInput(INVALID_INSCRIPTION_SIGNATURE, 'signature');

  const id = await insertEditionLaunch(deps.db, {
    slug: body.slug,
    collection: newCollectionInfo(body.metaData),
    creatorUserId: session.userId,
    editionInscriptionId: body.editionInscriptionId,
    numberOfEditions: body.numberOfEditions,
    signature: body.signature,
    hideProgress: body.metaData.hide_progress,
    makerPaymentAddress: body.makerPaymentAddress,
    makerOrdinalAddress: claim.address,
    price: body.price,
    startDate: body.startDate ?? Math.floor(Date.now() / 1000),
    endDate: body.endDate,
  });
  return { id };
}
