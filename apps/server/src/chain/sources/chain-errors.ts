import { AppError } from '../../http/app-error.ts';

export const CHAIN_UNAVAILABLE = 'Chain data service unavailable';

/** The chain data service failed, timed out or answered nonsense: a 503, the cause kept for logs. */
export function chainUnavailable(cause: unknown): AppError {
  return Object.assign(new AppError('UNAVAILABLE', CHAIN_UNAVAILABLE), { cause });
}

/** The node (or Esplora's node) refused the transaction: the user's input, so a 400. */
export function txRejected(reason: string): AppError {
  const message = `Transaction rejected: ${reason}`;
  return new AppError('INVALID_INPUT', message, [{ msg: message, path: 'hex' }]);
}
