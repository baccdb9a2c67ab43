import type { PsbtIntent } from '@om/bitcoin';
import {
  FAILED_TO_WITHDRAW,
  MULTISIG_PADDING_SATS,
  PADDING_SETUP_FAILED,
  PADDING_SIGNING_FAILED,
  transactionBroadcasted,
  WITHDRAWAL_INITIATED,
  type BuiltPsbtPayload,
} from '@om/core';
import { multisigApi } from './multisig.api.ts';
import { usePsbtFlow, type PreparedPsbt } from './multisig-flow.ts';
import { DEPOSIT_FAILED, paddingSetUpToast } from './multisig-messages.ts';
import type { MultisigAccount, VerifiedWallet } from './multisig-wallet.ts';
import { reviewWalletPsbt } from './wallet-psbt-review.ts';

/** The connected account with the wallet an action spends from or pays into. */
export type WalletSession = MultisigAccount & { target: VerifiedWallet };

/** The server's PSBT with the browser's own reading of it against what was asked. */
export function reviewBuilt<Extra>(
  built: BuiltPsbtPayload,
  intent: PsbtIntent,
  session: WalletSession,
  feeRate: number,
  extra: Extra,
): PreparedPsbt<Extra> {
  const review = reviewWalletPsbt(built.psbt, intent, {
    network: session.network,
    paymentAddress: session.account.paymentAddress,
    wallet: session.target.wallet,
    feeRate,
    inputsToSign: built.inputsToSign,
  });
  return { psbt: built.psbt, inputsToSign: built.inputsToSign, review, extra };
}

export type DepositInput = { amount: bigint; numberOfOutputs: number; feeRate: number };

/** BTC from the payment address into the multisig wallet, split into several coins. */
export function useDeposit(session: WalletSession) {
  return usePsbtFlow({
    title: DEPOSIT_FAILED,
    prepare: async ({ amount, numberOfOutputs, feeRate }: DepositInput) => {
      const built = await multisigApi.deposit({
        userPublicKey: session.userPublicKey,
        paymentAddress: session.account.paymentAddress,
        paymentPublicKey: session.account.paymentPublicKey,
        amountSats: amount.toString(),
        numberOfOutputs,
        feeRate,
      });
      const intent = { kind: 'deposit', amount, numberOfOutputs } as const;
      return reviewBuilt(built, intent, session, feeRate, undefined);
    },
    confirm: (signedPsbt) => multisigApi.confirmDeposit({ signedPsbt }),
    successText: transactionBroadcasted,
  });
}

export type PaddingInput = { numberOfOutputs: number; feeRate: number };

/** Padding outputs of 1,000 sats made from the multisig wallet's own coins. */
export function usePaddingSetup(session: WalletSession) {
  const { info } = session.target;
  return usePsbtFlow({
    title: PADDING_SETUP_FAILED,
    signTitle: PADDING_SIGNING_FAILED,
    prepare: async ({ numberOfOutputs, feeRate }: PaddingInput) => {
      const built = await multisigApi.setupPadding({
        multiSigAddress: info.address,
        userPublicKey: session.userPublicKey,
        witnessScript: info.witnessScript,
        numberOfOutputs,
        feeRate,
      });
      const intent = {
        kind: 'padding',
        numberOfOutputs,
        paddingValue: MULTISIG_PADDING_SATS,
      } as const;
      return reviewBuilt(built, intent, session, feeRate, { numberOfOutputs });
    },
    confirm: (signedPsbt, { extra }) =>
      multisigApi.confirmPadding({
        multiSigAddress: info.address,
        numberOfOutputs: extra.numberOfOutputs,
        signedPsbt,
      }),
    successText: paddingSetUpToast,
  });
}

export type WithdrawalInput = { recipientAddress: string; amount: bigint; feeRate: number };

/** BTC out of the multisig wallet; the fee comes from the wallet, change goes back to it. */
export function useWithdrawal(session: WalletSession) {
  return usePsbtFlow({
    title: FAILED_TO_WITHDRAW,
    signTitle: FAILED_TO_WITHDRAW,
    prepare: async ({ recipientAddress, amount, feeRate }: WithdrawalInput) => {
      const built = await multisigApi.withdrawal({
        userPublicKey: session.userPublicKey,
        recipientAddress,
        amountSats: amount.toString(),
        feeRate,
      });
      const intent = { kind: 'withdrawal', amount, recipientAddress } as const;
      return reviewBuilt(built, intent, session, feeRate, undefined);
    },
    confirm: (userSignedPsbtBase64) =>
      multisigApi.confirmWithdrawal({
        userPublicKey: session.userPublicKey,
        userSignedPsbtBase64,
      }),
    successText: () => WITHDRAWAL_INITIATED,
  });
}
