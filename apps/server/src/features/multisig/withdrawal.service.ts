import { buildMultisigWithdrawal, TradeError } from '@om/bitcoin';
import {
  satsToBtc,
  SPLIT_DUST_FLOOR_SATS,
  splitMinimumMessage,
  withdrawalError,
  WITHDRAWAL_EXCEEDS_BALANCE,
  type BuiltPsbtPayload,
  type ConfirmWithdrawalBodySchema,
  type WithdrawalBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkAddress } from '../../http/address-input.ts';
import { AppError, invalidInput, notFound } from '../../http/app-error.ts';
import { tradeInputError } from '../../trading/trade-errors.ts';
import { findWalletOfKey } from '../../trading/multisig.queries.ts';
import { cosignAndBroadcast, findSigned, saveForSigning } from './multisig-tx.ts';
import { bitcoinWallet, walletCoins } from '../../trading/wallets.service.ts';

// Withdrawals from the multisig wallet (product.md#market-calls): BTC to any address, the fee from
// the wallet, change back to it. withdrawal/confirm also completes an inscription withdrawal from
// the maker wallet: both are the user's transactions that the platform co-signs.

export async function prepareWithdrawal(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof WithdrawalBodySchema>,
): Promise<BuiltPsbtPayload & { availableBalance: string }> {
  const network = deps.env.BITCOIN_NETWORK;
  checkAddress(body.recipientAddress, 'recipientAddress', network);
  const row = await findWalletOfKey(deps.db, 'multisig', body.userPublicKey);
  if (!row) throw notFound('No multisig wallet for userPublicKey: fetch it with get-wallet first');
  if (body.amountSats < SPLIT_DUST_FLOOR_SATS) {
    throw invalidInput(splitMinimumMessage(satsToBtc(SPLIT_DUST_FLOOR_SATS)), 'amountSats');
  }
  const coins = await walletCoins(deps, row);
  const cardinal = coins.filter((c) => !c.utxo.inscribed).map((c) => c.utxo);
  const balance = cardinal.reduce((sum, c) => sum + c.value, 0n);
  const exceeds = withdrawalError(body.amountSats, balance);
  if (exceeds) throw exceedsBalance(`${balance} sats are available`);

  let built;
  try {
    built = buildMultisigWithdrawal({
      wallet: bitcoinWallet(row, network),
      utxos: cardinal,
      recipientAddress: body.recipientAddress,
      amount: body.amountSats,
      feeRate: body.feeRate,
      network,
      maxFeeRate: deps.env.MAX_FEE_RATE,
    });
  } catch (err) {
    if (!(err instanceof TradeError)) throw err;
    // The amount fits the balance but not with the network fee on top.
    if (err.code === 'insufficient-funds') throw exceedsBalance(err.message);
    const field =
      err.code === 'invalid-fee-rate' || err.code === 'fee-rate-too-high'
        ? 'feeRate'
        : 'amountSats';
    throw tradeInputError(err, field);
  }
  const payload = await saveForSigning(deps, row, 'withdrawal', built, {
    amount: body.amountSats,
    details: { recipientAddress: body.recipientAddress },
    addressOf: () => row.userAddress,
  });
  return { ...payload, availableBalance: balance.toString() };
}

export async function confirmWithdrawal(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof ConfirmWithdrawalBodySchema>,
): Promise<{ txId: string }> {
  const wallets = await Promise.all([
    findWalletOfKey(deps.db, 'multisig', body.userPublicKey),
    findWalletOfKey(deps.db, 'maker', body.userPublicKey),
  ]);
  const walletIds = wallets.flatMap((w) => (w ? [w.id] : []));
  if (walletIds.length === 0) throw notFound('No multisig wallet for userPublicKey');
  const prepared = await findSigned(deps, body.userSignedPsbtBase64, 'userSignedPsbtBase64', {
    kinds: ['withdrawal', 'inscription-withdrawal'],
    walletIds,
  });
  return cosignAndBroadcast(deps, prepared, body.userSignedPsbtBase64, 'userSignedPsbtBase64');
}

function exceedsBalance(detail: string): AppError {
  return new AppError('INVALID_INPUT', WITHDRAWAL_EXCEEDS_BALANCE, [
    { msg: WITHDRAWAL_EXCEEDS_BALANCE, path: 'amountSats' },
    { msg: detail, path: 'amountSats' },
  ]);
}
