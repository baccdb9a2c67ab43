import type { BitcoinRpc } from '../../../apps/server/src/chain/rpc.ts';

/** RPC calls by method, counted on one client from now on: what a mint costs the node. */
export function countRpcCalls(rpc: BitcoinRpc): {
  since: () => () => Record<string, number>;
} {
  const counts = new Map<string, number>();
  const call = rpc.call.bind(rpc);
  rpc.call = <T>(method: string, params?: unknown[]): Promise<T> => {
    counts.set(method, (counts.get(method) ?? 0) + 1);
    return call<T>(method, params);
  };
  return {
    since: () => {
      const start = new Map(counts);
      return () =>
        Object.fromEntries(
          [...counts].map(([method, n]) => [method, n - (start.get(method) ?? 0)] as const),
        );
    },
  };
}
