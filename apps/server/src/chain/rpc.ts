import { RpcConnection } from './rpc-connection.ts';
import { chunks } from '../shared/chunks.ts';

/**
 * A typed JSON-RPC client for the bitcoind calls we make. Amounts in Bitcoin Core's JSON are BTC
 * numbers with 8 decimals; `btcToSats` turns them into exact bigint sats.
 */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly method: string,
    readonly code: number,
    /** The node's own words, without the method and code around them. */
    readonly reason: string,
  ) {
    super(`${method}: ${reason} (code ${code})`);
  }
}

/** Bitcoin Core's RPC_IN_WARMUP: the node is starting and not answering calls yet. */
export const RPC_IN_WARMUP = -28;

export interface RpcAuth {
  url: string;
  username: string;
  password: string;
}

export function btcToSats(btc: number): bigint {
  // Core prints at most 8 decimals, so rounding the scaled double recovers the exact integer.
  return BigInt(Math.round(btc * 1e8));
}

export function satsToBtcString(sats: bigint): string {
  const whole = sats / 100_000_000n;
  const frac = (sats % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${frac}`;
}

export type BlockchainInfo = {
  chain: string;
  blocks: number;
  headers: number;
  bestblockhash: string;
  initialblockdownload: boolean;
};
export type ScanResult = {
  success: boolean;
  total_amount: number;
  unspents: { txid: string; vout: number; amount: number; height: number; scriptPubKey: string }[];
};
export type VerboseTx = {
  txid: string;
  vin: {
    txid?: string;
    vout?: number;
    coinbase?: string;
    prevout?: { value: number; scriptPubKey: { address?: string } };
  }[];
  vout: {
    value: number;
    n: number;
    scriptPubKey: { address?: string; hex: string; type: string };
  }[];
  blockhash?: string;
  confirmations?: number;
};

type RpcScript = { hex: string; address?: string; type: string };
export type RpcBlock3 = {
  hash: string;
  height: number;
  previousblockhash?: string;
  time: number;
  tx: {
    txid: string;
    vin: {
      txid?: string;
      vout?: number;
      coinbase?: string;
      txinwitness?: string[];
      prevout?: { value: number; scriptPubKey: RpcScript };
    }[];
    vout: { value: number; n: number; scriptPubKey: RpcScript }[];
  }[];
};

type RpcAnswer<T> = { id: number; result: T; error: { code: number; message: string } | null };

/** Calls per JSON-RPC batch: a request the node answers in one go, not one it holds a worker on for long. */
export const RPC_BATCH_SIZE = 200;

export class BitcoinRpc {
  private nextId = 0;

  /** getAuth is read on every call: the embedded node's cookie changes when it restarts. */
  constructor(
    private readonly getAuth: () => RpcAuth,
    readonly wallet?: string,
    private readonly connection = new RpcConnection(),
  ) {}

  /** Where and as whom the calls go now (a block reader thread makes the same calls). */
  auth(): RpcAuth {
    return this.getAuth();
  }

  /** The same node, calling into one of its wallets. */
  forWallet(name: string): BitcoinRpc {
    return new BitcoinRpc(this.getAuth, name, this.connection);
  }

  call<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.connection.run(async () => {
      const body = { jsonrpc: '1.0', id: ++this.nextId, method, params };
      const answer = await this.post<RpcAnswer<T>>(method, body);
      if (answer.error) throw new RpcError(method, answer.error.code, answer.error.message);
      return answer.result;
    });
  }

  /**
   * Many calls of one method as JSON-RPC batches of up to RPC_BATCH_SIZE calls: each batch is one
   * request, one place in the gate's queue and one socket write, where as many calls were as many
   * of each (a mint rush's mempool reads and coin checks: product.md#scale-and-delivery). Answers,
   * in order, each call's result or its own RpcError; a batch the node refuses as a whole throws.
   */
  async batch<T>(method: string, paramsList: readonly unknown[][]): Promise<(T | RpcError)[]> {
    const answered = await Promise.all(
      chunks(paramsList, RPC_BATCH_SIZE).map((list) =>
        this.connection.run(async () => {
          const calls = list.map((params) => ({
            jsonrpc: '1.0',
            id: ++this.nextId,
            method,
            params,
          }));
          const answers = await this.post<RpcAnswer<T>[]>(method, calls);
          if (!Array.isArray(answers)) {
            throw new RpcError(method, -32700, 'the node did not answer the batch as one');
          }
          const byId = new Map(answers.map((a) => [a.id, a]));
          return calls.map(({ id }): T | RpcError => {
            const answer = byId.get(id);
            if (!answer) return new RpcError(method, -32603, 'no answer to this call of the batch');
            if (answer.error) return new RpcError(method, answer.error.code, answer.error.message);
            return answer.result;
          });
        }),
      ),
    );
    return answered.flat();
  }

  /** POSTs one call or a batch and parses the answer; the node's refusals of the whole throw. */
  private async post<A>(method: string, payload: object): Promise<A> {
    const auth = this.getAuth();
    const base = auth.url.replace(/\/$/, '');
    const endpoint = this.wallet ? `${base}/wallet/${encodeURIComponent(this.wallet)}` : base;
    const authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
    const res = await this.connection.post(endpoint, authorization, JSON.stringify(payload));
    if (res.status === 401)
      throw new RpcError(method, -401, 'bitcoind rejected the RPC credentials');
    try {
      return JSON.parse(res.text) as A;
    } catch {
      throw new RpcError(method, res.status, `unexpected answer: ${res.text.slice(0, 200)}`);
    }
  }

  getBlockchainInfo = () => this.call<BlockchainInfo>('getblockchaininfo');
  getBlockCount = () => this.call<number>('getblockcount');
  getBlockHash = (height: number) => this.call<string>('getblockhash', [height]);
  getBestBlockHash = () => this.call<string>('getbestblockhash');
  /** Verbosity 3: every input carries its prevout (value and script), from the node's undo data. */
  getBlockVerbose3 = (hash: string) => this.call<RpcBlock3>('getblock', [hash, 3]);
  /** Long-polls until the tip changes or the timeout (ms) passes; answers the tip either way. */
  waitForNewBlock = (timeoutMs: number) =>
    this.call<{ hash: string; height: number }>('waitfornewblock', [timeoutMs]);
  getRawMempool = () => this.call<string[]>('getrawmempool');
  getRawTransactionVerbose = (txid: string) => this.call<VerboseTx>('getrawtransaction', [txid, 2]);
  sendRawTransaction = (hex: string, maxFeeRate?: number) =>
    this.call<string>('sendrawtransaction', maxFeeRate === undefined ? [hex] : [hex, maxFeeRate]);
  testMempoolAccept = (hexes: string[]) =>
    this.call<{ txid: string; allowed: boolean; 'reject-reason'?: string }[]>('testmempoolaccept', [
      hexes,
    ]);
  estimateSmartFee = (blocks: number) =>
    this.call<{ feerate?: number; errors?: string[] }>('estimatesmartfee', [blocks]);
  scanTxOutSet = (descriptors: string[]) =>
    this.call<ScanResult>('scantxoutset', ['start', descriptors]);
  generateToAddress = (blocks: number, address: string) =>
    this.call<string[]>('generatetoaddress', [blocks, address]);
  invalidateBlock = (hash: string) => this.call<null>('invalidateblock', [hash]);
  stop = () => this.call<string>('stop');
  // Wallet calls: use forWallet(name) first.
  listWallets = () => this.call<string[]>('listwallets');
  listWalletDir = () => this.call<{ wallets: { name: string }[] }>('listwalletdir');
  createWallet = (name: string) =>
    this.call<{ name: string }>('createwallet', [name, false, false, '', false, true, true]);
  loadWallet = (name: string) => this.call<{ name: string }>('loadwallet', [name, true]);
  getNewAddress = (type: 'bech32' | 'bech32m' = 'bech32m') =>
    this.call<string>('getnewaddress', ['', type]);
  getBalance = () => this.call<number>('getbalance');
  /** amount is an exact BTC decimal string: Core parses it without a float. */
  sendToAddress = (address: string, amountBtc: string) =>
    this.call<string>('sendtoaddress', [address, amountBtc]);
}

/** http://user:pass@host:port → credentials; the URL's own user and password are the RPC login. */
export function rpcAuthFromUrl(url: string): RpcAuth {
  const u = new URL(url);
  const username = decodeURIComponent(u.username);
  const password = decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  return { url: u.toString(), username, password };
}
