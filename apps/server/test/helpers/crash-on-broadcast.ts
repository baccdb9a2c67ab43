import { BitcoinRpc } from '../../src/chain/rpc.ts';

// Test-only preload (`node --import tsx --import <this file>`) for claim-crash.test.ts: with
// CRASH_ON_BROADCAST set, the server dies by SIGKILL the moment it first asks the node to
// broadcast, that is after a claim committed and before its transaction left the process. No
// production code knows about the fault.
if (process.env.CRASH_ON_BROADCAST) {
  const call = BitcoinRpc.prototype.call;
  BitcoinRpc.prototype.call = function <T>(this: BitcoinRpc, method: string, params?: unknown[]) {
    if (method === 'sendrawtransaction') process.kill(process.pid, 'SIGKILL');
    return call.call(this, method, params) as Promise<T>;
  };
}
