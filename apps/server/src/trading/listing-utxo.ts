import type { ChainDeps } from '../app-deps.ts';
import { RpcError } from '../chain/rpc.ts';
import { AppError, invalidInput } from '../http/app-error.ts';

/** An inscription's UTXO as the chain source places it, checked to be listable. */
export type ListableUtxo = {
  outpoint: string;
  inscriptionId: string;
  outputValue: bigint;
  inscriptionOffset: bigint;
};

/**
 * Checks, at listing and again at confirmation, that `outpoint` is the current location of exactly
 * one inscription, at the maker's ordinal address, and that no transaction (mined or in the
 * mempool) spends it. Throws a 400 naming `field`, or a 409 when the output is moving. An output
 * in the maker's own maker wallet (`makerWalletAddress`) while the listing names another address
 * is a 400 naming makerOrdinalAddress: a protected listing names the maker wallet there.
 */
export async function checkListableUtxo(
  chain: ChainDeps,
  outpoint: string,
  ordinalAddress: string,
  field: string,
  makerWalletAddress?: string,
): Promise<ListableUtxo> {
  const ids = (await chain.source.inscriptionsOnOutputs([outpoint])).get(outpoint);
  if (ids === undefined) throw invalidInput(`${field}: ${outpoint} is not a known output`, field);
  const [inscriptionId] = ids;
  if (!inscriptionId) throw invalidInput(`${field}: ${outpoint} holds no inscription`, field);
  if (ids.length > 1) {
    const message = `${field}: ${outpoint} holds ${ids.length} inscriptions; list them from separate UTXOs`;
    throw invalidInput(message, field);
  }
  const location = await chain.source.inscriptionLocation(inscriptionId);
  const [txid, vout, offset] = location?.satpoint.split(':') ?? [];
  if (!location || `${txid}:${vout}` !== outpoint) {
    throw invalidInput(
      `${field}: the inscription on ${outpoint} is not confirmed there yet`,
      field,
    );
  }
  if (location.address !== ordinalAddress && location.address === makerWalletAddress) {
    const message = `makerOrdinalAddress: ${outpoint} is in the maker wallet; list it with makerOrdinalAddress ${makerWalletAddress}`;
    throw invalidInput(message, 'makerOrdinalAddress');
  }
  if (location.address !== ordinalAddress) {
    throw invalidInput(`${field}: ${outpoint} is not at makerOrdinalAddress`, field);
  }
  if (await isSpent(chain, outpoint, ordinalAddress)) {
    throw new AppError('CONFLICT', `${field}: ${outpoint} is being spent by another transaction`);
  }
  return {
    outpoint,
    inscriptionId,
    outputValue: location.outputValue,
    inscriptionOffset: BigInt(offset ?? '0'),
  };
}

/** The outputs listings sit on, with the address each is at: what spentOutputs asks about. */
export const listedOutputs = (
  rows: readonly { outpoint: string; makerOrdinalAddress: string }[],
): { outpoint: string; address: string }[] =>
  rows.map((row) => ({ outpoint: row.outpoint, address: row.makerOrdinalAddress }));

/**
 * Which of the outputs a transaction spends, in order: the node's UTXO set with its mempool
 * (gettxout, one batch for them all: a purchase asks for each of its items), or, without a node,
 * each address's outputs that Esplora reports unspent by the mempool (read once per address: a
 * launch's items all sit in one maker wallet).
 */
export async function spentOutputs(
  chain: ChainDeps,
  outputs: readonly { outpoint: string; address: string }[],
): Promise<boolean[]> {
  const rpc = chain.rpc;
  if (!rpc) {
    const addresses = [...new Set(outputs.map((o) => o.address))];
    const unspent = new Map(
      await Promise.all(
        addresses.map(async (address) => {
          const utxos = await chain.source.addressUtxos(address);
          return [address, new Set(utxos.map((u) => `${u.txid}:${u.vout}`))] as const;
        }),
      ),
    );
    return outputs.map((o) => !unspent.get(o.address)?.has(o.outpoint));
  }
  const answers = await rpc.batch<unknown>(
    'gettxout',
    outputs.map(({ outpoint }) => {
      const [txid = '', vout = '0'] = outpoint.split(':');
      return [txid, Number(vout), true];
    }),
  );
  return answers.map((answer) => {
    if (answer instanceof RpcError) throw answer;
    return answer === null;
  });
}

/** Whether a transaction spends the output at `address` (spentOutputs of one). */
export async function isSpent(
  chain: ChainDeps,
  outpoint: string,
  address: string,
): Promise<boolean> {
  const [spent = false] = await spentOutputs(chain, [{ outpoint, address }]);
  return spent;
}

/** Where an inscription is now: its output, that output's value and address and what it holds. */
export type InscriptionOutput = {
  inscriptionId: string;
  outpoint: string;
  txid: string;
  vout: number;
  value: bigint;
  /** The inscription's offset in the output. */
  offset: bigint;
  address: string | null;
  /** Every inscription on the output, in sat order. */
  inscriptions: string[];
};

/**
 * The output an inscription sits on per the chain source (confirmed there), unspent: a 400 naming
 * `field` when the inscription is unknown, a 409 when a transaction is moving it.
 */
export async function locateInscription(
  chain: ChainDeps,
  inscriptionId: string,
  field: string,
): Promise<InscriptionOutput> {
  const location = await chain.source.inscriptionLocation(inscriptionId);
  if (!location) {
    throw invalidInput(`${field}: inscription ${inscriptionId} is not known (yet)`, field);
  }
  const [txid = '', vout = '0', offset = '0'] = location.satpoint.split(':');
  const outpoint = `${txid}:${vout}`;
  const inscriptions = (await chain.source.inscriptionsOnOutputs([outpoint])).get(outpoint);
  if (!inscriptions?.includes(inscriptionId)) {
    throw invalidInput(`${field}: inscription ${inscriptionId} is not confirmed yet`, field);
  }
  if (location.address && (await isSpent(chain, outpoint, location.address))) {
    const message = `${field}: inscription ${inscriptionId} is being moved by another transaction`;
    throw new AppError('CONFLICT', message);
  }
  return {
    inscriptionId,
    outpoint,
    txid,
    vout: Number(vout),
    value: location.outputValue,
    offset: BigInt(offset),
    address: location.address,
    inscriptions,
  };
}
