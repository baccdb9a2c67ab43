import type { AddressUtxosPayload } from '@om/core';
import type { ChainSource } from '../../chain/sources/chain-source.ts';
import { toWireUtxo } from './chain.wire.ts';

type RuneOnOutputRead = { runeId: string; name: string; divisibility: number; amount: bigint };

/**
 * An address's UTXOs split by what sits on them. Only an output the source knows to hold no
 * inscription is cardinal; one it cannot vouch for yet counts as inscribed, because spending an
 * inscription as padding or fee loses it.
 */
export async function splitAddressUtxos(
  source: ChainSource,
  address: string,
  /** Our runes index, where there is one: the runes on each non-cardinal output. */
  runes?: (outpoints: string[]) => Promise<Map<string, RuneOnOutputRead[]>>,
): Promise<AddressUtxosPayload> {
  const utxos = await source.addressUtxos(address);
  const onOutputs = await source.inscriptionsOnOutputs(utxos.map((u) => `${u.txid}:${u.vout}`));
  const payload: AddressUtxosPayload = { cardinal: [], inscribed: [] };
  for (const utxo of utxos) {
    const inscriptionIds = onOutputs.get(`${utxo.txid}:${utxo.vout}`);
    if (inscriptionIds?.length === 0) payload.cardinal.push(toWireUtxo(utxo));
    else payload.inscribed.push({ ...toWireUtxo(utxo), inscriptionIds: inscriptionIds ?? [] });
  }
  if (runes && payload.inscribed.length > 0) {
    const held = await runes(payload.inscribed.map((u) => `${u.txid}:${u.vout}`));
    for (const utxo of payload.inscribed) {
      utxo.runes = (held.get(`${utxo.txid}:${utxo.vout}`) ?? []).map((r) => ({
        ...r,
        amount: r.amount.toString(),
      }));
    }
  }
  return payload;
}
