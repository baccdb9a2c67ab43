import { SWAP_CODES, type SwapCode } from '@om/core';

/**
 * A refusal the user can cause, answered as DotSwap answers it: HTTP 200, a non-zero `code` and a
 * `msg` naming the problem (ADR 017). Anything else goes through the app's error handler.
 */
export class SwapRefusal extends Error {
  override name = 'SwapRefusal';
  constructor(
    readonly code: Exclude<SwapCode, typeof SWAP_CODES.ok>,
    message: string,
  ) {
    super(message);
  }
}

export const refuse = (code: keyof Omit<typeof SWAP_CODES, 'ok'>, message: string) =>
  new SwapRefusal(SWAP_CODES[code], message);
