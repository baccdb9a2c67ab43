import {
  buildInscribeCommit,
  buildInscribeReveal,
  planInscribeOrder,
  InscribeError,
  type RevealTransaction,
  type WalletUtxo,
} from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import { readTransferables } from '../../indexer/brc20/brc20-index.queries.ts';
import { locateInscription } from '../../trading/listing-utxo.ts';
import { POSTAGE } from '../inscription-service/inscribe-price.ts';
import { tokenText } from './swap-amounts.ts';
import type { PreludeCoin } from './swap-orders.queries.ts';
import type { PoolKeys } from './swap-pool.ts';
import { refuse } from './swap-refusal.ts';

// The transfer inscription a swap moves. A sale takes the user's: confirmed, valid and unused in
// our index (an unconfirmed transfer-inscribe could still be invalidated by the user's own
// competing inscription), alone on its output at offset 0. A buy gets the pool's own, inscribed
// for exactly the amount by a commit and reveal from the pool's coins that go out just before the
// swap (only the platform holds the pool's key, so nothing can get ahead of it in the block).

export type SwapInscription = {
  id: string;
  txid: string;
  vout: number;
  value: bigint;
  script: Uint8Array;
  inscriptionOffset: 0n;
};

/** The user's transfer inscription for a sale; `owner` is the address that must hold it. */
export async function userTransfer(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  id: string | undefined,
  tick: string,
  owner: string,
  ownerScript: Uint8Array,
): Promise<SwapInscription & { amount: bigint }> {
  if (!id) throw refuse('badRequest', 'ins: a sale needs the transfer inscription it sells');
  const transferable = (await readTransferables(deps.db, [id])).get(id);
  if (!transferable || transferable.tick !== tick) {
    throw refuse(
      'badRequest',
      `ins: ${id} is not a confirmed, unused ${tick} transfer inscription`,
    );
  }
  const at = await locateInscription(deps.chain, id, 'ins').catch((err: unknown) => {
    throw refuse('badRequest', err instanceof Error ? err.message : String(err));
  });
  if (at.address !== owner) throw refuse('badRequest', `ins: ${id} is not at ${owner}`);
  if (at.offset !== 0n || at.inscriptions.length !== 1) {
    throw refuse('badRequest', `ins: ${id} must be alone on its output, at offset 0`);
  }
  return {
    id,
    txid: at.txid,
    vout: at.vout,
    value: at.value,
    script: ownerScript,
    inscriptionOffset: 0n,
    amount: transferable.amount,
  };
}

export type PoolTransfer = {
  inscription: SwapInscription;
  commit: RevealTransaction;
  reveal: RevealTransaction;
  /** The pool's coins the commit spends. */
  coins: WalletUtxo[];
  /** What the commit and reveal cost the pool (fees and postage): the buyer pays it back. */
  cost: bigint;
};

function transferPlan(
  pool: PoolKeys,
  tick: string,
  units: bigint,
  decimals: number,
  feeRate: number,
  network: AppDeps['env']['BITCOIN_NETWORK'],
) {
  const content = JSON.stringify({
    p: 'brc-20',
    op: 'transfer',
    tick,
    amt: tokenText(units, decimals),
  });
  return planInscribeOrder({
    privateKey: pool.privateKey,
    files: [{ contentType: 'text/plain;charset=utf-8', body: new TextEncoder().encode(content) }],
    receiveAddress: pool.address,
    postage: POSTAGE,
    feeRate,
    serviceFee: undefined,
    network,
  });
}

/** A P2TR change output's vbytes: the commit's change, which the plan leaves out. */
const CHANGE_VBYTES = 43;

/**
 * What inscribing a transfer of `units` costs the pool at `feeRate` (commit and reveal fees,
 * postage), as poolTransfer pays it from one coin with change: a buy off the ladder pays the
 * pool this to make the rung again, the price being the same whichever way the tokens come.
 */
export function transferCost(
  pool: PoolKeys,
  tick: string,
  units: bigint,
  decimals: number,
  feeRate: number,
  network: AppDeps['env']['BITCOIN_NETWORK'],
): bigint {
  const plan = transferPlan(pool, tick, units, decimals, feeRate, network);
  return plan.amount + BigInt(Math.ceil(feeRate * CHANGE_VBYTES));
}

/**
 * The pool's transfer inscription of exactly `units` to itself: the commit pays the reveal from
 * the smallest coin that covers it (big coins stay free for other swaps), change back to the pool.
 */
export function poolTransfer(
  pool: PoolKeys,
  tick: string,
  units: bigint,
  decimals: number,
  coins: readonly WalletUtxo[],
  feeRate: number,
  network: AppDeps['env']['BITCOIN_NETWORK'],
  /** sign: false for a quote's order (its txids suffice until send_swap_psbt signs it). */
  options: { sign?: boolean } = {},
): PoolTransfer {
  const plan = transferPlan(pool, tick, units, decimals, feeRate, network);
  // A second input and the change output cost this much more than the plan's one-input commit.
  const margin = BigInt(Math.ceil(feeRate * 120));
  const chosen = commitCoins(coins, plan.amount + margin, BigInt(Math.ceil(feeRate * 58)));
  if (!chosen) throw noCoins();
  return transferFrom(pool, plan, chosen, feeRate, network, options.sign ?? true);
}

/**
 * The same transfer again, from the coins the unsigned one chose (in their order), signed: the
 * txids are the unsigned ones', which a swap's PSBT already spends (no witness changes a txid).
 */
export function signPoolTransfer(
  pool: PoolKeys,
  tick: string,
  units: bigint,
  decimals: number,
  coins: readonly WalletUtxo[],
  feeRate: number,
  network: AppDeps['env']['BITCOIN_NETWORK'],
): PoolTransfer {
  const plan = transferPlan(pool, tick, units, decimals, feeRate, network);
  return transferFrom(pool, plan, coins, feeRate, network, true);
}

function transferFrom(
  pool: PoolKeys,
  plan: ReturnType<typeof transferPlan>,
  chosen: readonly WalletUtxo[],
  feeRate: number,
  network: AppDeps['env']['BITCOIN_NETWORK'],
  sign: boolean,
): PoolTransfer {
  let commit;
  try {
    commit = buildInscribeCommit({
      plan,
      privateKey: pool.privateKey,
      coins: chosen,
      feeRate,
      change: pool.address,
      network,
      sign,
    });
  } catch (err) {
    if (err instanceof InscribeError && err.code === 'insufficient-funds') throw noCoins();
    throw err;
  }
  const reveal = buildInscribeReveal({
    plan,
    index: 0,
    privateKey: pool.privateKey,
    commitTxid: commit.txid,
    receiveAddress: pool.address,
    postage: POSTAGE,
    network,
    sign,
  });
  return {
    inscription: {
      id: `${reveal.txid}i0`,
      txid: reveal.txid,
      vout: 0,
      value: POSTAGE,
      script: pool.script,
      inscriptionOffset: 0n,
    },
    commit,
    reveal,
    coins: [...chosen],
    cost: commit.fee + reveal.fee + POSTAGE,
  };
}

const noCoins = () =>
  refuse(
    'insufficientLiquidity',
    "The pool's free coins cannot pay for its transfer inscription now: try again after the next block",
  );

/** The smallest coin worth `need`, else the largest ones until they are (each input costs `perInput`). */
function commitCoins(
  coins: readonly WalletUtxo[],
  need: bigint,
  perInput: bigint,
): WalletUtxo[] | undefined {
  const ascending = [...coins].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const one = ascending.find((c) => c.value >= need);
  if (one) return [one];
  const chosen: WalletUtxo[] = [];
  let sum = 0n;
  for (const coin of ascending.reverse()) {
    chosen.push(coin);
    sum += coin.value;
    if (sum >= need + perInput * BigInt(chosen.length)) return chosen;
  }
  return undefined;
}

/** The coins an unsigned transfer's commit spends, in order, as swap_orders.prelude_coins keeps them. */
export function preludeCoins(transfer: PoolTransfer): PreludeCoin[] {
  return transfer.coins.map((c) => ({ txid: c.txid, vout: c.vout, value: c.value }));
}

/** prelude_coins back as the pool's coins. */
export function coinsOfPrelude(coins: readonly PreludeCoin[], pool: PoolKeys): WalletUtxo[] {
  return coins.map((c) => ({
    txid: c.txid,
    vout: c.vout,
    value: c.value,
    script: pool.script,
    inscribed: false,
  }));
}
