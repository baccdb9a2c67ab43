import type { AppDeps } from '../app-deps.ts';
import { isTxRejection } from './broadcast.ts';
import { listedOutputs, spentOutputs } from './listing-utxo.ts';
import { listingStates, type Listing } from './listings.queries.ts';
import { unavailable } from './trade-input.ts';

/**
 * The listing this purchase lost to another one, if any: its listed output is spent (mined or in
 * the mempool), or its row was claimed by another transaction since it was read.
 */
async function lostListing(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  rows: readonly Listing[],
  txid: string,
): Promise<string | undefined> {
  const spent = await spentOutputs(deps.chain, listedOutputs(rows));
  const gone = rows.find((_, i) => spent[i]);
  if (gone) return gone.id;
  const now = await listingStates(
    deps.db,
    rows.map((row) => row.id),
  );
  return now.find((row) => row.status !== 'active' && row.transactionId !== txid)?.id;
}

/**
 * Runs a step that asks the node (testmempoolaccept, the broadcast); a refusal becomes raceError's.
 */
export async function orRaceLost<T>(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  rows: readonly Listing[],
  txid: string,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw await raceError(deps, rows, txid, err);
  }
}

/**
 * What to answer for a failure of the node: when it refused because another buyer's purchase got
 * there first (a mempool conflict, a refused replacement, missing inputs: whatever its reason, in
 * a package or not), the buyer lost a race and did not send a bad transaction, so the 409 every
 * other loser gets, 'Listing {id} is no longer available'. Anything else stays as it was.
 */
export async function raceError(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  rows: readonly Listing[],
  txid: string,
  err: unknown,
): Promise<unknown> {
  if (!isTxRejection(err)) return err;
  const lost = await lostListing(deps, rows, txid);
  return lost ? unavailable(lost) : err;
}
