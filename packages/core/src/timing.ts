// Debounces, polls, delays and retries of product.md#validation, #constants-and-limits,
// #states-and-transitions, in milliseconds.

// Debounces (product.md#validation, #constants-and-limits).
export const NAME_CHECK_DEBOUNCE_MS = 500;
/** "About 1 s; exact constant not shown" (product.md#validation). */
export const SLUG_CHECK_DEBOUNCE_MS = 1000;
/** Half the slug delay (product.md#constants-and-limits). */
export const INSCRIPTION_ID_CHECK_DEBOUNCE_MS = SLUG_CHECK_DEBOUNCE_MS / 2;
export const X_HANDLE_CHECK_DEBOUNCE_MS = 500;
export const INSCRIPTION_LIST_DEBOUNCE_MS = 1000;

// Polls (product.md#states-and-transitions, #market-calls, #constants-and-limits).
export const LAUNCHPAD_STATUS_POLL_MS = 8_000;
export const SWAP_POOL_INFO_POLL_MS = 7_000;
export const BRC20_ORDER_POLL_MS = 5_000;
export const INSCRIPTION_ORDER_POLL_MS = 5_000;
export const EXTERNAL_ORDER_POLL_MS = 20_000;
export const ORDER_PAYMENT_ADDRESS_TIMEOUT_MS = 5 * 60_000;
export const MULTISIG_BALANCE_POLL_MS = 60_000;
export const MULTISIG_TRANSACTIONS_POLL_MS = 10 * 60_000;

// Delays and retries (product.md#states-and-transitions, #constants-and-limits;
// product.md#market-calls, #constants-and-limits).
export const TOAST_DURATION_MS = 3_000;
export const MAX_VISIBLE_TOASTS = 1;
export const AUCTION_SUBMITTED_SCREEN_DELAY_MS = 2_000;
export const LAUNCHPAD_FETCH_RETRIES = 3;
export const LAUNCHPAD_FETCH_RETRY_DELAY_MS = 1_000;
export const WALLET_PREVIEW_IDLE_DELAY_MS = 3_000;

// Layout (product.md#constants-and-limits).
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const SIDEBAR_TOGGLE_KEY = 'b';

export type RetryOptions = { retries?: number; delayMs?: number };

/**
 * The delay before attempt `attempt` (0-based) of a fixed-delay retry, or undefined when no
 * attempts are left (product.md#market-calls: the launchpad fetch retries 3 times with a 1 s
 * delay).
 */
export function retryDelay(attempt: number, options: RetryOptions = {}): number | undefined {
  const { retries = LAUNCHPAD_FETCH_RETRIES, delayMs = LAUNCHPAD_FETCH_RETRY_DELAY_MS } = options;
  if (attempt === 0) return 0;
  return attempt <= retries ? delayMs : undefined;
}

/** Whether a poll that started at `startedAt` has run out its time (e.g. 5 min for the payment address). */
export function hasTimedOut(
  startedAt: number,
  now: number,
  timeoutMs = ORDER_PAYMENT_ADDRESS_TIMEOUT_MS,
): boolean {
  return now - startedAt >= timeoutMs;
}
