// Texts the spec does not give (product.md#errors only says a padding setup success toast exists).
// The spec's own texts come from @om/core's messages.ts.

export const paddingSetUpToast = (txId: string) => `Padding outputs set up: ${txId}`;
export const DEPOSIT_FAILED = 'Deposit failed';
export const INSCRIPTION_WITHDRAWAL_FAILED = 'Failed to withdraw inscription';
/** Not 'URL copied to clipboard': that one is for links. */
export const ADDRESS_COPIED = 'Address copied';
export const RECOVERY_FAILED = 'Building the recovery transaction failed';
export const RECOVERY_BROADCAST_FAILED = 'Broadcasting the recovery transaction failed';
