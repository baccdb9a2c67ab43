import { verifyMessageSignature } from '@om/bitcoin';
import {
  isPhaseActive,
  MINT_SIGN_IN_REQUIRED,
  mintProofMessage,
  mintProofRequired,
  type Allocation,
  type CreateMintOfferBodySchema,
  type CreateMintOfferPayload,
  type SubmitMintOfferBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, invalidInput, notFound } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { findListingRows } from '../../trading/listings.queries.ts';
import {
  buildOffer,
  checkTaker,
  openOffer,
  settleOffer,
  signedPsbtOf,
} from '../../trading/offer.service.ts';
import { inOrder, unavailable } from '../../trading/trade-input.ts';
import {
  allowanceOf,
  heldBy,
  launchForMint,
  phaseForMint,
  refreshRemaining,
  releaseItems,
  releaseOwnItems,
  reserveItems,
} from './launch-mint.queries.ts';
import type { Phase } from './launch-read.queries.ts';
import {
  coinsPromisedOr,
  holdOrRefuse,
  refuseOverCaps,
  takerOutpoints,
} from './reservation-hold.ts';
import { mintHolder } from './reservation-holds.queries.ts';

// Minting a pre-inscribed launch (product.md#market-calls offer/create, offer/submit; ADR 010).
// The server reserves free items of the open phase for the minter within their allocation, builds
// the purchase of those items (each row's own stored 0x83 signature, never its batch's PSBT; the
// platform's co-signature on the maker wallet inputs), and co-signs only at submit, only while
// the reservation holds and the phase is open: a mint outside the phase, the allow list or the
// allocation cannot be valid.

type CreateBody = z.output<typeof CreateMintOfferBodySchema>;
type SubmitBody = z.output<typeof SubmitMintOfferBodySchema>;

/**
 * A minter has this long to sign; the items stay theirs meanwhile. What signing needs, no more: a
 * longer hold is inventory kept from real buyers (product.md#trust-findings finding 3).
 */
const MINT_RESERVATION_MS = 2 * 60 * 1000;

export async function createMintOffer(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'jobs'>,
  session: SessionClaims,
  body: CreateBody,
  client: string,
): Promise<CreateMintOfferPayload> {
  checkTaker(deps, body);
  const addresses = [body.takerOrdinalAddress, body.takerPaymentAddress];
  checkSignedInTaker(session, addresses);
  const { phase } = await openPhaseOf(deps, body.id);
  const proven = [session.address];
  if (body.ordinalsSignature !== undefined && provesOrdinals(deps, body)) {
    proven.push(body.takerOrdinalAddress);
  }
  const allowance = await allowanceOf(deps.db, phase, { addresses, proven });
  if (!allowance.isAllowed) {
    throw new AppError(
      'FORBIDDEN',
      allowance.unproven === null
        ? `This wallet is not on the allow list of ${phase.name}`
        : mintProofRequired(allowance.unproven, phase.name),
    );
  }
  // One hold per taker and phase: asking again replaces it, as it replaces the reservation.
  const holder = mintHolder(phase.id, body.takerOrdinalAddress);
  const promised = await refuseOverCaps(deps, {
    holder,
    wallet: session.userId,
    client,
    address: body.takerPaymentAddress,
  });
  const until = new Date(Date.now() + MINT_RESERVATION_MS);
  const reservation = await reserveItems(
    deps.db,
    {
      phaseId: phase.id,
      allocation: allowance.allocation,
      entry: allowance.entry,
      count: body.mintCount,
      takerOrdinalAddress: body.takerOrdinalAddress,
      takerPaymentAddress: body.takerPaymentAddress,
      until,
    },
    deps.jobs,
  );
  if (!reservation.ok) {
    if (reservation.reason === 'allocation') {
      throw new AppError(
        'CONFLICT',
        reservation.left === 0
          ? `Allocation reached: this wallet may mint no more in ${phase.name}`
          : `Allocation reached: this wallet may mint ${reservation.left} more in ${phase.name}`,
      );
    }
    throw new AppError(
      'CONFLICT',
      reservation.left === 0 ? 'Sold out' : `Only ${reservation.left} left to mint`,
    );
  }
  const ids = reservation.rows.map((row) => row.id);
  try {
    const { payload } = await buildOffer(deps, reservation.rows, body, {
      expiresAt: until,
      phaseId: phase.id,
      promised,
    });
    const outpoints = takerOutpoints([
      { psbt: payload.psbt, inputsToSign: signedBy(payload.inputsToSign, body) },
      { psbt: payload.setupPsbt, inputsToSign: signedBy(payload.setupInputsToSign, body) },
    ]);
    const hold = { holder, wallet: session.userId, client, outpoints, expiresAt: until };
    await holdOrRefuse(deps, { ...hold, address: body.takerPaymentAddress });
    return { ...payload, ids, expiresAt: until.toISOString() };
  } catch (err) {
    // A failed offer gives its items back at once (product.md#walk-through-fixes item 10), not
    // after the hold.
    await releaseItems(deps.db, ids, body.takerOrdinalAddress);
    throw coinsPromisedOr(err, promised);
  }
}

/** The inputs the taker's payment address signs (paddings of their multisig wallet are not). */
function signedBy<T extends { address: string }>(inputs: readonly T[], body: CreateBody): T[] {
  return inputs.filter((i) => i.address === body.takerPaymentAddress);
}

export async function submitMintOffer(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: SubmitBody,
): Promise<{ txId: string; setupTxId: string | null }> {
  const fields = { psbt: 'signedPsbt', setup: 'signedSetupPsbt' };
  const signedPsbt = signedPsbtOf(body.signedPsbt, fields.psbt);
  const offer = await openOffer(deps, signedPsbt, fields.psbt);
  if (!offer.phaseId) throw invalidInput('signedPsbt: not a mint offer', 'signedPsbt');
  // The wallet that reserved submits: its allowance was counted for the entry it proved.
  checkSignedInTaker(session, [offer.takerOrdinalAddress, offer.takerPaymentAddress]);
  const sameIds =
    offer.listingIds.length === body.ids.length &&
    offer.listingIds.every((id) => body.ids.includes(id));
  if (!sameIds) throw invalidInput('ids: not the items of this offer', 'ids');
  const rows = inOrder(offer.listingIds, await findListingRows(deps.db.kysely, offer.listingIds));
  const phase = await phaseForMint(deps.db, offer.phaseId);
  if (!phase) throw invalidInput('signedPsbt: not a mint offer', 'signedPsbt');
  if (!isOpen(phase)) throw new AppError('CONFLICT', `${phase.name} is not open`);
  for (const row of rows) {
    if (row.status !== 'active' || row.takerOrdinalAddress !== offer.takerOrdinalAddress) {
      throw unavailable(row.id);
    }
  }
  const settled = await settleOffer(
    deps,
    offer,
    rows,
    { psbt: signedPsbt, setup: body.signedSetupPsbt },
    fields,
    // Minted: the coins are spent and the items sold, so the hold ends now, not when it lapses.
    mintHolder(phase.id, offer.takerOrdinalAddress),
  );
  await refreshRemaining(deps.db, phase.launchpadId);
  return settled;
}

/** POST /api/launchpad/offer/release: the signed-in minter gives an offer's items back now. */
export async function releaseMintOffer(
  deps: Pick<AppDeps, 'db'>,
  session: SessionClaims,
  ids: readonly string[],
): Promise<{ released: number }> {
  return { released: await releaseOwnItems(deps.db, ids, session.address) };
}

/**
 * GET /api/launchpad/get-allocation/{launchpadId}/{address}?paymentAddress=: what the wallet may
 * mint now, as the mint counts it: under the best allow-list entry of its addresses, over every
 * mint where either address equals that entry (a read: proof is asked at the mint itself).
 */
export async function getAllocation(
  deps: Pick<AppDeps, 'db'>,
  launchpadId: string,
  wallet: { address: string; paymentAddress?: string | undefined },
): Promise<Allocation> {
  const { launch, phases } = await launchForMint(deps.db, launchpadId);
  if (!launch) throw notFound(`Launchpad ${launchpadId} not found`);
  const phase = phases.find(isOpen);
  if (!phase) {
    return {
      phaseId: null,
      isPublic: false,
      isAllowed: false,
      allocation: 0,
      minted: 0,
      remaining: 0,
    };
  }
  const addresses = [wallet.address, ...(wallet.paymentAddress ? [wallet.paymentAddress] : [])];
  const allowance = await allowanceOf(deps.db, phase, { addresses, proven: addresses });
  const held = await heldBy(
    deps.db.kysely,
    phase.id,
    allowance.entry ? [allowance.entry] : addresses,
  );
  const left =
    allowance.allocation === null
      ? null
      : Math.max(0, allowance.allocation - held.minted - held.reserved);
  return {
    phaseId: phase.id,
    isPublic: phase.isPublic,
    isAllowed: allowance.isAllowed,
    allocation: allowance.allocation,
    minted: held.minted,
    remaining: allowance.isAllowed ? left : 0,
    ordinalsProofNeeded:
      wallet.paymentAddress !== undefined &&
      allowance.entry === wallet.address &&
      wallet.address !== wallet.paymentAddress,
  };
}

/** The signed-in address must be one of the taker's: a session proves the wallet that mints. */
function checkSignedInTaker(session: SessionClaims, addresses: readonly string[]): void {
  if (!addresses.includes(session.address)) throw new AppError('FORBIDDEN', MINT_SIGN_IN_REQUIRED);
}

/** The ordinals address signed mintProofMessage for this launch and this paying address. */
function provesOrdinals(deps: Pick<AppDeps, 'env'>, body: CreateBody): boolean {
  const message = mintProofMessage({
    launchpadId: body.id,
    ordinalsAddress: body.takerOrdinalAddress,
    paymentAddress: body.takerPaymentAddress,
  });
  return verifyMessageSignature({
    message,
    address: body.takerOrdinalAddress,
    signature: body.ordinalsSignature ?? '',
    network: deps.env.BITCOIN_NETWORK,
  }).ok;
}

/** The launch's phase open for minting now: the launch is active and the phase within its dates. */
async function openPhaseOf(deps: Pick<AppDeps, 'db'>, launchpadId: string) {
  const { launch, phases } = await launchForMint(deps.db, launchpadId);
  if (!launch) throw notFound(`Launchpad ${launchpadId} not found`);
  if (launch.type !== 'psbt') throw invalidInput('id: not a pre-inscribed launch', 'id');
  if (launch.status !== 'active') {
    // A launch a reviewer took down (ADR 019) says why.
    const why = launch.failedReason ? `: ${launch.failedReason}` : '';
    throw new AppError('CONFLICT', `This launch is not live${why}`);
  }
  const phase = phases.find(isOpen);
  if (!phase) throw new AppError('CONFLICT', 'No phase of this launch is open now');
  return { launch, phase };
}

function isOpen(phase: Phase): boolean {
  return (
    phase.status === 'active' &&
    isPhaseActive({ start_date: phase.startDate, end_date: phase.endDate })
  );
}
