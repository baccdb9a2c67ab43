import { buildListingPsbt, bytesToBase64, verifySignedListing } from '@om/bitcoin';
import type { RelistBodySchema } from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { listingItemParams, termsOf, type ListingTerms } from '../../trading/listed-item.ts';
import {
  checkMakerKeys,
  checkStillListable,
  inputsToSign,
  listingErrorField,
} from './listing.service.ts';
import { makerFees } from '../../trading/maker-fees.ts';
import { catalogueOf } from '../../trading/catalogue.queries.ts';
import { findListings, replaceListingSignature } from '../../trading/listings.queries.ts';
import { listingProblemsError, withTradeErrors } from '../../trading/trade-errors.ts';
import { checkAddress } from '../../http/address-input.ts';
import { checkProtectedKey } from './protected-listing.ts';
import { ownListing } from '../../trading/trade-input.ts';

// Relisting (product.md#market-calls relist): a new price on the same UTXO. The new signature
// replaces the old one, which never left the server, so the old price can never be filled again.

type RelistBody = z.output<typeof RelistBodySchema>;

export type RelistPayload = {
  psbt: string;
  listingId: string;
  inputsToSign: { index: number; address: string; sighash: number }[];
  confirmed: boolean;
};

/**
 * A new price for an active listing on the same UTXO: without `signedPsbt` the PSBT to sign;
 * with it, the signature is checked and replaces the old one and the price in one write.
 */
export async function relistListing(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: RelistBody,
): Promise<RelistPayload> {
  const network = deps.env.BITCOIN_NETWORK;
  checkAddress(body.makerPaymentAddress, 'makerPaymentAddress', network);
  const row = ownListing(
    session,
    body.listingId,
    await findListings(deps.db.kysely, [body.listingId]),
  );
  // A protected listing (ADR 009) is relisted by the maker wallet's user key, the payment key.
  const isProtected = row.witnessScript !== null;
  checkMakerKeys({ ...body, makerOrdinalAddress: row.makerOrdinalAddress }, network, isProtected);
  if (row.witnessScript) checkProtectedKey(row.witnessScript, body.makerPaymentPublicKey);
  if (row.status !== 'active') {
    throw new AppError(
      'CONFLICT',
      `Listing ${row.id} is ${row.status}; only active listings can be relisted`,
    );
  }
  await checkStillListable(deps, row);
  const entry = (await catalogueOf(deps.db, [row.inscriptionId])).get(row.inscriptionId);
  const maker = {
    ordinalAddress: row.makerOrdinalAddress,
    paymentAddress: body.makerPaymentAddress,
  };
  const [fee = 0n] = await makerFees(deps, maker, [
    { price: body.price, slug: entry?.slug ?? null, isZeroFee: entry?.isZeroFee ?? false },
  ]);
  const terms: ListingTerms = {
    ...termsOf(row),
    price: body.price,
    makerFee: fee,
    makerPaymentAddress: body.makerPaymentAddress,
    makerPaymentPublicKey: body.makerPaymentPublicKey,
    makerOrdinalPublicKey: body.makerOrdinalPublicKey,
  };
  const built = withTradeErrors(
    listingErrorField(() => 'price', isProtected),
    () => buildListingPsbt({ items: [listingItemParams(terms, network)], network }),
  );
  const psbt = bytesToBase64(built.psbt);
  const payload = {
    psbt,
    listingId: row.id,
    inputsToSign: inputsToSign(isProtected ? body.makerPaymentAddress : row.makerOrdinalAddress, 1),
  };
  if (!body.signedPsbt) return { ...payload, confirmed: false };

  const verification = verifySignedListing(body.signedPsbt, built.items);
  if (!verification.ok) throw listingProblemsError('signedPsbt', verification.problems);
  const isReplaced = await replaceListingSignature(deps.db, row.id, {
    price: body.price,
    makerFee: fee,
    makerPaymentAddress: body.makerPaymentAddress,
    makerPaymentPublicKey: body.makerPaymentPublicKey,
    makerOrdinalPublicKey: body.makerOrdinalPublicKey,
    psbt,
    signedPsbt: body.signedPsbt,
  });
  if (!isReplaced) throw new AppError('CONFLICT', `Listing ${row.id} is no longer active`);
  return { ...payload, confirmed: true };
}
