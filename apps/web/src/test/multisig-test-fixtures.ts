import {
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  hexToBytes,
  multisigWallet,
  p2trAddress,
  privateKeyFromHex,
  scriptOfAddress,
  type MultisigWallet as ScriptWallet,
  type WalletUtxo,
} from '@om/bitcoin';
import type {
  BuiltPsbtPayload,
  MultisigKind,
  MultisigUtxo,
  MultisigUtxosPayload,
  MultisigWallet,
} from '@om/core';
import { fakeWallet, type FakeWallet } from './trade-test-kit.tsx';
import { createDevWalletAdapter } from '../features/wallet/dev-wallet.adapter.ts';
import { devWalletAddresses } from '../features/wallet/dev-wallet-keys.ts';
import { writeDevWalletRecord } from '../features/wallet/dev-wallet-settings.ts';
import type { WalletAccount } from '../features/wallet/wallet.types.ts';
import { verifyWallet } from '../features/multisig/multisig-wallet.ts';
import type { WalletSession } from '../features/multisig/wallet-actions.mutations.ts';

// Real wallets and PSBTs for the multisig tests: the Dev wallet's keys, our 2-of-2 scripts, and
// the packages/bitcoin builders the server uses.

export const NETWORK = 'regtest' as const;
const PAYMENT_KEY = '12'.repeat(32);
const ORDINALS_KEY = '11'.repeat(32);
const platformKey = (byte: string) => compressedPublicKey(privateKeyFromHex(byte.repeat(32)));

export const ACCOUNT: WalletAccount = {
  id: 'dev',
  ...devWalletAddresses(
    {
      paymentPrivateKey: privateKeyFromHex(PAYMENT_KEY),
      ordinalsPrivateKey: privateKeyFromHex(ORDINALS_KEY),
      paymentType: 'p2wpkh',
    },
    NETWORK,
  ),
};
export const PAYMENT_SCRIPT = scriptOfAddress(ACCOUNT.paymentAddress, NETWORK);
const userKey = hexToBytes(ACCOUNT.paymentPublicKey);
export const MULTISIG = multisigWallet(userKey, platformKey('44'), NETWORK);
export const MAKER = multisigWallet(userKey, platformKey('45'), NETWORK);
export const THIEF_ADDRESS = p2trAddress(platformKey('33'), NETWORK);
export const INSCRIPTION_ID = `${'ef'.repeat(32)}i0`;

const WALLET_IDS: Record<MultisigKind, string> = { multisig: 'ms-1', maker: 'mk-1' };

/** What get-wallet / get-maker-wallet answer for `wallet`. */
export function walletInfo(kind: MultisigKind, wallet: ScriptWallet = MULTISIG): MultisigWallet {
  return {
    id: WALLET_IDS[kind],
    kind,
    address: wallet.address,
    witnessScript: bytesToHex(wallet.witnessScript),
    userPublicKey: bytesToHex(wallet.userPublicKey),
    platformPublicKey: bytesToHex(wallet.platformPublicKey),
    userAddress: ACCOUNT.paymentAddress,
    csvBlocks: 144,
  };
}

/** The account with its verified multisig (or maker) wallet, as the page hands it to a form. */
export function session(kind: MultisigKind = 'multisig'): WalletSession {
  const info = walletInfo(kind, kind === 'maker' ? MAKER : MULTISIG);
  return {
    account: ACCOUNT,
    userPublicKey: ACCOUNT.paymentPublicKey,
    network: NETWORK,
    target: verifyWallet(info, ACCOUNT.paymentPublicKey, NETWORK),
  };
}

export function coin(byte: number, value: bigint, script: Uint8Array): WalletUtxo {
  return {
    txid: byte.toString(16).padStart(2, '0').repeat(32),
    vout: 0,
    value,
    script,
    inscribed: false,
  };
}

/** A coin as GET /api/multisig/utxos lists it. */
export function listedCoin(utxo: WalletUtxo, extra: Partial<MultisigUtxo> = {}): MultisigUtxo {
  return {
    txid: utxo.txid,
    vout: utxo.vout,
    value: utxo.value.toString(),
    blockHeight: 100,
    confirmations: 1,
    inscriptions: [],
    isPadding: false,
    recoverableAt: 244,
    ...extra,
  };
}

export function utxosPayload(
  kind: MultisigKind,
  utxos: MultisigUtxo[],
  overrides: Partial<MultisigUtxosPayload> = {},
): MultisigUtxosPayload {
  const cardinal = utxos.filter((u) => u.inscriptions?.length === 0);
  return {
    wallet: walletInfo(kind, kind === 'maker' ? MAKER : MULTISIG),
    tipHeight: 300,
    utxos,
    availableBalance: cardinal.reduce((sum, u) => sum + BigInt(u.value), 0n).toString(),
    paddingCount: utxos.filter((u) => u.isPadding).length,
    ...overrides,
  };
}

/** A builder's result as the server answers it: every input signed by the payment address. */
export function builtPayload(built: {
  psbt: Uint8Array;
  txid: string;
  fee: bigint;
  vsize: number;
  layout: { inputs: readonly unknown[] };
}): BuiltPsbtPayload {
  return {
    psbt: bytesToBase64(built.psbt),
    txid: built.txid,
    fee: built.fee.toString(),
    vsize: built.vsize,
    inputsToSign: built.layout.inputs.map((_, index) => ({
      index,
      address: ACCOUNT.paymentAddress,
    })),
  };
}

/** The fake wallet of the trade tests, signing for real with the built-in Dev wallet. */
export async function devSigningWallet(): Promise<FakeWallet> {
  writeDevWalletRecord({ paymentPrivateKey: PAYMENT_KEY, ordinalsPrivateKey: ORDINALS_KEY });
  const adapter = createDevWalletAdapter({ network: NETWORK });
  await adapter.connect();
  const wallet = fakeWallet(ACCOUNT);
  wallet.signPsbt.mockImplementation((request) => adapter.signPsbt(request));
  return wallet;
}
