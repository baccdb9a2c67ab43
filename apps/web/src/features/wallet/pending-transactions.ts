import type { ChainTx } from '@om/core';

/** A mempool transaction of the user's, with what it does to their addresses, in sats. */
export type PendingTransaction = { txid: string; net: bigint };

/**
 * The user's transactions still in the mempool (product.md#market-calls polls the address's
 * transactions), newest first and each once, with their net effect on these addresses: what they
 * receive less what they spend.
 */
export function pendingTransactions(
  txsByAddress: readonly (readonly ChainTx[])[],
  addresses: readonly string[],
): PendingTransaction[] {
  const mine = new Set(addresses);
  const seen = new Set<string>();
  const pending: PendingTransaction[] = [];
  for (const tx of txsByAddress.flat()) {
    if (tx.status.confirmed || seen.has(tx.txid)) continue;
    seen.add(tx.txid);
    const received = tx.vout
      .filter((out) => out.scriptpubkey_address && mine.has(out.scriptpubkey_address))
      .reduce((sum, out) => sum + BigInt(out.value), 0n);
    const spent = tx.vin
      .map((input) => input.prevout)
      .filter((out) => out?.scriptpubkey_address && mine.has(out.scriptpubkey_address))
      .reduce((sum, out) => sum + BigInt(out?.value ?? '0'), 0n);
    pending.push({ txid: tx.txid, net: received - spent });
  }
  return pending;
}
