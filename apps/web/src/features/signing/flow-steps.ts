import { FAILED_TO_SIGN_PSBT } from '@om/core';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import type { SignPsbtRequest } from '../wallet/wallet.types.ts';

/** A failed step of a signing flow: the spec's toast title and the reason under it. */
export class TradeFlowError extends Error {
  override readonly name = 'TradeFlowError';
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title} ${description}`);
  }
}

/** Every message the server or the wallet gave, for the toast's description. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.messages.join(' ');
  return errorMessage(error);
}

/**
 * Runs one step of a flow; a failure becomes a TradeFlowError titled with that step's toast
 * (product.md#errors), so the whole flow reports the step that failed and why.
 */
export async function step<T>(title: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TradeFlowError) throw error;
    throw new TradeFlowError(title, describeError(error));
  }
}

/** The wallet step every flow shares: 'Failed to sign psbt' and the wallet's reason. */
export function signStep(
  signPsbt: (request: SignPsbtRequest) => Promise<string>,
  request: SignPsbtRequest,
): Promise<string> {
  return step(FAILED_TO_SIGN_PSBT, () => signPsbt(request));
}

/** The error toast of a flow; anything unexpected under `fallbackTitle`. */
export function toastFlowError(error: unknown, fallbackTitle: string): void {
  if (error instanceof TradeFlowError) {
    toast.error(error.title, { description: error.description });
  } else {
    toast.error(fallbackTitle, { description: describeError(error) });
  }
}
