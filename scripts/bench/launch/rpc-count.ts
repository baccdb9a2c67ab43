import { RPC_BATCH_SIZE, type BitcoinRpc } from '../../../apps/server/src/chain/rpc.ts';

/**
 * RPC calls by method, counted on one client from now on: what a mint costs the node. A batch's
 * calls count under their method, and its requests under "<method> (batches)".
 */
export function countRpcCalls(rpc: BitcoinRpc): {
  since: () => () => Record<string, number>;
} {
  const counts = new Map<string, number>();
  const call = rpc.call.bind(rpc);
  rpc.call = <T>(method: string, params?: unknown[]): Promise<T> => {
    counts.set(method, (counts.get(method) ?? 0) + 1);
    return call<T>(method, params);
  };
  const batch = rpc.batch.bind(rpc);
  rpc.batch = <T>(method: string, paramsList: readonly unknown[][]) => {
    const requests = Math.ceil(paramsList.length / RPC_BATCH_SIZE);
    counts.set(method, (counts.get(method) ?? 0) + paramsList.length);
    const batches = `${method} (batches)`;
    counts.set(batches, (counts.get(batches) ?? 0) + requests);
    return batch<T>(method, paramsList);
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
