import type { Network } from '@om/core';

/** The nine wallets of the spec (LaserEyes provider ids) and our regtest-only Dev wallet. */
export type LaserEyesWalletId =
  'unisat' | 'xverse' | 'magic-eden' | 'leather' | 'orange' | 'okx' | 'oyl' | 'phantom' | 'wizz';
export type WalletId = LaserEyesWalletId | 'dev';

export type WalletAddresses = {
  paymentAddress: string;
  /** Hex public key of the payment address; the sign-in verifies signatures against it. */
  paymentPublicKey: string;
  ordinalsAddress: string;
  ordinalsPublicKey: string;
};

export type WalletAccount = WalletAddresses & { id: WalletId };

export type InputToSign = {
  index: number;
  address: string;
  /**
   * Sighash types the signer may use on this input, e.g. [0x83] (SINGLE|ANYONECANPAY) for a
   * listing. Default: the input's PSBT_IN_SIGHASH_TYPE, else ALL (DEFAULT for taproot).
   */
  sighashTypes?: number[];
};

export type SignPsbtRequest = {
  psbtBase64: string;
  /** Which inputs to sign, and with which address's key; all the wallet can sign when omitted. */
  inputsToSign?: InputToSign[];
  finalize?: boolean;
};

/** What every wallet implementation offers; the provider adds sign-in on top. */
export interface WalletAdapter {
  connect(): Promise<WalletAddresses>;
  /** BIP-322 signature (base64) of `message` by `address`. */
  signMessage(message: string, address: string): Promise<string>;
  /** Returns the signed PSBT as base64. */
  signPsbt(request: SignPsbtRequest): Promise<string>;
  disconnect(): void;
}

export type WalletAdapterOptions = { network: Network };

export type WalletStatus = 'disconnected' | 'connecting' | 'signing-in' | 'connected';
