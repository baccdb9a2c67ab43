import type { ApiErrorItem } from '@om/core';

/** The few kinds of failure the API reports; each maps to one HTTP status. */
export type AppErrorCode =
  | 'INVALID_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'BAD_GATEWAY'
  | 'INTERNAL';

export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  /** A service we call (X) failed or answered nonsense. */
  BAD_GATEWAY: 502,
  INTERNAL: 500,
};

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly errors: ApiErrorItem[] = [{ msg: message }],
  ) {
    super(message);
  }
}

export function invalidInput(message: string, path?: string): AppError {
  return new AppError('INVALID_INPUT', message, [path ? { msg: message, path } : { msg: message }]);
}

export function notFound(message: string): AppError {
  return new AppError('NOT_FOUND', message);
}
