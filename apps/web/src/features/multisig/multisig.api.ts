import {
  BuiltPsbtPayloadSchema,
  MultisigBroadcastPayloadSchema,
  MultisigTransactionSchema,
  MultisigUtxosPayloadSchema,
  MultisigWalletSchema,
  type ConfirmDepositBody,
  type ConfirmPaddingBody,
  type ConfirmWithdrawalBody,
  type DepositBody,
  type GetWalletBody,
  type MultisigKind,
  type SetupPaddingBody,
  type WithdrawalBody,
  type WithdrawInscriptionsBody,
} from '@om/core';
import { ApiError, api, type PayloadSchema } from '../../lib/api-client.ts';

/**
 * product.md#market-calls "Multisig calls throw an error carrying status text, code and errors":
 * the HTTP status text, the status as `code`, the envelope's `errors`. It is an ApiError, so the
 * trade flows' toasts show its messages like any other.
 */
export class MultisigApiError extends ApiError {
  override readonly name: string = 'MultisigApiError';

  /** The HTTP status; 0 when the server was not reached. */
  get code(): number {
    return this.status;
  }

  static from(error: unknown): MultisigApiError {
    if (error instanceof MultisigApiError) return error;
    if (error instanceof ApiError) {
      return new MultisigApiError(error.status, error.error, error.errors, error.statusText);
    }
    // fetch itself failed (offline, CORS): no status, the browser's reason as text.
    const text = error instanceof Error ? error.message : 'The server could not be reached';
    return new MultisigApiError(0, text, [], text);
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    // A cancelled query is no failure: TanStack Query expects its AbortError back.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw MultisigApiError.from(error);
  }
}

const post = <T>(path: string, body: unknown, schema: PayloadSchema<T>) =>
  call(() => api.post(path, body, schema));
const get = <T>(path: string, schema: PayloadSchema<T>, signal?: AbortSignal) =>
  call(() => api.get(path, schema, { signal }));

const MultisigTransactionsSchema = MultisigTransactionSchema.array();
const WithdrawalPayloadSchema = BuiltPsbtPayloadSchema.extend({
  availableBalance: MultisigUtxosPayloadSchema.shape.availableBalance,
});

const WALLET_PATHS: Record<MultisigKind, string> = {
  multisig: '/api/multisig/get-wallet',
  maker: '/api/multisig/get-maker-wallet',
};

/** Every multisig call of the web app; each failure is a MultisigApiError. */
export const multisigApi = {
  wallet: (kind: MultisigKind, body: GetWalletBody) =>
    post(WALLET_PATHS[kind], body, MultisigWalletSchema),
  utxos: (walletId: string, signal?: AbortSignal) =>
    get(`/api/multisig/utxos/${encodeURIComponent(walletId)}`, MultisigUtxosPayloadSchema, signal),
  transactions: (walletId: string, signal?: AbortSignal) =>
    get(
      `/api/multisig/transactions/${encodeURIComponent(walletId)}`,
      MultisigTransactionsSchema,
      signal,
    ),
  setupPadding: (body: SetupPaddingBody) =>
    post('/api/multisig/setup-padding', body, BuiltPsbtPayloadSchema),
  confirmPadding: (body: ConfirmPaddingBody) =>
    post('/api/multisig/confirm-padding', body, MultisigBroadcastPayloadSchema),
  deposit: (body: DepositBody) => post('/api/multisig/deposit', body, BuiltPsbtPayloadSchema),
  confirmDeposit: (body: ConfirmDepositBody) =>
    post('/api/multisig/deposit/confirm', body, MultisigBroadcastPayloadSchema),
  withdrawal: (body: WithdrawalBody) =>
    post('/api/multisig/withdrawal', body, WithdrawalPayloadSchema),
  /** Completes BTC and inscription withdrawals alike. */
  confirmWithdrawal: (body: ConfirmWithdrawalBody) =>
    post('/api/multisig/withdrawal/confirm', body, MultisigBroadcastPayloadSchema),
  /**
   * The answer's `transfers` ({ inscriptionId, prevOwnerWallet }) is left out: the page knows both,
   * the inscriptions it asked for and the maker wallet they leave.
   */
  withdrawInscriptions: (body: WithdrawInscriptionsBody) =>
    post('/api/multisig/withdrawal-inscriptions', body, BuiltPsbtPayloadSchema),
};
