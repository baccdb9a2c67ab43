import {
  ConfirmDepositBodySchema,
  ConfirmPaddingBodySchema,
  ConfirmWithdrawalBodySchema,
  DepositBodySchema,
  DepositInscriptionsBodySchema,
  GetWalletBodySchema,
  SetupPaddingBodySchema,
  WithdrawalBodySchema,
  WithdrawInscriptionsBodySchema,
  MultisigUtxosPayloadSchema,
  MultisigBroadcastPayloadSchema,
  WithdrawInscriptionsPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { readSession } from '../auth/auth-guard.ts';
import { confirmDeposit, prepareDeposit } from './deposit.service.ts';
import { prepareInscriptionDeposit, prepareInscriptionWithdrawal } from './inscriptions.service.ts';
import { confirmPadding, setupPadding } from './padding.service.ts';
import { confirmWithdrawal, prepareWithdrawal } from './withdrawal.service.ts';
import { getWallet, walletTransactions, walletUtxos } from '../../trading/wallets.service.ts';

const WalletParamSchema = z.object({
  id: z.string().trim().min(1, 'id is required').max(100, 'id is too long'),
});

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  getWallet: {
    summary: "The user's 2-of-2 multisig wallet (created on first ask)",
    body: GetWalletBodySchema,
  },
  getMakerWallet: {
    summary: "The user's maker wallet (created on first ask)",
    body: GetWalletBodySchema,
  },
  utxos: {
    summary: 'Coins of a wallet',
    params: WalletParamSchema,
    payload: MultisigUtxosPayloadSchema,
  },
  transactions: { summary: 'Transactions of a wallet', params: WalletParamSchema },
  setupPadding: { summary: 'Padding coins: the PSBT to sign', body: SetupPaddingBodySchema },
  confirmPadding: {
    summary: 'Padding coins: broadcast the signed PSBT',
    body: ConfirmPaddingBodySchema,
  },
  deposit: { summary: 'Deposit sats: the PSBT to sign', body: DepositBodySchema },
  depositConfirm: {
    summary: 'Deposit: broadcast the signed PSBT',
    body: ConfirmDepositBodySchema,
    payload: MultisigBroadcastPayloadSchema,
  },
  withdrawal: { summary: 'Withdraw sats: the PSBT to sign', body: WithdrawalBodySchema },
  depositInscriptions: {
    summary: 'Deposit inscriptions into the maker wallet: the PSBT to sign',
    body: DepositInscriptionsBodySchema,
  },
  depositInscriptionsConfirm: {
    summary: 'Deposit inscriptions: broadcast the signed PSBT',
    body: ConfirmDepositBodySchema,
    payload: MultisigBroadcastPayloadSchema,
  },
  withdrawalInscriptions: {
    summary: 'Withdraw inscriptions from the maker wallet: the PSBT to sign',
    body: WithdrawInscriptionsBodySchema,
    payload: WithdrawInscriptionsPayloadSchema,
  },
  withdrawalConfirm: {
    summary: 'Withdrawal: co-sign and broadcast',
    body: ConfirmWithdrawalBodySchema,
    payload: MultisigBroadcastPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * The multisig and maker wallets (product.md#market-calls Multisig, ADR 009). No sign-in: every
 * transaction needs the user's own signature, which is the authority; the platform only adds its
 * signature to transactions it built for that user.
 */
export function multisigRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const write = { config: writeLimit };

  // Sign-in is optional here: only a session of `userAddress` may change a stored signing hint.
  app.post('/api/multisig/get-wallet', documented(docs.getWallet, write), async (request) => {
    const body = parseInput(GetWalletBodySchema, request.body, 'body');
    const signedInAs = (await readSession(deps.jwtSecret, request))?.address;
    return { success: true, payload: await getWallet(deps, 'multisig', body, signedInAs) };
  });

  app.post(
    '/api/multisig/get-maker-wallet',
    documented(docs.getMakerWallet, write),
    async (request) => {
      const body = parseInput(GetWalletBodySchema, request.body, 'body');
      const signedInAs = (await readSession(deps.jwtSecret, request))?.address;
      return { success: true, payload: await getWallet(deps, 'maker', body, signedInAs) };
    },
  );

  app.get('/api/multisig/utxos/:id', documented(docs.utxos), async (request) => {
    const { id } = parseInput(WalletParamSchema, request.params, 'params');
    return { success: true, payload: await walletUtxos(deps, id) };
  });

  app.get('/api/multisig/transactions/:id', documented(docs.transactions), async (request) => {
    const { id } = parseInput(WalletParamSchema, request.params, 'params');
    return { success: true, payload: await walletTransactions(deps, id) };
  });

  app.post('/api/multisig/setup-padding', documented(docs.setupPadding, write), async (request) => {
    const body = parseInput(SetupPaddingBodySchema, request.body, 'body');
    return { success: true, payload: await setupPadding(deps, body) };
  });

  app.post(
    '/api/multisig/confirm-padding',
    documented(docs.confirmPadding, write),
    async (request) => {
      const body = parseInput(ConfirmPaddingBodySchema, request.body, 'body');
      return { success: true, payload: await confirmPadding(deps, body) };
    },
  );

  app.post('/api/multisig/deposit', documented(docs.deposit, write), async (request) => {
    const body = parseInput(DepositBodySchema, request.body, 'body');
    return { success: true, payload: await prepareDeposit(deps, body) };
  });

  app.post(
    '/api/multisig/deposit/confirm',
    documented(docs.depositConfirm, write),
    async (request) => {
      const body = parseInput(ConfirmDepositBodySchema, request.body, 'body');
      return { success: true, payload: await confirmDeposit(deps, body) };
    },
  );

  app.post('/api/multisig/withdrawal', documented(docs.withdrawal, write), async (request) => {
    const body = parseInput(WithdrawalBodySchema, request.body, 'body');
    return { success: true, payload: await prepareWithdrawal(deps, body) };
  });

  // Inscriptions into the maker wallet (before a snipe-protected listing) and back out of it.
  app.post(
    '/api/multisig/deposit-inscriptions',
    documented(docs.depositInscriptions, write),
    async (request) => {
      const body = parseInput(DepositInscriptionsBodySchema, request.body, 'body');
      return { success: true, payload: await prepareInscriptionDeposit(deps, body) };
    },
  );

  app.post(
    '/api/multisig/deposit-inscriptions/confirm',
    documented(docs.depositInscriptionsConfirm, write),
    async (request) => {
      const body = parseInput(ConfirmDepositBodySchema, request.body, 'body');
      return { success: true, payload: await confirmDeposit(deps, body) };
    },
  );

  app.post(
    '/api/multisig/withdrawal-inscriptions',
    documented(docs.withdrawalInscriptions, write),
    async (request) => {
      const body = parseInput(WithdrawInscriptionsBodySchema, request.body, 'body');
      return { success: true, payload: await prepareInscriptionWithdrawal(deps, body) };
    },
  );

  app.post(
    '/api/multisig/withdrawal/confirm',
    documented(docs.withdrawalConfirm, write),
    async (request) => {
      const body = parseInput(ConfirmWithdrawalBodySchema, request.body, 'body');
      return { success: true, payload: await confirmWithdrawal(deps, body) };
    },
  );
}
