import {
  buildInscriptionDeposit,
  buildInscriptionWithdrawal,
  hexToBytes,
  scriptOfAddress,
  type TradeError,
} from '@om/bitcoin';
import type {
  BuiltPsbtPayload,
  DepositInscriptionsBodySchema,
  WithdrawInscriptionsBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkAddress, checkKeyOfAddress } from '../../http/address-input.ts';
import { invalidInput, notFound } from '../../http/app-error.ts';
import { refuseLaunchedInscriptions } from '../../trading/launch-items.queries.ts';
import { locateInscription, type InscriptionOutput } from '../../trading/listing-utxo.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { findWalletOfKey } from '../../trading/multisig.queries.ts';
import { saveForSigning } from './multisig-tx.ts';
import { refuseAuctionedInscriptions } from '../../trading/reserved-coins.ts';
import { bitcoinWallet, ensureWallet } from '../../trading/wallets.service.ts';

// Inscriptions into and out of the maker wallet (ADR 009, ADR 009 "Snipe protection"): a seller
// moves an inscription's output whole into their maker wallet before listing it protected, and
// takes it back out with the platform's co-signature. Both are completed by the confirm calls of
// deposit.service.ts and withdrawal.service.ts, through multisig-tx.ts.

type DepositBody = z.output<typeof DepositInscriptionsBodySchema>;
type WithdrawBody = z.output<typeof WithdrawInscriptionsBodySchema>;

/** An inscription leaving the maker wallet, and the wallet it leaves (spec: prevOwnerWallet). */
export type WithdrawnInscription = { inscriptionId: string; prevOwnerWallet: string };

/**
 * The deposit of the inscriptions' outputs (each at ordinalAddress) into the maker wallet of
 * paymentPublicKey, made on first use; the fee from the payment address. Inscription inputs are
 * signed by ordinalAddress, payment inputs by paymentAddress.
 */
export async function prepareInscriptionDeposit(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: DepositBody,
): Promise<BuiltPsbtPayload> {
  const network = deps.env.BITCOIN_NETWORK;
  const payment = { key: 'paymentPublicKey', address: 'paymentAddress' };
  checkKeyOfAddress(body.paymentPublicKey, body.paymentAddress, payment, network);
  const ordinal = { key: 'ordinalPublicKey', address: 'ordinalAddress' };
  checkKeyOfAddress(body.ordinalPublicKey, body.ordinalAddress, ordinal, network);

  const located = await Promise.all(
    body.inscriptionIds.map(async (id, i) => {
      const field = `inscriptionIds.${i}`;
      const output = await locateInscription(deps.chain, id, field);
      if (output.address !== body.ordinalAddress) {
        throw invalidInput(`${field}: inscription ${id} is not at ordinalAddress`, field);
      }
      return output;
    }),
  );
  const outputs = distinctOutputs(located);
  const wallet = await ensureWallet(deps, 'maker', body.paymentPublicKey, body.paymentAddress);
  const moved = new Set(outputs.map((o) => o.outpoint));
  const coins = (await cardinalCoins(deps.chain.source, body.paymentAddress, network)).filter(
    (c) => !moved.has(`${c.txid}:${c.vout}`),
  );
  const ordinalScript = scriptOfAddress(body.ordinalAddress, network);
  const built = withTradeErrors(
    (err) => depositErrorField(err, outputs, body.inscriptionIds),
    () =>
      buildInscriptionDeposit({
        inscriptionUtxos: outputs.map((o) => ({
          txid: o.txid,
          vout: o.vout,
          value: o.value,
          script: ordinalScript,
          publicKey: hexToBytes(body.ordinalPublicKey),
        })),
        payment: {
          address: body.paymentAddress,
          publicKey: hexToBytes(body.paymentPublicKey),
          utxos: coins,
        },
        to: bitcoinWallet(wallet, network),
        feeRate: body.feeRate,
        network,
        maxFeeRate: deps.env.MAX_FEE_RATE,
      }),
  );
  const inscriptionInputs = new Set(built.layout.inscriptionIndices);
  return saveForSigning(deps, wallet, 'inscription-deposit', built, {
    details: {
      inscriptionIds: body.inscriptionIds,
      outpoints: outputs.map((o) => o.outpoint),
      deposited: built.deposited.map((d) => `${d.txid}:${d.vout}`),
    },
    addressOf: (i) => (inscriptionInputs.has(i) ? body.ordinalAddress : body.paymentAddress),
  });
}

/**
 * The withdrawal of inscriptions from the maker wallet of makerPaymentPublicKey, each output whole
 * to its recipient; the fee from makerPaymentAddress. The payment key signs every input (it is U
 * of the wallet); withdrawal/confirm adds the platform's signature.
 */
export async function prepareInscriptionWithdrawal(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: WithdrawBody,
): Promise<BuiltPsbtPayload & { transfers: WithdrawnInscription[] }> {
  const network = deps.env.BITCOIN_NETWORK;
  const payment = { key: 'makerPaymentPublicKey', address: 'makerPaymentAddress' };
  checkKeyOfAddress(body.makerPaymentPublicKey, body.makerPaymentAddress, payment, network);
  body.transfer.forEach(({ address }, i) =>
    checkAddress(address, `transfer.${i}.address`, network),
  );
  const wallet = await findWalletOfKey(deps.db, 'maker', body.makerPaymentPublicKey);
  if (!wallet) {
    throw notFound(
      'No maker wallet for makerPaymentPublicKey: fetch it with get-maker-wallet first',
    );
  }

  await refuseAuctionedInscriptions(
    deps.db,
    body.transfer.map((t) => t.inscriptionId),
  );
  await refuseLaunchedInscriptions(
    deps.db,
    body.transfer.map((t) => t.inscriptionId),
  );
  const located = await Promise.all(
    body.transfer.map(async ({ inscriptionId }, i) => {
      const field = `transfer.${i}.inscriptionId`;
      const output = await locateInscription(deps.chain, inscriptionId, field);
      if (output.address !== wallet.address) {
        const message = `${field}: inscription ${inscriptionId} is not in the maker wallet of makerPaymentPublicKey`;
        throw invalidInput(message, field);
      }
      return output;
    }),
  );
  // An output moves whole: every inscription on it must be named, all to one recipient.
  const recipientOf = new Map<string, string>();
  located.forEach((output, i) => {
    const field = `transfer.${i}.inscriptionId`;
    const address = body.transfer[i]?.address ?? '';
    const named = body.transfer.map((t) => t.inscriptionId);
    const unnamed = output.inscriptions.filter((id) => !named.includes(id));
    if (unnamed.length > 0) {
      const message = `${field}: its output also holds ${unnamed.join(', ')}; withdraw them together`;
      throw invalidInput(message, field);
    }
    const recipient = recipientOf.get(output.outpoint);
    if (recipient !== undefined && recipient !== address) {
      const message = `transfer.${i}.address: inscriptions of one output go to one address`;
      throw invalidInput(message, `transfer.${i}.address`);
    }
    recipientOf.set(output.outpoint, address);
  });
  const outputs = distinctOutputs(located);
  const walletScript = scriptOfAddress(wallet.address, network);
  const coins = await cardinalCoins(deps.chain.source, body.makerPaymentAddress, network);
  const built = withTradeErrors(
    (err) => withdrawalErrorField(err, outputs, located),
    () =>
      buildInscriptionWithdrawal({
        wallet: bitcoinWallet(wallet, network),
        items: outputs.map((o) => ({
          utxo: { txid: o.txid, vout: o.vout, value: o.value, script: walletScript },
          recipientAddress: recipientOf.get(o.outpoint) ?? '',
        })),
        payment: {
          address: body.makerPaymentAddress,
          publicKey: hexToBytes(body.makerPaymentPublicKey),
          utxos: coins,
        },
        feeRate: body.feeRate,
        network,
        maxFeeRate: deps.env.MAX_FEE_RATE,
      }),
  );
  const transfers = body.transfer.map(({ inscriptionId }) => ({
    inscriptionId,
    prevOwnerWallet: wallet.address,
  }));
  const payload = await saveForSigning(deps, wallet, 'inscription-withdrawal', built, {
    details: { transfer: body.transfer, outpoints: outputs.map((o) => o.outpoint) },
    addressOf: () => body.makerPaymentAddress,
  });
  return { ...payload, transfers };
}

/** One entry per output, in the order first named: two inscriptions may share an output. */
function distinctOutputs(located: readonly InscriptionOutput[]): InscriptionOutput[] {
  const seen = new Set<string>();
  return located.filter((o) => !seen.has(o.outpoint) && seen.add(o.outpoint));
}

function feeRateField(err: TradeError): string | undefined {
  if (err.code === 'invalid-fee-rate' || err.code === 'fee-rate-too-high') return 'feeRate';
  if (err.code === 'fee-too-high') return 'feeRate';
  return undefined;
}

/** Which field a deposit build error is about: the fee rate, an inscription, or the payment. */
function depositErrorField(
  err: TradeError,
  outputs: readonly InscriptionOutput[],
  inscriptionIds: readonly string[],
): string {
  const feeRate = feeRateField(err);
  if (feeRate) return feeRate;
  if (err.code === 'unsupported-seller-script' || err.code === 'dust-output') {
    const output = err.index === undefined ? undefined : outputs[err.index];
    const at = output ? inscriptionIds.findIndex((id) => output.inscriptions.includes(id)) : -1;
    return at < 0 ? 'inscriptionIds' : `inscriptionIds.${at}`;
  }
  if (err.code === 'key-mismatch') return 'ordinalPublicKey';
  return 'paymentAddress';
}

/** Which field a withdrawal build error is about: the fee rate, a recipient, or the payment. */
function withdrawalErrorField(
  err: TradeError,
  outputs: readonly InscriptionOutput[],
  located: readonly InscriptionOutput[],
): string {
  const feeRate = feeRateField(err);
  if (feeRate) return feeRate;
  if (err.code === 'dust-output' || err.code === 'invalid-address') {
    const output = err.index === undefined ? undefined : outputs[err.index];
    const at = output ? located.findIndex((o) => o.outpoint === output.outpoint) : -1;
    return at < 0 ? 'transfer' : `transfer.${at}.address`;
  }
  if (err.code === 'key-mismatch') return 'makerPaymentPublicKey';
  return 'makerPaymentAddress';
}
