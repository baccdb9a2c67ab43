import type { ChainDeps } from '../app-deps.ts';
import { txRejected } from '../chain/sources/chain-errors.ts';
import { AppError } from '../http/app-error.ts';

export type MempoolVerdict = {
  txid: string;
  allowed?: boolean;
  'reject-reason'?: string;
  'package-error'?: string;
};

/**
 * Bitcoin Core's testmempoolaccept for transactions we are about to broadcast: a parent and its
 * child (a padding setup and the purchase spending it) go in one call as a package. Without a node
 * (Esplora) there is nothing to ask; the broadcast itself then refuses what the network refuses.
 * Throws a 400 'Transaction rejected: {reason}'.
 */
export async function testMempoolAccept(chain: ChainDeps, hexes: readonly string[]): Promise<void> {
  if (!chain.rpc) return;
  const verdicts = await chain.rpc.call<MempoolVerdict[]>('testmempoolaccept', [hexes]);
  const reason = refusalOf(verdicts);
  if (reason !== undefined) throw txRejected(reason);
}

/**
 * Why the node refused, if it did. A refused package carries its 'package-error' on every member
 * and the real reason only on the member that failed (a parent may have none, validation having
 * stopped): that member's reason, else the package's.
 */
export function refusalOf(verdicts: readonly MempoolVerdict[]): string | undefined {
  const refused = verdicts.filter((v) => v.allowed !== true);
  if (refused.length === 0) return undefined;
  const member = refused.find((v) => v['reject-reason'])?.['reject-reason'];
  return (
    member ?? refused.find((v) => v['package-error'])?.['package-error'] ?? 'refused by the node'
  );
}

/** Broadcasts in order (parents first); answers the txids. */
export async function broadcastInOrder(
  chain: ChainDeps,
  hexes: readonly string[],
): Promise<string[]> {
  const txids: string[] = [];
  for (const hex of hexes) txids.push(await chain.source.broadcast(hex));
  return txids;
}

/** The node refused a transaction (txRejected's 400 'Transaction rejected: …'), as opposed to being away. */
export function isTxRejection(err: unknown): err is AppError {
  return err instanceof AppError && err.code === 'INVALID_INPUT';
}
