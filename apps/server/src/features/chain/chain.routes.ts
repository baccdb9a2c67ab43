import {
  BroadcastBodySchema,
  TxidParamSchema,
  type RecommendedFeesPayload,
  AddressParamSchema,
  AddressTxsPayloadSchema,
  AddressUtxosPayloadSchema,
  TxStatusPayloadSchema,
  TipHeightPayloadSchema,
  RecommendedFeesPayloadSchema,
  BroadcastPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseAddressParam } from '../../http/address-input.ts';
import { notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { runesOnOutputs } from '../../chain/sources/runes-on-outputs.queries.ts';
import { splitAddressUtxos } from './chain.service.ts';
import { toWireStatus, toWireTx } from './chain.wire.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  addressTxs: {
    summary: 'Transactions of an address',
    params: AddressParamSchema,
    payload: AddressTxsPayloadSchema,
  },
  addressUtxos: {
    summary: 'Coins of an address, split by what they hold',
    params: AddressParamSchema,
    payload: AddressUtxosPayloadSchema,
  },
  txStatus: {
    summary: 'Confirmation status of a transaction',
    params: TxidParamSchema,
    payload: TxStatusPayloadSchema,
  },
  tx: { summary: 'One transaction', params: TxidParamSchema },
  tipHeight: { summary: 'Height of the chain tip', payload: TipHeightPayloadSchema },
  fees: { summary: 'Recommended fee rates', payload: RecommendedFeesPayloadSchema },
  broadcast: {
    summary: 'Broadcast a signed transaction',
    body: BroadcastBodySchema,
    payload: BroadcastPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/** Chain data for the web app (ADR 005, API), from whichever ChainSource this deployment uses. */
export function chainRoutes(
  app: FastifyInstance,
  { env, chain, db }: AppDeps,
  writeLimit: object,
): void {
  const { source } = chain;
  const addressParam = (params: unknown) => parseAddressParam(params, env.BITCOIN_NETWORK);

  app.get(
    '/api/shared/mempool/address/:address/txs',
    documented(docs.addressTxs),
    async (request) => {
      const txs = await source.addressTxs(addressParam(request.params));
      return { success: true, payload: txs.map(toWireTx) };
    },
  );

  app.get('/api/shared/address/:address/utxos', documented(docs.addressUtxos), async (request) => {
    // Our runes index runs only beside our own node (the indexer follows it); over Esplora and
    // ord alone nothing here knows the runes, so the answer says nothing of them.
    const runes = chain.rpc ? (outpoints: string[]) => runesOnOutputs(db, outpoints) : undefined;
    const payload = await splitAddressUtxos(source, addressParam(request.params), runes);
    return { success: true, payload };
  });

  app.get('/api/shared/tx/:txid/status', documented(docs.txStatus), async (request) => {
    const { txid } = parseInput(TxidParamSchema, request.params, 'params');
    const status = await source.txStatus(txid);
    if (!status) throw notFound(`Transaction ${txid} not found.`);
    return { success: true, payload: toWireStatus(status) };
  });

  // Our own transaction view where no public explorer is (regtest), or none is configured.
  app.get('/api/shared/tx/:txid', documented(docs.tx), async (request) => {
    const { txid } = parseInput(TxidParamSchema, request.params, 'params');
    const tx = await source.tx(txid);
    if (!tx) throw notFound(`Transaction ${txid} not found.`);
    return { success: true, payload: toWireTx(tx) };
  });

  app.get('/api/shared/blocks/tip/height', documented(docs.tipHeight), async () => {
    return { success: true, payload: { height: await source.tipHeight() } };
  });

  app.get('/api/shared/fees/recommended', documented(docs.fees), async () => {
    const payload: RecommendedFeesPayload = await source.recommendedFees();
    return { success: true, payload };
  });

  app.post(
    '/api/shared/tx',
    documented(docs.broadcast, { config: writeLimit }),
    async (request) => {
      const { hex } = parseInput(BroadcastBodySchema, request.body, 'body');
      return { success: true, payload: { txid: await source.broadcast(hex) } };
    },
  );
}
