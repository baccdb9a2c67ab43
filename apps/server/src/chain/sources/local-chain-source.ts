import type { Db } from '../../db/create-db.ts';
import { SharedMempoolView, type MempoolSnapshots } from '../mempool-view.ts';
import { RpcError, type BitcoinRpc } from '../rpc.ts';
import { txRejected } from './chain-errors.ts';
import {
  type AddressBalance,
  ADDRESS_TXS_CHAIN_CAP,
  ADDRESS_TXS_MEMPOOL_CAP,
  FEE_RATE_FLOOR,
  orderedFees,
  type AddressUtxo,
  type ChainSource,
  type RecommendedFees,
  type TxDetails,
  type TxStatus,
} from './chain-source.ts';
import { LocalInscriptions } from './local-inscriptions.ts';
import { MempoolView } from './local-mempool.ts';
import { addressHistory, indexedTxStatus, unspentOutputs } from './local-queries.ts';
import { rpcTxToDetails, type RpcTx } from './rpc-tx.ts';

/** Core's RPC_INVALID_ADDRESS_OR_KEY: "No such mempool or blockchain transaction". */
const RPC_NOT_FOUND = -5;
/** Core's codes for a transaction it will not accept: decode -22, verify -25, rejected -26, in chain -27. */
const REJECTED_CODES = new Set([-22, -25, -26, -27]);

/**
 * Our bitcoind plus our indexer's tables (regtest and signet, where every output is indexed): no
 * outside service. The mempool is read from the node for each request, one read shared by the
 * requests that ask meanwhile (SharedMempoolView).
 */
export class LocalChainSource implements ChainSource {
  private readonly rpc: BitcoinRpc;
  private readonly db: Db;
  private readonly mempool: MempoolSnapshots;
  private readonly inscriptions: LocalInscriptions;

  /** `mempool`: another reader of the mempool (bench:launch's "before", a read per request). */
  constructor({ db, rpc, mempool }: { db: Db; rpc: BitcoinRpc; mempool?: MempoolSnapshots }) {
    this.db = db;
    this.rpc = rpc;
    const decoded = new MempoolView(rpc, db);
    this.mempool = mempool ?? new SharedMempoolView(() => decoded.snapshot());
    this.inscriptions = new LocalInscriptions(db, this.mempool);
  }

  inscriptionsOnOutputs(outpoints: readonly string[]) {
    return this.inscriptions.inscriptionsOnOutputs(outpoints);
  }

  inscriptionLocation(inscriptionId: string) {
    return this.inscriptions.inscriptionLocation(inscriptionId);
  }

  tipHeight(): Promise<number> {
    return this.rpc.getBlockCount();
  }

  async addressUtxos(address: string): Promise<AddressUtxo[]> {
    const { pending, confirmed, spent } = await this.addressOutputs(address);
    return [...pending, ...confirmed.filter((u) => !spent.has(`${u.txid}:${u.vout}`))];
  }

  async addressBalance(address: string): Promise<AddressBalance> {
    const { pending, confirmed, spent } = await this.addressOutputs(address);
    const sum = (utxos: AddressUtxo[]) => utxos.reduce((total, u) => total + u.value, 0n);
    const spentFromChain = confirmed.filter((u) => spent.has(`${u.txid}:${u.vout}`));
    return { confirmed: sum(confirmed), unconfirmed: sum(pending) - sum(spentFromChain) };
  }

  /** The address's confirmed outputs, its mempool outputs still unspent, and what the mempool spends. */
  private async addressOutputs(address: string) {
    const { spent, unspent } = mempoolOutputsOf(await this.mempool.snapshot());
    const pending = unspent.get(address) ?? [];
    const confirmed = await unspentOutputs(this.db, address);
    // A mined transaction stays in the snapshot until the index holds its block, which it may do
    // by the time of this read: its outputs count once, as confirmed.
    const indexed = new Set(confirmed.map((u) => `${u.txid}:${u.vout}`));
    return {
      pending: pending.filter((u) => !indexed.has(`${u.txid}:${u.vout}`)),
      confirmed,
      spent,
    };
  }

  async addressTxs(address: string): Promise<TxDetails[]> {
    const touches = (tx: TxDetails) =>
      tx.vout.some((o) => o.address === address) ||
      tx.vin.some((i) => i.prevout?.address === address);
    const pending = (await this.mempool.snapshot()).filter(touches);
    const history = await addressHistory(this.db, address, ADDRESS_TXS_CHAIN_CAP);
    const confirmed = await Promise.all(
      history.map(async ({ txid, status }) => {
        const tx = await this.rpc.call<RpcTx>('getrawtransaction', [txid, 2, status.blockHash]);
        return rpcTxToDetails(tx, status);
      }),
    );
    const mined = new Set(history.map((h) => h.txid));
    const unmined = pending.filter((tx) => !mined.has(tx.txid));
    return [...unmined.slice(0, ADDRESS_TXS_MEMPOOL_CAP), ...(await this.newestFirst(confirmed))];
  }

  /** Esplora's order: by height, then by position in the block, newest first. */
  private async newestFirst(txs: TxDetails[]): Promise<TxDetails[]> {
    const hashes = txs.map((tx) => tx.status.blockHash ?? '');
    const shared = new Set(hashes.filter((hash, i) => hashes.indexOf(hash) !== i));
    const position = new Map<string, number>();
    for (const hash of shared) {
      const block = await this.rpc.call<{ tx: string[] }>('getblock', [hash, 1]);
      block.tx.forEach((txid, i) => position.set(txid, i));
    }
    const height = (tx: TxDetails) => tx.status.blockHeight ?? 0;
    const at = (tx: TxDetails) => position.get(tx.txid) ?? 0;
    return [...txs].sort((a, b) => height(b) - height(a) || at(b) - at(a));
  }

  async txStatus(txid: string): Promise<TxStatus | null> {
    const indexed = await indexedTxStatus(this.db, txid);
    if (indexed) return indexed;
    const inMempool = await this.rpc.call('getmempoolentry', [txid]).then(
      () => true,
      (err: unknown) => notFound(err, false),
    );
    if (inMempool) return { confirmed: false };
    // Mined but not indexed yet (the follower is a block behind): ask the node's txindex.
    const tx = await this.rpc
      .call<RpcTx>('getrawtransaction', [txid, 1])
      .catch((err: unknown) => notFound(err, undefined));
    // The txindex keeps transactions of blocks a reorg disconnected: mined only in the active chain.
    if (!tx?.blockhash || !((tx.confirmations ?? 0) > 0)) return null;
    const header = await this.rpc.call<{ height: number }>('getblockheader', [tx.blockhash]);
    return {
      confirmed: true,
      blockHeight: header.height,
      blockHash: tx.blockhash,
      blockTime: tx.blocktime,
    };
  }

  async tx(txid: string): Promise<TxDetails | null> {
    const status = await this.txStatus(txid);
    if (!status) return null;
    if (!status.confirmed) {
      return (await this.mempool.snapshot()).find((tx) => tx.txid === txid) ?? null;
    }
    const tx = await this.rpc.call<RpcTx>('getrawtransaction', [txid, 2, status.blockHash]);
    return rpcTxToDetails(tx, status);
  }

  /**
   * estimatesmartfee for 1, 3, 6 and 144 blocks, in sat/vB rounded up, never under 1 sat/vB nor the
   * mempool's minimum; where the node has no estimate (regtest) the floor.
   */
  async recommendedFees(): Promise<RecommendedFees> {
    const [fastestFee, halfHourFee, hourFee, economyFee] = await Promise.all(
      [1, 3, 6, 144].map(async (blocks) => {
        const { feerate } = await this.rpc.estimateSmartFee(blocks);
        return feerate === undefined ? FEE_RATE_FLOOR : btcPerKvbToSatPerVb(feerate);
      }),
    );
    const info = await this.rpc.call<{ mempoolminfee: number }>('getmempoolinfo');
    return orderedFees({
      fastestFee: fastestFee ?? FEE_RATE_FLOOR,
      halfHourFee: halfHourFee ?? FEE_RATE_FLOOR,
      hourFee: hourFee ?? FEE_RATE_FLOOR,
      economyFee: economyFee ?? FEE_RATE_FLOOR,
      minimumFee: btcPerKvbToSatPerVb(info.mempoolminfee),
    });
  }

  async broadcast(hex: string): Promise<string> {
    try {
      return await this.rpc.sendRawTransaction(hex);
    } catch (err) {
      if (err instanceof RpcError && REJECTED_CODES.has(err.code)) {
        throw txRejected(rpcReason(err));
      }
      throw err;
    }
  }
}

/** BTC per 1000 vbytes → whole sat/vB, rounded up (exact: Core prints 8 decimals). */
export function btcPerKvbToSatPerVb(btcPerKvb: number): number {
  return Math.ceil(Math.round(btcPerKvb * 1e8) / 1000);
}

function notFound<T>(err: unknown, value: T): T {
  if (err instanceof RpcError && err.code === RPC_NOT_FOUND) return value;
  throw err;
}

/** RpcError's message is "method: reason (code n)"; the user needs the reason. */
function rpcReason(err: RpcError): string {
  return err.message.slice(err.method.length + 2).replace(/ \(code -?\d+\)$/, '');
}

/** A read's spent outpoints and unspent outputs by address, once per read: its requests share it. */
type MempoolOutputs = { spent: Set<string>; unspent: Map<string, AddressUtxo[]> };

const outputsByRead = new WeakMap<TxDetails[], MempoolOutputs>();

function mempoolOutputsOf(txs: TxDetails[]): MempoolOutputs {
  const known = outputsByRead.get(txs);
  if (known) return known;
  const spent = new Set(txs.flatMap((tx) => tx.vin.map((i) => `${i.txid}:${i.vout}`)));
  const unspent = new Map<string, AddressUtxo[]>();
  for (const tx of txs) {
    tx.vout.forEach((out, vout) => {
      if (out.address === null || spent.has(`${tx.txid}:${vout}`)) return;
      const utxo = { txid: tx.txid, vout, value: out.value, status: tx.status };
      const list = unspent.get(out.address);
      if (list) list.push(utxo);
      else unspent.set(out.address, [utxo]);
    });
  }
  const outputs = { spent, unspent };
  outputsByRead.set(txs, outputs);
  return outputs;
}
