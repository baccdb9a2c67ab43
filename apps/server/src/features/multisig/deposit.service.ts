import { buildMultisigDeposit, hexToBytes } from '@om/bitcoin';
import {
  splitAmountError,
  type BuiltPsbtPayload,
  type ConfirmDepositBodySchema,
  type DepositBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkKeyOfAddress } from '../../http/address-input.ts';
import { invalidInput, notFound } from '../../http/app-error.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { findWalletOfKey } from '../../trading/multisig.queries.ts';
import { cosignAndBroadcast, findSigned, saveForSigning } from './multisig-tx.ts';
import { bitcoinWallet } from '../../trading/wallets.service.ts';

// Funding the multisig wallet from the payment wallet, split into numberOfOutputs coins of at
// least 10,000 sats each (product.md#validation split defaults), so that several purchases and
// padding setups can spend in parallel.

export async function prepareDeposit(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof DepositBodySchema>,
): Promise<BuiltPsbtPayload> {
  const network = deps.env.BITCOIN_NETWORK;
  const fields = { key: 'paymentPublicKey', address: 'paymentAddress' };
  checkKeyOfAddress(body.paymentPublicKey, body.paymentAddress, fields, network);
  const tooSmall = splitAmountError(body.amountSats, body.numberOfOutputs);
  if (tooSmall) throw invalidInput(tooSmall, 'amountSats');
  const row = await findWalletOfKey(deps.db, 'multisig', body.userPublicKey);
  if (!row) throw notFound('No multisig wallet for userPublicKey: fetch it with get-wallet first');
  const coins = await cardinalCoins(deps.chain.source, body.paymentAddress, network);
  const built = withTradeErrors(
    (err) =>
      err.code === 'invalid-fee-rate' || err.code === 'fee-rate-too-high'
        ? 'feeRate'
        : 'paymentAddress',
    () =>
      buildMultisigDeposit({
        payment: {
          address: body.paymentAddress,
          publicKey: hexToBytes(body.paymentPublicKey),
          utxos: coins,
        },
        to: bitcoinWallet(row, network),
        amount: body.amountSats,
        count: body.numberOfOutputs,
        feeRate: body.feeRate,
        network,
        maxFeeRate: deps.env.MAX_FEE_RATE,
      }),
  );
  return saveForSigning(deps, row, 'deposit', built, {
    amount: body.amountSats,
    details: { numberOfOutputs: body.numberOfOutputs },
    addressOf: () => body.paymentAddress,
  });
}

export async function confirmDeposit(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof ConfirmDepositBodySchema>,
): Promise<{ txId: string }> {
  const prepared = await findSigned(deps, body.signedPsbt, 'signedPsbt', {
    kinds: ['deposit', 'inscription-deposit'],
  });
  return cosignAndBroadcast(deps, prepared, body.signedPsbt, 'signedPsbt');
}
