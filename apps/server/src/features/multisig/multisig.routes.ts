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
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { parseInput } from '../../http/validate.ts';
import { readSession } from '../auth/auth-guard.ts';
import { confirmDeposit, prepareDeposit } from './deposit.service.ts';
import { prepareInscriptionDeposit, prepareInscriptionWithdrawal } from './inscriptions.service.ts';
import { confirmPadding, setupPadding } from './padding.service.ts';
import { confirmWithdrawal, prepareWithdrawal } from './withdrawal.service.ts';
import { getWallet, walletTransactions, walletUtxos } from './wallets.service.ts';

const WalletParamSchema = z.object({
  id: z.string().trim().min(1, 'id is required').max(100, 'id is too long'),
});

/**
 * The multisig and maker wallets (spec 001 §7 Multisig, issue 5, ADR 009). No sign-in: every
 * transaction needs the user's own signature, which is the authority; the platform only adds its
 * signature to transactions it built for that user.
 */
export function multisigRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const write = { config: writeLimit };

  // Sign-in is optional here: only a session of `userAddress` may change a stored signing hint.
  app.post('/api/multisig/get-wallet', write, async (request) => {
    const body = parseInput(GetWalletBodySchema, request.body, 'body');
    const signedInAs = (await readSession(deps.jwtSecret, request))?.address;
    return { success: true, payload: await getWallet(deps, 'multisig', body, signedInAs) };
  });

  app.post('/api/multisig/get-maker-wallet', write, async (request) => {
    const body = parseInput(GetWalletBodySchema, request.body, 'body');
    const signedInAs = (await readSession(deps.jwtSecret, request))?.address;
    return { success: true, payload: await getWallet(deps, 'maker', body, signedInAs) };
  });

  app.get('/api/multisig/utxos/:id', async (request) => {
    const { id } = parseInput(WalletParamSchema, request.params, 'params');
    return { success: true, payload: await walletUtxos(deps, id) };
  });

  app.get('/api/multisig/transactions/:id', async (request) => {
    const { id } = parseInput(WalletParamSchema, request.params, 'params');
    return { success: true, payload: await walletTransactions(deps, id) };
  });

  app.post('/api/multisig/setup-padding', write, async (request) => {
    const body = parseInput(SetupPaddingBodySchema, request.body, 'body');
    return { success: true, payload: await setupPadding(deps, body) };
  });

  app.post('/api/multisig/confirm-padding', write, async (request) => {
    const body = parseInput(ConfirmPaddingBodySchema, request.body, 'body');
    return { success: true, payload: await confirmPadding(deps, body) };
  });

  app.post('/api/multisig/deposit', write, async (request) => {
    const body = parseInput(DepositBodySchema, request.body, 'body');
    return { success: true, payload: await prepareDeposit(deps, body) };
  });

  app.post('/api/multisig/deposit/confirm', write, async (request) => {
    const body = parseInput(ConfirmDepositBodySchema, request.body, 'body');
    return { success: true, payload: await confirmDeposit(deps, body) };
  });

  app.post('/api/multisig/withdrawal', write, async (request) => {
    const body = parseInput(WithdrawalBodySchema, request.body, 'body');
    return { success: true, payload: await prepareWithdrawal(deps, body) };
  });

  // Inscriptions into the maker wallet (before a snipe-protected listing) and back out of it.
  app.post('/api/multisig/deposit-inscriptions', write, async (request) => {
    const body = parseInput(DepositInscriptionsBodySchema, request.body, 'body');
    return { success: true, payload: await prepareInscriptionDeposit(deps, body) };
  });

  app.post('/api/multisig/deposit-inscriptions/confirm', write, async (request) => {
    const body = parseInput(ConfirmDepositBodySchema, request.body, 'body');
    return { success: true, payload: await confirmDeposit(deps, body) };
  });

  app.post('/api/multisig/withdrawal-inscriptions', write, async (request) => {
    const body = parseInput(WithdrawInscriptionsBodySchema, request.body, 'body');
    return { success: true, payload: await prepareInscriptionWithdrawal(deps, body) };
  });

  app.post('/api/multisig/withdrawal/confirm', write, async (request) => {
    const body = parseInput(ConfirmWithdrawalBodySchema, request.body, 'body');
    return { success: true, payload: await confirmWithdrawal(deps, body) };
  });
}
