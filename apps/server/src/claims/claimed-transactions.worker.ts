import type { AppDeps } from '../app-deps.ts';
import { startChainWorker } from '../chain/chain-worker.ts';
import { RpcError, type BitcoinRpc } from '../chain/rpc.ts';
import { claimHandlers } from './claim-handlers.ts';
import {
  openClaims,
  setClaimStatus,
  type ClaimedTransaction,
} from '../trading/claimed-transactions.queries.ts';

// product.md#trust-findings finding 5: a claim is journalled with its final transactions in the
// claim's own database transaction, then broadcast. This worker finishes what a killed process
// left: a transaction the node knows is sent (final once mined); one whose inputs are unspent is
// broadcast again; one whose input another transaction spent goes back to its kind's handler, which
// reopens or closes the claimed row.

/**
 * A claim younger than this may still be on its way out of the request that made it: the worker
 * leaves it to that request (which broadcasts, or releases it when the node refuses).
 */
const GRACE_MS = 5_000;
const RPC_NOT_FOUND = -5;

/**
 * A claim the node had in its mempool is asked about again at the next block, or after this long:
 * only a block moves it on (final), and an eviction (a double-spend) can wait this long to be
 * seen. Asking about every sent claim on every mempool refresh cost a mint rush one
 * getrawtransaction per open claim per refresh (product.md#scale-and-delivery).
 */
const IN_MEMPOOL_RECHECK_MS = 30_000;

/** When each claim was last found in the mempool: the chain's tip then, and the time. */
export type InMempoolChecks = Map<string, { tip: number; at: number }>;

/**
 * Runs a pass on start, after each block and mempool refresh, and on a timer (startChainWorker);
 * answers the function that stops it.
 */
export function startClaimWorker(deps: AppDeps): () => Promise<void> {
  const checks: InMempoolChecks = new Map();
  return startChainWorker(deps, 'claimed transactions', () => resumeClaims(deps, checks));
}

/**
 * One pass over every claim not final yet; with `checks`, a claim found in the mempool since the
 * last block and less than IN_MEMPOOL_RECHECK_MS ago is left for a later pass.
 */
export async function resumeClaims(deps: AppDeps, checks?: InMempoolChecks): Promise<void> {
  const claims = await openClaims(deps.db, GRACE_MS);
  // The tip only when some claim may be left for later: a pass runs on every mempool refresh.
  const rpc = claims.length > 0 && checks ? deps.chain.rpc : undefined;
  const tip = rpc ? await rpc.getBlockCount() : undefined;
  const now = Date.now();
  for (const claim of claims) {
    const last = checks?.get(claim.id);
    const isRecent = last && last.tip === tip && now - last.at < IN_MEMPOOL_RECHECK_MS;
    if (claim.status === 'sent' && isRecent) continue;
    const state = await resumeClaim(deps, claim).catch((err: unknown) => {
      deps.log.error({ err, claim: claim.id }, 'claimed transactions: claim failed');
    });
    if (state === 'mempool' && tip !== undefined) checks?.set(claim.id, { tip, at: now });
    else checks?.delete(claim.id);
  }
  // Claims that are final or released are not asked about again.
  const open = new Set(claims.map((c) => c.id));
  for (const id of checks?.keys() ?? []) if (!open.has(id)) checks?.delete(id);
}

/** Moves one claim on; answers where the node has its last transaction, when it asked. */
async function resumeClaim(deps: AppDeps, claim: ClaimedTransaction): Promise<TxState | undefined> {
  const { db, log } = deps;
  const rpc = deps.chain.rpc;
  const handler = claimHandlers[claim.kind];
  const sent = async (status: 'sent' | 'final') => {
    if (claim.status === 'claimed') await handler.sent(deps, claim);
    // Before the status: a process killed between the two tells again next pass (keyed, once).
    if (status === 'final') await handler.final?.(deps, claim);
    if (status !== claim.status) await setClaimStatus(db, claim.id, status);
  };
  // Without a node (Esplora) nothing tells a spent input apart: broadcast what was never sent.
  if (!rpc) {
    if (claim.status !== 'claimed') return undefined;
    const error = await broadcastMissing(deps, claim, async () => true);
    if (error === undefined) await sent('sent');
    else await setClaimStatus(db, claim.id, 'claimed', error);
    return undefined;
  }
  const states = await Promise.all(claim.txids.map((txid) => txState(rpc, txid)));
  const last = states.at(-1);
  if (last === 'mined') {
    await sent('final');
    return last;
  }
  if (last === 'mempool') {
    await sent('sent');
    return last;
  }
  const spent = await spentInputs(rpc, claim, states);
  if (spent.length > 0) {
    await handler.release(deps, claim, spent);
    await setClaimStatus(db, claim.id, 'released');
    log.info({ claim: claim.id, kind: claim.kind, spent }, 'claimed transactions: released');
    return undefined;
  }
  const error = await broadcastMissing(
    deps,
    claim,
    async (i) => (await txState(rpc, claim.txids[i] ?? '')) === 'unknown',
  );
  if (error !== undefined) await setClaimStatus(db, claim.id, claim.status, error);
  else {
    log.info({ claim: claim.id, kind: claim.kind }, 'claimed transactions: broadcast again');
    await sent('sent');
  }
  return undefined;
}

/** Broadcasts, parents first, the transactions `isMissing` names; answers the error, if any. */
async function broadcastMissing(
  deps: Pick<AppDeps, 'chain'>,
  claim: ClaimedTransaction,
  isMissing: (index: number) => Promise<boolean>,
): Promise<string | undefined> {
  try {
    for (const [index, hex] of claim.hexes.entries()) {
      if (await isMissing(index)) await deps.chain.source.broadcast(hex);
    }
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

type TxState = 'mined' | 'mempool' | 'unknown';

/** Where the node has the transaction (our node runs -txindex, ADR 003). */
async function txState(rpc: BitcoinRpc, txid: string): Promise<TxState> {
  try {
    const tx = await rpc.call<{ blockhash?: string; confirmations?: number }>('getrawtransaction', [
      txid,
      1,
    ]);
    if ((tx.confirmations ?? 0) > 0) return 'mined';
    // The txindex still finds a transaction of a block a reorg disconnected: not in the mempool
    // (Core put back what it could), so unknown to the chain as it is now.
    return tx.blockhash === undefined ? 'mempool' : 'unknown';
  } catch (err) {
    if (err instanceof RpcError && err.code === RPC_NOT_FOUND) return 'unknown';
    throw err;
  }
}

/**
 * The outpoints (txid:vout) the claim's transactions the node does not know spend and that are
 * no longer unspent (gettxout with the mempool): another transaction took them. Outputs of the
 * claim's own earlier transactions are not asked about.
 */
async function spentInputs(
  rpc: BitcoinRpc,
  claim: ClaimedTransaction,
  states: readonly TxState[],
): Promise<string[]> {
  const ours = new Set(claim.txids);
  const spent: string[] = [];
  for (const [index, hex] of claim.hexes.entries()) {
    if (states[index] !== 'unknown') continue;
    const tx = await rpc.call<{ vin: { txid: string; vout: number }[] }>('decoderawtransaction', [
      hex,
    ]);
    for (const input of tx.vin) {
      if (ours.has(input.txid)) continue;
      const out = await rpc.call<unknown>('gettxout', [input.txid, input.vout, true]);
      if (out === null) spent.push(`${input.txid}:${input.vout}`);
    }
  }
  return spent;
}
