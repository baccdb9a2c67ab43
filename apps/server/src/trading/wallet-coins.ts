import {
  MIN_PADDING_VALUE,
  scriptOfAddress,
  type BitcoinNetwork,
  type WalletUtxo,
} from '@om/bitcoin';
import type { ChainSource } from '../chain/sources/chain-source.ts';

/**
 * Padding candidates are small coins: the 600-sat paddings purchases create, and the first
 * output of an earlier purchase (its paddings merged back). Bigger coins are kept to pay with.
 */
export const PADDING_MAX_VALUE = 2_000n;

/** An address's coin with what the chain source says it holds. */
export type AddressCoin = {
  /** `inscribed` is true also when the source cannot vouch for the coin. */
  utxo: WalletUtxo;
  /** Inscriptions on it in sat order; null when the source cannot vouch for it yet. */
  inscriptions: string[] | null;
  /** null while unconfirmed. */
  blockHeight: number | null;
};

/**
 * Every coin of the address unspent by the mempool (confirmed, or unconfirmed and placed by
 * ord's rules), with its inscriptions. A coin the source cannot vouch for counts as inscribed:
 * an inscription spent as padding or fee is lost (ADR 007 "Safety").
 */
export async function addressCoins(
  source: ChainSource,
  address: string,
  network: BitcoinNetwork,
): Promise<AddressCoin[]> {
  const utxos = await source.addressUtxos(address);
  if (utxos.length === 0) return [];
  const onOutputs = await source.inscriptionsOnOutputs(utxos.map((u) => `${u.txid}:${u.vout}`));
  const script = scriptOfAddress(address, network);
  return utxos.map((u) => {
    const inscriptions = onOutputs.get(`${u.txid}:${u.vout}`) ?? null;
    const inscribed = inscriptions === null || inscriptions.length > 0;
    return {
      utxo: { txid: u.txid, vout: u.vout, value: u.value, script, inscribed },
      inscriptions,
      blockHeight: u.status.confirmed ? (u.status.blockHeight ?? null) : null,
    };
  });
}

/** The address's coins the chain source vouches hold no inscription: what may pay or pad. */
export async function cardinalCoins(
  source: ChainSource,
  address: string,
  network: BitcoinNetwork,
): Promise<WalletUtxo[]> {
  const coins = await addressCoins(source, address, network);
  return coins.flatMap((coin) => (coin.utxo.inscribed ? [] : [coin.utxo]));
}

/**
 * The `count` smallest padding candidates and every other coin to pay with; undefined when the
 * wallet has fewer candidates than that (the buyer then gets a chained padding setup).
 */
export function splitPadding(
  coins: readonly WalletUtxo[],
  count: number,
): { paddings: WalletUtxo[]; payments: WalletUtxo[] } | undefined {
  const candidates = coins
    .filter((c) => c.value >= MIN_PADDING_VALUE && c.value <= PADDING_MAX_VALUE)
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, count);
  if (candidates.length < count) return undefined;
  const payments = coins.filter((c) => !candidates.includes(c));
  return { paddings: candidates, payments };
}
