import {
  bytesToHex,
  compressedPublicKey,
  derivePlatformKey,
  hexToBytes,
  multisigWallet,
} from '@om/bitcoin';
import {
  isPaddingUtxo,
  MULTISIG_CSV_BLOCKS,
  type GetWalletBodySchema,
  type MultisigKind,
  type MultisigTransaction,
  type MultisigUtxo,
  type MultisigUtxosPayload,
  type MultisigWallet,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { checkKeyOfAddress } from '../http/address-input.ts';
import { addressCoins, PADDING_MAX_VALUE, type AddressCoin } from './wallet-coins.ts';
import { notFound } from '../http/app-error.ts';
import { cosignerSecret } from './cosigner.ts';
import {
  findWallet,
  findWalletOfKey,
  upsertWallet,
  type StoredWallet,
} from './multisig.queries.ts';

/**
 * The user's multisig or maker wallet (ADR 009): a P2WSH 2-of-2 of their payment key and a
 * platform key derived for them, made on first use. The user key must control `userAddress`.
 * A wallet that exists keeps its stored `userAddress` (the signing hint) unless the caller is
 * signed in as that very address: anyone may name any address of a public key, so an anonymous
 * call changing it would let a stranger rewrite another user's hint.
 */
export async function getWallet(
  deps: Pick<AppDeps, 'db' | 'env'>,
  kind: MultisigKind,
  body: z.output<typeof GetWalletBodySchema>,
  sessionAddress: string | undefined,
): Promise<MultisigWallet> {
  const network = deps.env.BITCOIN_NETWORK;
  const fields = { key: 'userPublicKey', address: 'userAddress' };
  checkKeyOfAddress(body.userPublicKey, body.userAddress, fields, network);
  const existing = await findWalletOfKey(deps.db, kind, body.userPublicKey);
  if (existing && sessionAddress !== body.userAddress) return walletPayload(existing);
  return walletPayload(await ensureWallet(deps, kind, body.userPublicKey, body.userAddress));
}

/** The wallet row of a key, creating it (with `userAddress`) when it does not exist yet. */
export async function ensureWallet(
  deps: Pick<AppDeps, 'db' | 'env'>,
  kind: MultisigKind,
  userPublicKey: string,
  userAddress: string,
): Promise<StoredWallet> {
  const existing = await findWalletOfKey(deps.db, kind, userPublicKey);
  if (existing && existing.userAddress === userAddress) return existing;
  const userKey = hexToBytes(userPublicKey);
  const platformKey = compressedPublicKey(
    derivePlatformKey(cosignerSecret(deps.env), kind, userKey),
  );
  const wallet = multisigWallet(userKey, platformKey, deps.env.BITCOIN_NETWORK);
  return upsertWallet(deps.db, {
    kind,
    userPublicKey,
    userAddress,
    platformPublicKey: bytesToHex(platformKey),
    witnessScript: bytesToHex(wallet.witnessScript),
    address: wallet.address,
  });
}

function walletPayload(row: StoredWallet): MultisigWallet {
  return {
    id: row.id,
    kind: row.kind,
    address: row.address,
    witnessScript: row.witnessScript,
    userPublicKey: row.userPublicKey,
    platformPublicKey: row.platformPublicKey,
    userAddress: row.userAddress,
    csvBlocks: MULTISIG_CSV_BLOCKS,
  };
}

/** The packages/bitcoin view of a wallet row, for the builders. */
export function bitcoinWallet(row: StoredWallet, network: AppDeps['env']['BITCOIN_NETWORK']) {
  return multisigWallet(hexToBytes(row.userPublicKey), hexToBytes(row.platformPublicKey), network);
}

export async function requireWallet(
  deps: Pick<AppDeps, 'db'>,
  idOrAddress: string,
): Promise<StoredWallet> {
  const row = await findWallet(deps.db, idOrAddress);
  if (!row) throw notFound(`No multisig wallet ${idOrAddress}`);
  return row;
}

/**
 * A wallet coin, with whether it counts as padding (product.md#validation: a cardinal coin above
 * 600).
 */
export type WalletCoin = AddressCoin & { isPadding: boolean };

/**
 * The wallet's coins, sorted by outpoint. Padding coins are the small ones: the setups' 1,000-sat
 * outputs, up to what a purchase merges back (the same ceiling as a buyer's own paddings).
 */
export async function walletCoins(
  deps: Pick<AppDeps, 'chain' | 'env'>,
  row: StoredWallet,
): Promise<WalletCoin[]> {
  const coins = await addressCoins(deps.chain.source, row.address, deps.env.BITCOIN_NETWORK);
  return coins
    .map((coin) => ({
      ...coin,
      isPadding:
        !coin.utxo.inscribed &&
        isPaddingUtxo(coin.utxo.value) &&
        coin.utxo.value <= PADDING_MAX_VALUE,
    }))
    .sort((a, b) => a.utxo.txid.localeCompare(b.utxo.txid) || a.utxo.vout - b.utxo.vout);
}

export async function walletUtxos(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  idOrAddress: string,
): Promise<MultisigUtxosPayload> {
  const row = await requireWallet(deps, idOrAddress);
  const [tipHeight, coins] = await Promise.all([
    deps.chain.source.tipHeight(),
    walletCoins(deps, row),
  ]);
  return {
    wallet: walletPayload(row),
    tipHeight,
    utxos: coins.map(({ utxo, inscriptions, blockHeight, isPadding }): MultisigUtxo => ({
      txid: utxo.txid,
      vout: utxo.vout,
      value: utxo.value.toString(),
      blockHeight,
      confirmations: blockHeight === null ? 0 : Math.max(0, tipHeight - blockHeight + 1),
      inscriptions,
      isPadding,
      recoverableAt: blockHeight === null ? null : blockHeight + MULTISIG_CSV_BLOCKS,
    })),
    availableBalance: coins
      .reduce((sum, c) => (c.utxo.inscribed ? sum : sum + c.utxo.value), 0n)
      .toString(),
    paddingCount: coins.filter((c) => c.isPadding).length,
  };
}

/** The wallet's transactions with the net amount each moved in or out (product.md#records). */
export async function walletTransactions(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  idOrAddress: string,
): Promise<MultisigTransaction[]> {
  const row = await requireWallet(deps, idOrAddress);
  const { source } = deps.chain;
  const [tipHeight, txs] = await Promise.all([source.tipHeight(), source.addressTxs(row.address)]);
  return txs.map((tx) => {
    const received = tx.vout
      .filter((o) => o.address === row.address)
      .reduce((sum, o) => sum + o.value, 0n);
    const spent = tx.vin
      .filter((i) => i.prevout?.address === row.address)
      .reduce((sum, i) => sum + (i.prevout?.value ?? 0n), 0n);
    const height = tx.status.confirmed ? (tx.status.blockHeight ?? null) : null;
    return {
      txid: tx.txid,
      amount: (received - spent).toString(),
      timestamp: tx.status.blockTime ?? null,
      confirmations: height === null ? 0 : Math.max(0, tipHeight - height + 1),
      blockHeight: height,
    };
  });
}
