import { createContext, useContext } from 'react';
import type { SignPsbtRequest, WalletAccount, WalletId, WalletStatus } from './wallet.types.ts';

export type WalletContextValue = {
  status: WalletStatus;
  /** The connected, signed-in wallet; null until sign-in succeeds. */
  wallet: WalletAccount | null;
  /** The wallet being connected while status is 'connecting' or 'signing-in'. */
  pendingId: WalletId | null;
  /** Bearer token of the sign-in (also kept in localStorage for the api client and other tabs). */
  token: string | null;
  /**
   * Why the last connect failed (a refused signature, another network, too many sign-ins and when
   * to retry), shown in the connect dialog until the next try; null otherwise.
   */
  connectError: string | null;
  /** Forgets connectError (the dialog closed). */
  dismissConnectError(): void;
  connect(id: WalletId): Promise<void>;
  disconnect(): void;
  signMessage(message: string, address: string): Promise<string>;
  signPsbt(request: SignPsbtRequest): Promise<string>;
};

export const WalletContext = createContext<WalletContextValue | null>(null);

export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet must be used inside <WalletProvider>');
  return value;
}
