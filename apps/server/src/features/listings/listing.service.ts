import {
  buildListingPsbt,
  bytesToBase64,
  SELLER_SIGHASH,
  verifySignedListing,
  type TradeError,
} from '@om/bitcoin';
import type {
  ConfirmListingBodySchema,
  CreateListingBodySchema,
  CreateListingPayload,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { listedItemsOf, listingItemParams, type ListingTerms } from '../../trading/listed-item.ts';
import { checkListableUtxo } from '../../trading/listing-utxo.ts';
import { catalogueOf } from '../../trading/catalogue.queries.ts';
import {
  activateListings,
  findListings,
  insertPendingListings,
  listedInscriptions,
  type Listing,
  type NewListing,
} from '../../trading/listings.queries.ts';
import { makerFees } from '../../trading/maker-fees.ts';
import { listingProblemsError, withTradeErrors } from '../../trading/trade-errors.ts';
import { checkAddress, checkKeyOfAddress } from '../../http/address-input.ts';
import { checkIsMaker, checkOwnListing, inOrder } from '../../trading/trade-input.ts';
import { makerWalletOfKey, protectedWalletOf } from './protected-listing.ts';

// Listing (product.md#market-calls create, confirm): the maker signs input i / output i of a PSBT
// with SIGHASH_SINGLE|ANYONECANPAY; the server checks the signature against the digest of what it
// built and keeps it. The payout goes to the maker's payment address (msigner).

type CreateBody = z.output<typeof CreateListingBodySchema>;
type ConfirmBody = z.output<typeof ConfirmListingBodySchema>;

/** Input i is listing i's inscription, signed SIGHASH_SINGLE|ANYONECANPAY by the ordinals wallet. */
export const inputsToSign = (address: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ index, address, sighash: SELLER_SIGHASH }));

export async function createListings(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: CreateBody,
): Promise<CreateListingPayload> {
  const network = deps.env.BITCOIN_NETWORK;
  checkAddress(body.makerOrdinalAddress, 'makerOrdinalAddress', network);
  checkAddress(body.makerPaymentAddress, 'makerPaymentAddress', network);
  const maker = {
    ordinalAddress: body.makerOrdinalAddress,
    paymentAddress: body.makerPaymentAddress,
  };
  checkIsMaker(session, maker, 'makerOrdinalAddress');
  // An inscription in the maker wallet is listed snipe-protected (ADR 009).
  const protectedWallet = await protectedWalletOf(deps, body);
  checkMakerKeys(body, network, protectedWallet !== undefined);
  const makerWallet = protectedWallet ?? (await makerWalletOfKey(deps, body.makerPaymentPublicKey));

  const utxos = await Promise.all(
    body.utxos.map(({ utxo }, i) =>
      checkListableUtxo(
        deps.chain,
        utxo,
        body.makerOrdinalAddress,
        `utxos.${i}.utxo`,
        makerWallet?.address,
      ),
    ),
  );
  const inscriptionIds = utxos.map((u) => u.inscriptionId);
  const [catalogue, listed] = await Promise.all([
    catalogueOf(deps.db, inscriptionIds),
    listedInscriptions(deps.db, utxos),
  ]);
  utxos.forEach(({ inscriptionId }, i) => {
    const field = `utxos.${i}.utxo`;
    if (listed.has(inscriptionId)) {
      const message = `${field}: inscription ${inscriptionId} is already listed; relist it to change its price`;
      throw new AppError('CONFLICT', message);
    }
    const entry = catalogue.get(inscriptionId);
    if (entry?.slug && !entry.isTradable) {
      throw invalidInput(`${field}: collection ${entry.slug} is not tradable`, field);
    }
  });
  const fees = await makerFees(
    deps,
    maker,
    body.utxos.map(({ price }, i) => {
      const entry = catalogue.get(inscriptionIds[i] ?? '');
      return { price, slug: entry?.slug ?? null, isZeroFee: entry?.isZeroFee ?? false };
    }),
  );
  const terms = utxos.map((utxo, i): ListingTerms => ({
    ...utxo,
    makerOrdinalAddress: body.makerOrdinalAddress,
    makerOrdinalPublicKey: body.makerOrdinalPublicKey,
    makerPaymentAddress: body.makerPaymentAddress,
    price: body.utxos[i]?.price ?? 0n,
    makerFee: fees[i] ?? 0n,
    witnessScript: protectedWallet?.witnessScript ?? null,
    makerPaymentPublicKey: body.makerPaymentPublicKey,
  }));
  const itemField = (index?: number) => (index === undefined ? 'utxos' : `utxos.${index}.utxo`);
  const built = withTradeErrors(listingErrorField(itemField, protectedWallet !== undefined), () =>
    buildListingPsbt({ items: terms.map((t) => listingItemParams(t, network)), network }),
  );
  const psbt = bytesToBase64(built.psbt);
  const rows = terms.map((t, i): NewListing => ({
    inscriptionId: utxos[i]?.inscriptionId ?? '',
    collectionId: catalogue.get(utxos[i]?.inscriptionId ?? '')?.collectionId ?? null,
    price: t.price,
    outpoint: t.outpoint,
    outputValue: t.outputValue,
    inscriptionOffset: t.inscriptionOffset,
    makerFee: t.makerFee,
    makerPaymentAddress: body.makerPaymentAddress,
    makerPaymentPublicKey: body.makerPaymentPublicKey,
    makerOrdinalAddress: body.makerOrdinalAddress,
    makerOrdinalPublicKey: body.makerOrdinalPublicKey,
    psbt,
    psbtIndex: i,
    witnessScript: t.witnessScript ?? null,
  }));
  const listingIds = await insertPendingListings(deps.db, rows);
  // The maker wallet's input is signed with U, the key of the maker's payment address.
  const signer = protectedWallet ? body.makerPaymentAddress : body.makerOrdinalAddress;
  return { psbt, listingIds, inputsToSign: inputsToSign(signer, rows.length) };
}

export async function confirmListings(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: ConfirmBody,
): Promise<{ listingIds: string[] }> {
  const network = deps.env.BITCOIN_NETWORK;
  const rows = inOrder(body.listingIds, await findListings(deps.db.kysely, body.listingIds));
  for (const row of rows) checkOwnListing(session, row);
  for (const row of rows) {
    if (row.status !== 'pending') {
      throw new AppError(
        'CONFLICT',
        `Listing ${row.id} is ${row.status}, not awaiting a signature`,
      );
    }
  }
  const sorted = [...rows].sort((a, b) => (a.psbtIndex ?? 0) - (b.psbtIndex ?? 0));
  const isOneSession = sorted.every(
    (row, i) => row.psbt === sorted[0]?.psbt && row.psbtIndex === i,
  );
  if (!isOneSession) {
    throw invalidInput('listingIds: name every listing of one listing PSBT', 'listingIds');
  }
  await Promise.all(sorted.map((row) => checkStillListable(deps, row)));

  const verification = verifySignedListing(body.signedPSBT, listedItemsOf(sorted, network));
  if (!verification.ok) throw listingProblemsError('signedPSBT', verification.problems);
  const outcome = await activateListings(deps.db, body.listingIds, body.signedPSBT);
  if (outcome === 'changed') {
    throw new AppError('CONFLICT', 'A listing changed while it was confirmed: try again');
  }
  if (outcome === 'already-listed') {
    throw new AppError('CONFLICT', 'An inscription of these listings is already listed');
  }
  return { listingIds: body.listingIds };
}

export function checkMakerKeys(
  body: Pick<
    CreateBody,
    | 'makerPaymentPublicKey'
    | 'makerPaymentAddress'
    | 'makerOrdinalPublicKey'
    | 'makerOrdinalAddress'
  >,
  network: AppDeps['env']['BITCOIN_NETWORK'],
  /** A protected listing's ordinal address is the maker wallet: the payment key signs for it. */
  isProtected = false,
): void {
  const payment = { key: 'makerPaymentPublicKey', address: 'makerPaymentAddress' };
  checkKeyOfAddress(body.makerPaymentPublicKey, body.makerPaymentAddress, payment, network);
  if (isProtected) {
    checkAddress(body.makerOrdinalAddress, 'makerOrdinalAddress', network);
    return;
  }
  const ordinal = { key: 'makerOrdinalPublicKey', address: 'makerOrdinalAddress' };
  checkKeyOfAddress(body.makerOrdinalPublicKey, body.makerOrdinalAddress, ordinal, network);
}

/** The listing's UTXO must still hold its inscription at the maker's address, unspent. */
export async function checkStillListable(
  deps: Pick<AppDeps, 'chain'>,
  listing: Pick<Listing, 'id' | 'outpoint' | 'makerOrdinalAddress' | 'inscriptionId'>,
): Promise<void> {
  const utxo = await checkListableUtxo(
    deps.chain,
    listing.outpoint,
    listing.makerOrdinalAddress,
    `Listing ${listing.id}`,
  );
  if (utxo.inscriptionId !== listing.inscriptionId) {
    throw new AppError('CONFLICT', `Listing ${listing.id} is no longer available`);
  }
}

/** Which field a listing build error is about: a key, the payout address, or the item. */
export function listingErrorField(itemField: (index?: number) => string, isProtected = false) {
  return (err: TradeError): string => {
    if (err.code === 'key-mismatch') {
      return isProtected ? 'makerPaymentPublicKey' : 'makerOrdinalPublicKey';
    }
    if (err.code === 'invalid-address') return 'makerPaymentAddress';
    return itemField(err.index);
  };
}
