import type { ChainTx, ChainTxStatus, Utxo } from '@om/core';
import type {
  AddressUtxo,
  TxDetails,
  TxOutputDetails,
  TxStatus,
} from '../../chain/sources/chain-source.ts';

/** Our chain types in Esplora's JSON field names, sats as decimal strings (packages/core chain.api). */

export function toWireStatus(status: TxStatus): ChainTxStatus {
  if (!status.confirmed) return { confirmed: false };
  return {
    confirmed: true,
    block_height: status.blockHeight,
    block_hash: status.blockHash,
    block_time: status.blockTime,
  };
}

function toWireOutput(out: TxOutputDetails): ChainTx['vout'][number] {
  return {
    scriptpubkey: out.scriptPubKey,
    ...(out.address === null ? {} : { scriptpubkey_address: out.address }),
    value: out.value.toString(),
  };
}

export function toWireTx(tx: TxDetails): ChainTx {
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.vin.map((i) => ({
      txid: i.txid,
      vout: i.vout,
      prevout: i.prevout && toWireOutput(i.prevout),
      witness: i.witness,
      sequence: i.sequence,
      is_coinbase: i.isCoinbase,
    })),
    vout: tx.vout.map(toWireOutput),
    size: tx.size,
    weight: tx.weight,
    fee: tx.fee.toString(),
    status: toWireStatus(tx.status),
  };
}

export function toWireUtxo(utxo: AddressUtxo): Utxo {
  return {
    txid: utxo.txid,
    vout: utxo.vout,
    value: utxo.value.toString(),
    status: toWireStatus(utxo.status),
  };
}
