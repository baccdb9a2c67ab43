import { WITHDRAWAL_INITIATED, type MultisigUtxo } from '@om/core';
import { multisigApi } from './multisig.api.ts';
import { usePsbtFlow } from './multisig-flow.ts';
import { INSCRIPTION_WITHDRAWAL_FAILED } from './multisig-messages.ts';
import { reviewBuilt, type WalletSession } from './wallet-actions.mutations.ts';
import { saveWithdrawnInscription } from './withdrawn-inscriptions.ts';

export type InscriptionWithdrawalInput = { coins: readonly MultisigUtxo[]; feeRate: number };

/**
 * Coins with inscriptions out of the maker wallet (`session.target`), each whole to the user's
 * ordinals address; the fee from the payment address. Completed by withdrawal/confirm like a BTC
 * withdrawal; each inscription then gets its local record.
 */
export function useInscriptionWithdrawal(session: WalletSession, onWithdrawn?: () => void) {
  const { account, userPublicKey, target } = session;
  return usePsbtFlow({
    title: INSCRIPTION_WITHDRAWAL_FAILED,
    prepare: async ({ coins, feeRate }: InscriptionWithdrawalInput) => {
      const inscriptionIds = coins.flatMap((coin) => coin.inscriptions ?? []);
      const built = await multisigApi.withdrawInscriptions({
        transfer: inscriptionIds.map((inscriptionId) => ({
          inscriptionId,
          address: account.ordinalsAddress,
        })),
        makerPaymentAddress: account.paymentAddress,
        makerPaymentPublicKey: userPublicKey,
        feeRate,
      });
      const intent = {
        kind: 'inscription-withdrawal',
        outpoints: coins.map((coin) => `${coin.txid}:${coin.vout}`),
        recipientAddress: account.ordinalsAddress,
      } as const;
      return reviewBuilt(built, intent, session, feeRate, { inscriptionIds });
    },
    confirm: (userSignedPsbtBase64) =>
      multisigApi.confirmWithdrawal({ userPublicKey, userSignedPsbtBase64 }),
    successText: () => WITHDRAWAL_INITIATED,
    onBroadcast: (transaction, { extra }) => {
      for (const id of extra.inscriptionIds) {
        saveWithdrawnInscription(id, { transaction, prevOwnerWallet: target.info.address });
      }
      onWithdrawn?.();
    },
  });
}
