import type { ColumnType, Generated } from 'kysely';
import type { BuiltInscriptionDeposit, BuiltPayment } from '@om/bitcoin';
import type {
  Int8,
  Int8Default,
  Int8Nullable,
  Numeric,
  Timestamp,
  TimestampNullable,
  UpdatedAt,
  JsonValue,
  Jsonb,
} from './column-types.ts';

// Kysely's view of the tables of one area: launches, phases, allow lists, batches, items, editions.
// How values cross the driver: database.ts.

export type LaunchpadStatus =
  'initializing' | 'pending_psbt_signature' | 'pending' | 'active' | 'failed' | 'canceled';
export type LaunchpadType = 'psbt' | 'editions';

/**
 * launchpads.meta_data (product.md#records: presold_inscriptions, total_sold_override;
 * product.md#creator-side: hide_progress).
 */
interface LaunchpadMetaData {
  /** The deposits' fee rate, sat/vB, as the creator chose it (pre-inscribed launches). */
  fee_rate?: number;
  presold_inscriptions?: number;
  total_sold_override?: number;
  hide_progress?: boolean;
  [key: string]: JsonValue | undefined;
}

export interface LaunchpadsTable {
  id: Generated<string>;
  slug: string;
  collection_id: Int8;
  status: ColumnType<LaunchpadStatus, LaunchpadStatus | undefined, LaunchpadStatus>;
  launchpad_type: LaunchpadType;
  total_inscriptions: Generated<number>;
  remaining_inscriptions: Generated<number>;
  reserved_inscriptions: Generated<number>;
  number_of_editions: number | null;
  remaining_editions: number | null;
  edition_inscription_id: string | null;
  edition_signature: string | null;
  meta_data: Jsonb<LaunchpadMetaData>;
  maker_payment_address: string;
  maker_payment_public_key: string | null;
  maker_ordinal_address: string | null;
  maker_ordinal_public_key: string | null;
  failed_reason: string | null;
  creator_user_id: string | null;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export type PhaseStatus = 'pending' | 'signed' | 'active';

export interface LaunchpadPhasesTable {
  id: Generated<string>;
  launchpad_id: string;
  name: string;
  phase_number: number;
  /** UTC seconds. */
  start_date: Int8;
  /** UTC seconds; null: the phase never ends. */
  end_date: Int8Nullable;
  status: ColumnType<PhaseStatus, PhaseStatus | undefined, PhaseStatus>;
  total_inscriptions: Generated<number>;
  remaining_inscriptions: Generated<number>;
  is_public: Generated<boolean>;
  /** Sats. */
  price: Int8;
  /** Per-address allowance shared by the allow list; null on public phases (unlimited). */
  allocation: number | null;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

interface PhaseAllowListEntriesTable {
  phase_id: string;
  address: string;
  allocation: Generated<number>;
}

export type PsbtBatchStatus = 'pending' | 'signed' | 'invalidated';

export interface PsbtBatchesTable {
  id: Generated<string>;
  phase_id: string;
  batch_number: number;
  inscription_count: number;
  status: ColumnType<PsbtBatchStatus, PsbtBatchStatus | undefined, PsbtBatchStatus>;
  psbt: string;
  signed_psbt: string | null;
  signed_at: TimestampNullable;
  /** 0008: a deposit into the maker wallet, or a phase's listing of up to 100 inscriptions. */
  kind: ColumnType<PsbtBatchKind, PsbtBatchKind | undefined, PsbtBatchKind>;
  /** The deposit's txid (fixed before signing); null for a listing. */
  txid: string | null;
  inputs_to_sign: Jsonb<BatchInputToSign[]>;
  /** The deposit builder's layout (JSON), kept to finalize what the creator signs. */
  layout: ColumnType<LaunchDepositLayout | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export type PsbtBatchKind = 'deposit' | 'listing';
export type BatchInputToSign = { index: number; address: string; sighash?: number };
/** A deposit's inputs as built, and the fee rate its signed PSBT may not exceed. */
export type LaunchDepositLayout = BuiltInscriptionDeposit['layout'] & { maxFeeRate?: number };

/** 0008: a launch's inscriptions in the creator's order, and the maker wallet output each sits at. */
export interface LaunchInscriptionsTable {
  launchpad_id: string;
  position: number;
  inscription_id: string;
  source_outpoint: string;
  outpoint: string;
  output_value: Int8;
  inscription_offset: Int8Default;
  in_maker_wallet: Generated<boolean>;
}

/**
 * 0009, 0021: the terms of an edition order, fixed when it is made (ADR 011). Its state, charge
 * address, amount, commit, reveal and refund are its inscription-service order's (inscribe_orders,
 * order_type 'edition', the same id).
 */
/** A reveal output, sats as a decimal string (jsonb). */
type EditionRevealOutput = { address: string; value: string };

interface EditionOrdersTable {
  id: string;
  launchpad_id: string;
  user_id: string;
  mint_count: number;
  taker_ordinal_address: string;
  taker_payment_address: string;
  unit_price: Int8;
  platform_fee: Int8Default;
  /** The reveal's fee. */
  network_fee: Int8;
  max_fee_rate: Numeric;
  reveal_outputs: ColumnType<EditionRevealOutput[], string, string>;
  psbt: string;
  /** The buyer's payment PSBT's layout (BuiltPayment's). */
  layout: ColumnType<BuiltPayment['layout'], string, string>;
  created_at: Timestamp;
}

export interface LaunchpadTables {
  launchpads: LaunchpadsTable;
  launchpad_phases: LaunchpadPhasesTable;
  phase_allow_list_entries: PhaseAllowListEntriesTable;
  psbt_batches: PsbtBatchesTable;
  launch_inscriptions: LaunchInscriptionsTable;
  edition_orders: EditionOrdersTable;
}
