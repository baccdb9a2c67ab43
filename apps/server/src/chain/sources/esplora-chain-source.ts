import { z } from 'zod';
import { chainUnavailable, txRejected } from './chain-errors.ts';
import {
  type AddressBalance,
  ADDRESS_TXS_CHAIN_CAP,
  ADDRESS_TXS_MEMPOOL_CAP,
  orderedFees,
  type AddressUtxo,
  type ChainSource,
  type InscriptionLookup,
  type RecommendedFees,
  type TxDetails,
  type TxStatus,
} from './chain-source.ts';
import {
  EsploraAddressSchema,
  EsploraStatusSchema,
  EsploraTxSchema,
  EsploraUtxoSchema,
  FeeEstimatesSchema,
  RecommendedFeesSchema,
} from './esplora-schemas.ts';
import { HttpService, parseBody } from './http-service.ts';

export interface EsploraChainSourceOptions {
  /** ESPLORA_URL, e.g. https://mempool.space/api or https://mempool.space/signet/api. */
  baseUrl: string;
  /** Where inscriptions are: an ord server, or our own indexer on mainnet. */
  inscriptions: InscriptionLookup;
  timeoutMs?: number;
}

/**
 * Chain data from an Esplora-compatible REST API (Blockstream/esplora API.md, mempool.space),
 * inscriptions from elsewhere: for networks where we keep no address index of our own.
 */
export class EsploraChainSource implements ChainSource {
  private readonly http: HttpService;
  private readonly inscriptions: InscriptionLookup;

  constructor(options: EsploraChainSourceOptions) {
    this.http = new HttpService({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
    this.inscriptions = options.inscriptions;
  }

  async tipHeight(): Promise<number> {
    const answer = await this.http.request('/blocks/tip/height');
    const height = Number(answer.text.trim());
    if (answer.status !== 200 || !/^\d+$/.test(answer.text.trim())) {
      throw chainUnavailable(
        new Error(`/blocks/tip/height: HTTP ${answer.status}: ${answer.text}`),
      );
    }
    return height;
  }

  async addressUtxos(address: string): Promise<AddressUtxo[]> {
    const path = `/address/${encodeURIComponent(address)}/utxo`;
    return (await this.http.getJson(path, z.array(EsploraUtxoSchema))) ?? [];
  }

  /** Esplora already answers mempool first (up to 50), then the newest 25 confirmed. */
  async addressTxs(address: string): Promise<TxDetails[]> {
    const path = `/address/${encodeURIComponent(address)}/txs`;
    const txs = (await this.http.getJson(path, z.array(EsploraTxSchema))) ?? [];
    const pending = txs.filter((tx) => !tx.status.confirmed).slice(0, ADDRESS_TXS_MEMPOOL_CAP);
    const confirmed = txs.filter((tx) => tx.status.confirmed).slice(0, ADDRESS_TXS_CHAIN_CAP);
    return [...pending, ...confirmed];
  }

  async txStatus(txid: string): Promise<TxStatus | null> {
    const status = await this.http.getJson(`/tx/${txid}/status`, EsploraStatusSchema);
    if (!status || status.confirmed) return status ?? null;
    // electrs answers {"confirmed":false} for any txid, known or not: ask for the tx itself.
    const hex = await this.http.request(`/tx/${txid}/hex`);
    return hex.status === 200 ? status : null;
  }

  async tx(txid: string): Promise<TxDetails | null> {
    return (await this.http.getJson(`/tx/${txid}`, EsploraTxSchema)) ?? null;
  }

  /** mempool.space's /v1/fees/recommended; plain Esplora's /fee-estimates otherwise. */
  async recommendedFees(): Promise<RecommendedFees> {
    const recommended = await this.http.getJson('/v1/fees/recommended', RecommendedFeesSchema);
    if (recommended) return orderedFees(recommended);
    const estimates = await this.http.getJson('/fee-estimates', FeeEstimatesSchema);
    if (!estimates) throw chainUnavailable(new Error('no fee endpoint answered'));
    const at = (...targets: number[]) =>
      Math.ceil(targets.map((t) => estimates[String(t)]).find((r) => r !== undefined) ?? 0);
    return orderedFees({
      fastestFee: at(1, 2),
      halfHourFee: at(3),
      hourFee: at(6),
      economyFee: at(144),
      minimumFee: at(1008),
    });
  }

  async broadcast(hex: string): Promise<string> {
    const answer = await this.http.request('/tx', { method: 'POST', body: hex });
    if (answer.status === 200) return answer.text.trim();
    if (answer.status === 400) throw txRejected(rejectReason(answer.text));
    throw chainUnavailable(new Error(`POST /tx: HTTP ${answer.status}: ${answer.text}`));
  }

  /** The address's balance from its chain and mempool stats (GET /address/:address). */
  async addressBalance(address: string): Promise<AddressBalance> {
    const path = `/address/${encodeURIComponent(address)}`;
    const answer = await this.http.request(path);
    if (answer.status !== 200) {
      throw chainUnavailable(new Error(`${path}: HTTP ${answer.status}: ${answer.text}`));
    }
    const { chain_stats: chain, mempool_stats: mempool } = parseBody(
      path,
      answer.text,
      EsploraAddressSchema,
    );
    return {
      confirmed: chain.funded_txo_sum - chain.spent_txo_sum,
      unconfirmed: mempool.funded_txo_sum - mempool.spent_txo_sum,
    };
  }

  inscriptionsOnOutputs(outpoints: readonly string[]) {
    return this.inscriptions.inscriptionsOnOutputs(outpoints);
  }

  inscriptionLocation(inscriptionId: string) {
    return this.inscriptions.inscriptionLocation(inscriptionId);
  }
}

/**
 * electrs relays the node's error as `sendrawtransaction RPC error: {"code":-26,"message":"..."}`;
 * other servers answer the reason as plain text.
 */
export function rejectReason(body: string): string {
  const rpc = /RPC error: (\{.*\})\s*$/s.exec(body);
  if (rpc?.[1]) {
    try {
      const { message } = JSON.parse(rpc[1]) as { message?: unknown };
      if (typeof message === 'string' && message) return message;
    } catch {
      // not JSON after all: fall through to the raw text
    }
  }
  return body.trim() || 'no reason given';
}
