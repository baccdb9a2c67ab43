import { lazy } from 'react';

// The trade dialogs decode and check PSBTs with packages/bitcoin (scure, secp256k1): loaded when
// one opens, so a page that only shows prices does not carry them.
export const BuyDialog = lazy(async () => ({
  default: (await import('./buy-dialog.tsx')).BuyDialog,
}));
export const ListDialog = lazy(async () => ({
  default: (await import('./list-dialog.tsx')).ListDialog,
}));
export const RelistDialog = lazy(async () => ({
  default: (await import('./relist-dialog.tsx')).RelistDialog,
}));
export const DelistDialog = lazy(async () => ({
  default: (await import('./delist-dialog.tsx')).DelistDialog,
}));
