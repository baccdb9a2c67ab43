import {
  MIN_PADDING_VALUE,
  scriptOfAddress,
  type BitcoinNetwork,
  type WalletUtxo,
} from '@om/bitcoin';
import type { ChainSource } from '../../chain/sources/chain-source.ts';

/**
 * Padding candidates are small coins: the 600-sat paddings purchases create, and the first
 * output of an earlier purchase (its paddings merged back). Bigger coins are kept to pay with.
 */
export const PADDING_MAX_VALUE = 2_000n;

/**
 * The address's coins the chain source vouches hold no inscription (confirmed, or unconfirmed and
 * placed by ord's rules), unspent by the mempool. Coins it cannot vouch for are left out: an
 * inscription spent as padding or fee is lost (issue 4 "Safety").
 */
export async function cardinalCoins(
  source: ChainSource,
  address: string,
  network: BitcoinNetwork,
): Promise<WalletUtxo[]> {
  const utxos = await source.addressUtxos(address);
  if (utxos.length === 0) return [];
  const inscriptions = await source.inscriptionsOnOutputs(utxos.map((u) => `${u.txid}:${u.vout}`));
  const script = scriptOfAddress(address, network);
  return utxos.flatMap((u) =>
    inscriptions.get(`${u.txid}:${u.vout}`)?.length === 0
      ? [{ txid: u.txid, vout: u.vout, value: u.value, script, inscribed: false }]
      : [],
  );
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
