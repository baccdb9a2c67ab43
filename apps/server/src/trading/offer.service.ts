import {
  base64ToBytes,
  buildChainedPurchase,
  buildPurchasePsbt,
  bytesToBase64,
  finalizeSignedPsbt,
  hexToBytes,
  isSignedInPsbt,
  mergeAndFinalizePurchase,
  PADDING_VALUE,
  parsePsbt,
  type BitcoinNetwork,
  type Buyer,
  type FinalizedTransaction,
  type InputRole,
  type PurchaseParams,
  type TradeError,
} from '@om/bitcoin';
import {
  MULTISIG_PADDING_SATS,
  type CreateOfferBodySchema,
  type CreateOfferPayload,
  type SubmitOfferBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { AppError, invalidInput } from '../http/app-error.ts';
import { cosignerFor } from './cosigner.ts';
import { refuseReservedCoins, reservedCoinsOf } from './reserved-coins.ts';
import { findWalletOfKey } from './multisig.queries.ts';
import { bitcoinWallet, walletCoins } from './wallets.service.ts';
import { broadcastInOrder, testMempoolAccept } from './broadcast.ts';
import { listedItemsOf, signedItemsOf } from './listed-item.ts';
import { listedOutputs, spentOutputs } from './listing-utxo.ts';
import { takerInputsOf, type SpentCoin } from './taker-inputs.ts';
import { catalogueOf } from './catalogue.queries.ts';
import { findListings, type Listing, type ListingWithPsbts } from './listings.queries.ts';
import {
  claimListings,
  findOffer,
  type StoredOffer,
  insertOffer,
  markBroadcast,
  releaseClaim,
} from './offers.queries.ts';
import { platformFeeAddress, platformFeeOutput } from './platform-fee.ts';
import { orRaceLost, raceError } from './purchase-race.ts';
import { quoteOf, unsignedTxidOf, type ParsedPsbt } from './purchase-quote.ts';
import { withTradeErrors } from './trade-errors.ts';
import { checkAddress, checkKeyOfAddress } from '../http/address-input.ts';
import { inOrder, unavailable } from './trade-input.ts';
import { cardinalCoins, splitPadding } from './wallet-coins.ts';

// Buying (product.md#market-calls createOffer, submitOffer): the server builds the purchase from
// the stored listings and the buyer's own cardinal coins, the buyer signs their inputs only, and
// the server adds the sellers' stored signatures, checks, claims the listings and broadcasts. The
// buyer never sees a seller's signature, and only the transaction built here can be submitted.

/** A buyer has this long to sign an offer. */
const OFFER_TTL_MS = 30 * 60 * 1000;

type CreateOfferBody = z.output<typeof CreateOfferBodySchema>;
type SubmitOfferBody = z.output<typeof SubmitOfferBodySchema>;

export async function createOffer(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: CreateOfferBody,
): Promise<CreateOfferPayload> {
  checkTaker(deps, body);
  const rows = await activeListings(deps, body.ids);
  const expiresAt = new Date(Date.now() + OFFER_TTL_MS);
  return (await buildOffer(deps, rows, body, { expiresAt })).payload;
}

/** The taker's keys, addresses and fee rate: 400s naming the field. */
export function checkTaker(
  deps: Pick<AppDeps, 'env'>,
  body: Pick<
    CreateOfferBody,
    'takerPaymentPublicKey' | 'takerPaymentAddress' | 'takerOrdinalAddress' | 'feeRate'
  >,
): void {
  const { env } = deps;
  const network = env.BITCOIN_NETWORK;
  const payment = { key: 'takerPaymentPublicKey', address: 'takerPaymentAddress' };
  checkKeyOfAddress(body.takerPaymentPublicKey, body.takerPaymentAddress, payment, network);
  checkAddress(body.takerOrdinalAddress, 'takerOrdinalAddress', network);
  if (body.feeRate > env.MAX_FEE_RATE) {
    throw invalidInput(`feeRate: at most ${env.MAX_FEE_RATE} sat/vB`, 'feeRate');
  }
}

/**
 * The purchase of these active rows (market listings, or launch items reserved for this taker),
 * stored as an offer until `expiresAt`; a mint offer carries its phase.
 */
export async function buildOffer(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  rows: readonly Listing[],
  body: Pick<
    CreateOfferBody,
    'takerPaymentPublicKey' | 'takerPaymentAddress' | 'takerOrdinalAddress' | 'feeRate'
  >,
  options: { expiresAt: Date; phaseId?: string; promised?: ReadonlySet<string> },
): Promise<{ payload: CreateOfferPayload; txid: string }> {
  const { env, chain } = deps;
  const network = env.BITCOIN_NETWORK;
  const listings = listedItemsOf(rows, network);
  const ids = rows.map((row) => row.id);
  // satScan (product.md#market-calls) tells that the buyer pays from their ordinals address, whose
  // coins may carry inscriptions; the server scans every coin's sats either way: cardinalCoins
  // keeps only coins the indexer vouches hold none, so no inscription is ever spent as padding or
  // fee. A mint never spends coins another open mint offer or edition order promised
  // (product.md#trust-findings #3).
  const coins = (await cardinalCoins(chain.source, body.takerPaymentAddress, network)).filter(
    (c) => !options.promised?.has(`${c.txid}:${c.vout}`),
  );
  const buyer = {
    paymentAddress: body.takerPaymentAddress,
    paymentPublicKey: hexToBytes(body.takerPaymentPublicKey),
    ordinalAddress: body.takerOrdinalAddress,
  };
  const params: Omit<PurchaseParams, 'buyer'> = {
    listings,
    platformFee: platformFeeOutput(
      platformFeeAddress(env),
      rows.map((row) => row.makerFee),
      network,
    ),
    feeRate: body.feeRate,
    network,
    maxFeeRate: env.MAX_FEE_RATE,
  };
  // Paddings from the buyer's multisig wallet when it holds enough (ADR 009), else their own.
  const multisig = await multisigPaddingOf(deps, body.takerPaymentPublicKey, listings.length + 1);
  const padding = splitPadding(coins, listings.length + 1);
  const { purchase, setup } = withTradeErrors(offerErrorField, () =>
    multisig
      ? {
          purchase: buildPurchasePsbt({
            ...params,
            paddingValue: MULTISIG_PADDING_SATS,
            buyer: { ...buyer, multisigPadding: multisig, paddingUtxos: [], paymentUtxos: coins },
          }),
          setup: undefined,
        }
      : padding
        ? {
            purchase: buildPurchasePsbt({
              ...params,
              buyer: { ...buyer, paddingUtxos: padding.paddings, paymentUtxos: padding.payments },
            }),
            setup: undefined,
          }
        : buildChainedPurchase({
            ...params,
            buyer: { ...buyer, paddingUtxos: [], paymentUtxos: coins },
          }),
  );

  const psbt = bytesToBase64(purchase.psbt);
  const setupPsbt = setup && bytesToBase64(setup.psbt);
  // The txid of the transaction just built, not of its PSBT parsed again
  // (product.md#scale-and-delivery).
  const txid = purchase.unsignedTxid;
  await insertOffer(deps.db, {
    txid,
    listingIds: ids,
    psbt,
    layout: purchase.layout,
    feeRate: body.feeRate,
    maxFeeRate: purchase.maxFeeRate,
    platformFee: params.platformFee?.value ?? 0n,
    networkFee: purchase.fee + (setup?.fee ?? 0n),
    setup:
      setup && setupPsbt ? { txid: setup.txid, psbt: setupPsbt, layout: setup.layout } : undefined,
    takerPaymentAddress: body.takerPaymentAddress,
    takerPaymentPublicKey: body.takerPaymentPublicKey,
    takerOrdinalAddress: body.takerOrdinalAddress,
    expiresAt: options.expiresAt,
    phaseId: options.phaseId,
  });
  // Every input but the sellers': the payment key signs the multisig paddings too.
  const signable = (inputs: readonly InputRole[]) =>
    inputs.flatMap((role, index) =>
      isSignedInPsbt(role) ? [{ index, address: body.takerPaymentAddress }] : [],
    );
  const payload = {
    psbt,
    inputsToSign: signable(purchase.layout.inputs),
    setupPsbt: setupPsbt ?? null,
    setupInputsToSign: setup ? signable(setup.layout.inputs) : [],
    quote: quoteOf({
      rows,
      listings,
      purchase,
      setup,
      platformFee: params.platformFee?.value ?? 0n,
      paddingValue: multisig ? MULTISIG_PADDING_SATS : PADDING_VALUE,
      body,
    }),
  };
  return { payload, txid };
}

export async function submitOffer(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: SubmitOfferBody,
): Promise<{ txId: string; setupTxId: string | null }> {
  const fields = { psbt: 'signedPSBTBase64', setup: 'signedSetupPSBTBase64' };
  const signed = {
    psbt: signedPsbtOf(body.signedPSBTBase64, fields.psbt),
    setup: body.signedSetupPSBTBase64,
  };
  const offer = await openOffer(deps, signed.psbt, fields.psbt);
  checkOfferMatches(offer, body);
  const rows = await activeListings(deps, offer.listingIds);
  return settleOffer(deps, offer, rows, signed, fields);
}

/**
 * The PSBT a taker signed, parsed once for the whole request: finding its offer and finalizing it
 * both read it, and each parse checks every public key in it again (product.md#scale-and-delivery).
 */
export function signedPsbtOf(signedPsbt: string, field: string): ParsedPsbt {
  return withTradeErrors(field, () => parsePsbt(signedPsbt));
}

/** The stored offer a signed PSBT was built as, not submitted yet and not expired. */
export async function openOffer(deps: Pick<AppDeps, 'db'>, signedPsbt: ParsedPsbt, field: string) {
  const offerTxid = withTradeErrors(field, () => unsignedTxidOf(signedPsbt));
  const offer = await findOffer(deps.db, offerTxid);
  if (!offer) throw invalidInput(`${field}: matches no offer; create the offer again`, field);
  if (offer.transactionId) throw new AppError('CONFLICT', 'This offer was already submitted');
  if (offer.expiresAt.getTime() < Date.now()) {
    throw invalidInput(`${field}: the offer expired; create a new one`, field);
  }
  return offer;
}

/**
 * Completes an offer the taker signed: the sellers' stored signatures and the platform's
 * co-signatures added, the node's testmempoolaccept, the claim (exactly one purchase per row),
 * then the broadcast.
 */
export async function settleOffer(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  offer: StoredOffer,
  /** A market listing's witness is in its signed PSBT; a launch item's, in its makerWitness. */
  rows: readonly (Listing & { signedPsbt?: string | null })[],
  signed: { psbt: ParsedPsbt; setup?: string },
  fields: { psbt: string; setup: string },
  /** The reservation hold the offer was built under (a mint's): it ends with the broadcast. */
  endHold?: string,
): Promise<{ txId: string; setupTxId: string | null }> {
  const { env, chain, db } = deps;
  const network = env.BITCOIN_NETWORK;
  // Our own PSBT, parsed once for the coin check and the merge (product.md#scale-and-delivery).
  const built = {
    psbt: withTradeErrors(fields.psbt, () => parsePsbt(offer.psbt)),
    layout: offer.layout,
    maxFeeRate: offer.maxFeeRate,
  };
  // The platform co-signs protected seller inputs and multisig paddings of this very purchase,
  // and only for listings still active: it leaves the server only once the claim below holds.
  await refuseReservedCoins(db, built.psbt);
  const cosigner = cosignerFor(env);
  const final = withTradeErrors(fields.psbt, () =>
    mergeAndFinalizePurchase(signed.psbt, built, signedItemsOf(rows, network), { cosigner }),
  );
  const setupFinal = finalizeSetup(offer, signed.setup, fields.setup);
  const hexes = setupFinal ? [setupFinal.hex, final.hex] : [final.hex];
  // A listing whose owner is moving it is off sale even before the tracker closes it: with full
  // RBF our purchase could otherwise replace the owner's own transaction. So is a purchase of
  // coins the taker spent since the offer was built (another purchase of theirs, say), which it
  // would evict. Asked in one batch: one call each waited its turn at the node's gate
  // (product.md#scale-and-delivery).
  const listed = listedOutputs(rows);
  const taker = takerCoinsOf(offer, built.psbt, listed, network);
  const spent = await spentOutputs(chain, [...listed, ...taker]);
  const gone = rows.find((_, i) => spent[i]);
  if (gone) throw unavailable(gone.id);
  const spentCoin = taker.find((_, i) => spent[listed.length + i]);
  if (spentCoin) {
    const message = `${fields.psbt}: ${spentCoin.outpoint} is already spent; create the offer again`;
    throw new AppError('CONFLICT', message);
  }
  // A loser of a race with another buyer is told so (a 409), not that their transaction is bad.
  await orRaceLost(deps, rows, final.txid, () => testMempoolAccept(chain, hexes));

  const catalogue = await catalogueOf(
    db,
    rows.map((r) => r.inscriptionId),
  );
  const lost = await claimListings(db, {
    ids: offer.listingIds,
    transactionId: final.txid,
    takerPaymentAddress: offer.takerPaymentAddress,
    takerOrdinalAddress: offer.takerOrdinalAddress,
    trades: rows.map((row) => ({
      listingId: row.id,
      inscriptionId: row.inscriptionId,
      price: row.price,
      makerAddress: row.makerOrdinalAddress,
      takerAddress: offer.takerOrdinalAddress,
      feeRate: final.feeRate,
      inscriptionName: catalogue.get(row.inscriptionId)?.name ?? null,
      collectionSlug: catalogue.get(row.inscriptionId)?.slug ?? null,
      isSnipeProtected: row.isSnipeProtected,
    })),
    mintPhaseId: offer.phaseId,
    journal: {
      kind: 'purchase',
      ref: offer.txid,
      transactions: setupFinal ? [setupFinal, final] : [final],
    },
  });
  if (lost) throw unavailable(lost);
  try {
    await broadcastInOrder(chain, hexes);
  } catch (err) {
    await releaseClaim(db, offer.listingIds, final.txid, offer.txid);
    throw await raceError(deps, rows, final.txid, err);
  }
  await markBroadcast(db, offer.txid, final.txid, endHold);
  return { txId: final.txid, setupTxId: setupFinal?.txid ?? null };
}

/** The taker's coins an offer spends: its setup's inputs and the purchase's other than the items. */
function takerCoinsOf(
  offer: StoredOffer,
  purchase: ParsedPsbt,
  listed: readonly SpentCoin[],
  network: BitcoinNetwork,
): SpentCoin[] {
  const items = new Set(listed.map((o) => o.outpoint));
  if (!offer.setup) return takerInputsOf([purchase], (outpoint) => items.has(outpoint), network);
  // The purchase spends the setup's outputs, which nothing holds until the setup goes out.
  const fromSetup = `${offer.setup.txid}:`;
  return takerInputsOf(
    [parsePsbt(offer.setup.psbt), purchase],
    (outpoint) => items.has(outpoint) || outpoint.startsWith(fromSetup),
    network,
  );
}

/**
 * The buyer's multisig wallet and its padding coins, when it has `count` of them free: output 0 and
 * the new paddings then go back to it. Only a compressed payment key has a multisig wallet.
 */
async function multisigPaddingOf(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  takerPaymentPublicKey: string,
  count: number,
): Promise<Buyer['multisigPadding']> {
  if (!/^0[23][0-9a-f]{64}$/.test(takerPaymentPublicKey)) return undefined;
  const row = await findWalletOfKey(deps.db, 'multisig', takerPaymentPublicKey);
  if (!row) return undefined;
  // A standing auction bid's paddings are not ours to spend (ADR 012): the others, or none.
  const [coins, reserved] = await Promise.all([
    walletCoins(deps, row),
    reservedCoinsOf(deps.db, row.id),
  ]);
  const paddings = coins
    .filter((coin) => coin.isPadding && !reserved.has(`${coin.utxo.txid}:${coin.utxo.vout}`))
    .map((coin) => coin.utxo);
  if (paddings.length < count) return undefined;
  return { wallet: bitcoinWallet(row, deps.env.BITCOIN_NETWORK), utxos: paddings };
}

/** The listings to buy, in the order asked; every one must be a market listing for sale now. */
async function activeListings(
  deps: Pick<AppDeps, 'db'>,
  ids: readonly string[],
): Promise<ListingWithPsbts[]> {
  const rows = inOrder(ids, await findListings(deps.db.kysely, ids));
  for (const row of rows) {
    if (row.status !== 'active' || row.phaseId !== null) throw unavailable(row.id);
  }
  return rows;
}

function checkOfferMatches(offer: StoredOffer, body: SubmitOfferBody): void {
  const sameIds =
    offer.listingIds.length === body.ids.length &&
    offer.listingIds.every((id) => body.ids.includes(id));
  if (!sameIds) throw invalidInput('ids: not the listings of this offer', 'ids');
  if (offer.takerPaymentAddress !== body.takerPaymentAddress) {
    throw invalidInput('takerPaymentAddress: not the address of this offer', 'takerPaymentAddress');
  }
  if (offer.takerOrdinalAddress !== body.takerOrdinalAddress) {
    throw invalidInput('takerOrdinalAddress: not the address of this offer', 'takerOrdinalAddress');
  }
}

/** The chained padding setup, signed in the same session: required when the offer has one. */
function finalizeSetup(
  offer: StoredOffer,
  signed: string | undefined,
  field: string,
): FinalizedTransaction | undefined {
  const { setup } = offer;
  if (!setup) return undefined;
  if (!signed) {
    throw invalidInput(`${field} is required: this offer starts with a padding setup`, field);
  }
  const built = {
    psbt: base64ToBytes(setup.psbt) ?? new Uint8Array(),
    layout: setup.layout,
    maxFeeRate: offer.maxFeeRate,
  };
  const final = withTradeErrors(field, () => finalizeSignedPsbt(signed, built));
  if (final.txid !== setup.txid) throw invalidInput(`${field}: not the setup of this offer`, field);
  return final;
}

function offerErrorField(err: TradeError): string {
  switch (err.code) {
    case 'key-mismatch':
      return 'takerPaymentPublicKey';
    case 'unsupported-payment-script':
    case 'insufficient-funds':
    case 'not-enough-padding':
      return 'takerPaymentAddress';
    case 'invalid-fee-rate':
    case 'fee-rate-too-high':
      return 'feeRate';
    default:
      return 'ids';
  }
}
