import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0002_chain_index.sql. int8 reads as a decimal string. */
type Int8 = ColumnType<string, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

interface ChainBlocksTable {
  height: number;
  hash: string;
  previous_hash: string;
  block_time: Timestamp;
  counters: ColumnType<unknown, string, string>;
  indexed_at: Generated<Date>;
}

interface ChainInscriptionsTable {
  inscription_id: string;
  number: Int8;
  sequence: Int8;
  genesis_txid: string;
  genesis_height: number;
  genesis_time: Timestamp;
  genesis_fee: Int8;
  content_type: string | null;
  content_encoding: string | null;
  content_length: number;
  content: Uint8Array | null;
  metaprotocol: string | null;
  parents: ColumnType<string[], string[] | undefined, string[]>;
  delegate: string | null;
  pointer: ColumnType<string | null, string | null, string | null>;
  metadata: Uint8Array | null;
  properties: Uint8Array | null;
  genesis_charms: ColumnType<string[], string[] | undefined, string[]>;
  charms: ColumnType<string[], string[] | undefined, string[]>;
  txid: string;
  vout: Int8;
  sat_offset: Int8;
  output_value: Int8;
  address: string | null;
  location_height: number;
}

interface ChainTransfersTable {
  inscription_id: string;
  height: number;
  seq: number;
  txid: string;
  vout: Int8;
  sat_offset: Int8;
  output_value: Int8;
  address: string | null;
  added_charms: ColumnType<string[], string[] | undefined, string[]>;
  /** 0019: placed by the coinbase (spent as fee or lost). */
  sent_as_fee: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0019: the output's script when it has no address (OP_RETURN, nonstandard). */
  script: Uint8Array | null;
}

interface ChainUtxosTable {
  txid: string;
  vout: number;
  value: Int8;
  script: Uint8Array;
  address: string | null;
  height: number;
}

/** migrations/0039_chain_spends.sql: the block that spent an output of chain_utxos. */
interface ChainSpendsTable {
  txid: string;
  vout: number;
  spent_height: number;
  spent_txid: string;
}

interface MempoolSpendsTable {
  txid: string;
  prev_txid: string;
  prev_vout: number;
  seen_at: Generated<Date>;
}

export interface ChainTables {
  chain_blocks: ChainBlocksTable;
  chain_inscriptions: ChainInscriptionsTable;
  chain_transfers: ChainTransfersTable;
  chain_utxos: ChainUtxosTable;
  chain_spends: ChainSpendsTable;
  mempool_spends: MempoolSpendsTable;
}
