import { bytesToHex, parsePsbt } from '@om/bitcoin';
import { COINS_PROMISED, tooManyReservationsOfClient, tooManyReservationsOfWallet } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import {
  holdsAndPromises,
  overCaps,
  takeHold,
  type Hold,
  type HoldRefusal,
} from './reservation-holds.queries.ts';

// product.md#trust-findings finding 3, shared by launch mint offers and edition orders: the coins
// a reservation's PSBTs spend, and the hold that promises them within the caps (env.ts, the
// README's table).

/** Outpoints of the inputs the taker signs (the coins their reservation spends). */
export function takerOutpoints(
  psbts: readonly { psbt: string | null; inputsToSign: readonly { index: number }[] }[],
): string[] {
  return psbts.flatMap(({ psbt, inputsToSign }) => {
    if (psbt === null) return [];
    const tx = parsePsbt(psbt);
    return inputsToSign.flatMap(({ index }) => {
      const input = tx.getInput(index);
      return input.txid && input.index !== undefined
        ? [`${bytesToHex(input.txid)}:${input.index}`]
        : [];
    });
  });
}

type HoldDeps = Pick<AppDeps, 'db' | 'env'>;

const capsOf = (deps: Pick<AppDeps, 'env'>) => ({
  perWallet: deps.env.MAX_OPEN_RESERVATIONS_PER_WALLET,
  perClient: deps.env.MAX_OPEN_RESERVATIONS_PER_CLIENT,
});

/**
 * Refuses before anything is reserved or built when the wallet or the client already holds its
 * cap of open reservations (takeHold counts again, atomically, when the hold is taken); answers
 * the payment address's coins that other open reservations promised, to build without them.
 */
export async function refuseOverCaps(
  deps: HoldDeps,
  hold: Pick<Hold, 'holder' | 'wallet' | 'client' | 'address'>,
): Promise<Set<string>> {
  const { open, promised } = await holdsAndPromises(deps.db.kysely, hold);
  refuse(overCaps(open, capsOf(deps)), capsOf(deps));
  return promised;
}

/** Takes the hold or answers why not, as the API says it (409). */
export async function holdOrRefuse(deps: HoldDeps, hold: Hold): Promise<void> {
  refuse(await takeHold(deps.db, hold, capsOf(deps)), capsOf(deps));
}

function refuse(
  refusal: HoldRefusal | undefined,
  caps: { perWallet: number; perClient: number },
): void {
  if (refusal === 'coins') throw new AppError('CONFLICT', COINS_PROMISED);
  if (refusal === 'wallet') {
    throw new AppError('CONFLICT', tooManyReservationsOfWallet(caps.perWallet));
  }
  if (refusal === 'client') {
    throw new AppError('CONFLICT', tooManyReservationsOfClient(caps.perClient));
  }
}

/**
 * A build that failed for want of funds while some of the taker's coins are promised elsewhere
 * says so: the coins are there, but already fund another open order.
 */
export function coinsPromisedOr(err: unknown, promised: ReadonlySet<string>): unknown {
  const isFunds =
    err instanceof AppError && /does not have enough (funds|padding)/.test(err.message);
  return isFunds && promised.size > 0 ? new AppError('CONFLICT', COINS_PROMISED) : err;
}
