import { btcToSats } from '../rpc.ts';
import type { TxDetails, TxInputDetails, TxOutputDetails, TxStatus } from './chain-source.ts';

/** Bitcoin Core's getrawtransaction answer, verbosity 1 or 2 (2 adds fee and prevouts in blocks). */
export interface RpcTx {
  txid: string;
  version: number;
  locktime: number;
  size: number;
  weight: number;
  vin: {
    txid?: string;
    vout?: number;
    coinbase?: string;
    txinwitness?: string[];
    sequence: number;
    prevout?: { value: number; scriptPubKey: { hex: string; address?: string } };
  }[];
  vout: { value: number; n: number; scriptPubKey: { hex: string; address?: string } }[];
  /** BTC; verbosity 2 of a confirmed transaction only. */
  fee?: number;
  blockhash?: string;
  /** 0 for a transaction the txindex found in a block no longer in the active chain (a reorg). */
  confirmations?: number;
  blocktime?: number;
}

/** Esplora's placeholder outpoint of a coinbase input. */
const COINBASE_TXID = '0'.repeat(64);
const COINBASE_VOUT = 0xffff_ffff;

function output(value: number, script: { hex: string; address?: string }): TxOutputDetails {
  return { scriptPubKey: script.hex, address: script.address ?? null, value: btcToSats(value) };
}

function input(vin: RpcTx['vin'][number]): TxInputDetails {
  const isCoinbase = vin.coinbase !== undefined;
  return {
    txid: isCoinbase ? COINBASE_TXID : (vin.txid ?? ''),
    vout: isCoinbase ? COINBASE_VOUT : (vin.vout ?? 0),
    prevout: vin.prevout ? output(vin.prevout.value, vin.prevout.scriptPubKey) : null,
    witness: vin.txinwitness ?? [],
    sequence: vin.sequence,
    isCoinbase,
  };
}

/** The fee from the prevouts, when every one is known; 0 for a coinbase. */
function feeFromPrevouts(vin: TxInputDetails[], vout: TxOutputDetails[]): bigint {
  if (vin.some((i) => i.isCoinbase || !i.prevout)) return 0n;
  const spent = vin.reduce((sum, i) => sum + (i.prevout?.value ?? 0n), 0n);
  return spent - vout.reduce((sum, o) => sum + o.value, 0n);
}

/**
 * A node's transaction in Esplora's terms. `fee` overrides the node's (the mempool entry knows it
 * when getrawtransaction does not).
 */
export function rpcTxToDetails(tx: RpcTx, status: TxStatus, fee?: bigint): TxDetails {
  const vin = tx.vin.map(input);
  const vout = tx.vout.map((o) => output(o.value, o.scriptPubKey));
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin,
    vout,
    size: tx.size,
    weight: tx.weight,
    fee: fee ?? (tx.fee === undefined ? feeFromPrevouts(vin, vout) : btcToSats(tx.fee)),
    status,
  };
}
