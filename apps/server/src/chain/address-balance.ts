import { btcToSats, type BitcoinRpc } from './rpc.ts';

export interface AddressBalance {
  confirmed: bigint;
  unconfirmed: bigint;
}

/**
 * An address's balance straight from the node: the UTXO set (scantxoutset) for what is confirmed,
 * the mempool for what is moving. This reads the whole mempool per call, which is fine on regtest;
 * the indexer's UTXO table replaces it for busy networks.
 */
export class AddressBalanceReader {
  // scantxoutset runs one scan at a time per node; queue ours instead of failing.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly rpc: BitcoinRpc) {}

  async read(address: string): Promise<AddressBalance> {
    const confirmed = await this.scan(address);
    const unconfirmed = await this.mempoolDelta(address);
    return { confirmed, unconfirmed };
  }

  private scan(address: string): Promise<bigint> {
    const run = this.queue.then(async () => {
      const result = await this.rpc.scanTxOutSet([`addr(${address})`]);
      return result.unspents.reduce((sum, u) => sum + btcToSats(u.amount), 0n);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async mempoolDelta(address: string): Promise<bigint> {
    let delta = 0n;
    for (const txid of await this.rpc.getRawMempool()) {
      const tx = await this.rpc.getRawTransactionVerbose(txid).catch(() => undefined);
      if (!tx) continue; // left the mempool while we read it
      for (const out of tx.vout)
        if (out.scriptPubKey.address === address) delta += btcToSats(out.value);
      for (const input of tx.vin) {
        if (input.prevout?.scriptPubKey.address === address)
          delta -= btcToSats(input.prevout.value);
      }
    }
    return delta;
  }
}
