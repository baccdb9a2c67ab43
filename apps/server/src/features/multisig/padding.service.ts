import { buildMultisigPaddingSetup } from '@om/bitcoin';
import {
  MULTISIG_PADDING_SATS,
  type BuiltPsbtPayload,
  type ConfirmPaddingBodySchema,
  type SetupPaddingBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { invalidInput } from '../../http/app-error.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { cosignAndBroadcast, findSigned, saveForSigning } from './multisig-tx.ts';
import { bitcoinWallet, requireWallet, walletCoins } from '../../trading/wallets.service.ts';

// Padding in the multisig wallet (product.md#market-calls setup-padding / confirm-padding): its
// coins split into numberOfOutputs outputs of 1,000 sats at its own address, which purchases then
// take as their padding inputs.

export async function setupPadding(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof SetupPaddingBodySchema>,
): Promise<BuiltPsbtPayload> {
  const row = await requireWallet(deps, body.multiSigAddress);
  if (row.kind !== 'multisig') {
    throw invalidInput('multiSigAddress: padding lives in the multisig wallet', 'multiSigAddress');
  }
  if (row.userPublicKey !== body.userPublicKey) {
    throw invalidInput('userPublicKey: not the key of this multisig wallet', 'userPublicKey');
  }
  if (row.witnessScript !== body.witnessScript) {
    throw invalidInput('witnessScript: not the witness script of this wallet', 'witnessScript');
  }
  const coins = await walletCoins(deps, row);
  const built = withTradeErrors(paddingErrorField, () =>
    buildMultisigPaddingSetup({
      wallet: bitcoinWallet(row, deps.env.BITCOIN_NETWORK),
      utxos: coins.filter((c) => !c.utxo.inscribed && !c.isPadding).map((c) => c.utxo),
      count: body.numberOfOutputs,
      value: MULTISIG_PADDING_SATS,
      feeRate: body.feeRate,
      network: deps.env.BITCOIN_NETWORK,
      maxFeeRate: deps.env.MAX_FEE_RATE,
    }),
  );
  return saveForSigning(deps, row, 'padding', built, {
    details: { numberOfOutputs: body.numberOfOutputs },
    addressOf: () => row.userAddress,
  });
}

export async function confirmPadding(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof ConfirmPaddingBodySchema>,
): Promise<{ txId: string }> {
  const row = await requireWallet(deps, body.multiSigAddress);
  const prepared = await findSigned(deps, body.signedPsbt, 'signedPsbt', {
    kinds: ['padding'],
    walletIds: [row.id],
  });
  if (prepared.details.numberOfOutputs !== body.numberOfOutputs) {
    const message = `numberOfOutputs: the setup was prepared for ${String(prepared.details.numberOfOutputs)} outputs`;
    throw invalidInput(message, 'numberOfOutputs');
  }
  return cosignAndBroadcast(deps, prepared, body.signedPsbt, 'signedPsbt');
}

function paddingErrorField(err: { code: string }): string {
  if (err.code === 'invalid-fee-rate' || err.code === 'fee-rate-too-high') return 'feeRate';
  if (err.code === 'invalid-amount') return 'numberOfOutputs';
  return 'multiSigAddress';
}
