import { AppError, notFound } from '../http/app-error.ts';
import type { SessionClaims } from '../http/auth-token.ts';
import type { Listing } from './listings.queries.ts';

/** Checks of trading requests that the shared schemas cannot make: who owns what. (Addresses and
 * keys: http/address-input.ts.) */

/** The signed-in wallet must be the maker's ordinal or payment address. */
export function checkIsMaker(
  session: SessionClaims,
  maker: { ordinalAddress: string; paymentAddress: string },
  what: string,
): void {
  if (session.address !== maker.ordinalAddress && session.address !== maker.paymentAddress) {
    throw new AppError('FORBIDDEN', `${what} belongs to another wallet`);
  }
}

/** Listings by id in the order asked; a 404 names the first one missing. */
export function inOrder<Row extends { id: string }>(
  ids: readonly string[],
  rows: readonly Row[],
): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(`Listing ${id} not found`);
    return row;
  });
}

/** A listing the signed-in maker owns, by id. */
export function ownListing<L extends Listing>(
  session: SessionClaims,
  id: string,
  rows: readonly L[],
): L {
  const [row] = inOrder([id], rows);
  if (!row) throw notFound(`Listing ${id} not found`);
  checkOwnListing(session, row);
  return row;
}

/** A market listing (not launch inventory) whose maker is the signed-in wallet. */
export function checkOwnListing(session: SessionClaims, listing: Listing): void {
  if (listing.phaseId !== null) throw notFound(`Listing ${listing.id} not found`);
  checkIsMaker(
    session,
    { ordinalAddress: listing.makerOrdinalAddress, paymentAddress: listing.makerPaymentAddress },
    `Listing ${listing.id}`,
  );
}

export function unavailable(id: string): AppError {
  return new AppError('CONFLICT', `Listing ${id} is no longer available`);
}
