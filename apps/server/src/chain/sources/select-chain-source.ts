import type { Db } from '../../db/create-db.ts';
import type { Env } from '../../env.ts';
import type { BitcoinRpc } from '../rpc.ts';
import type { ChainSource } from './chain-source.ts';
import { EsploraChainSource } from './esplora-chain-source.ts';
import { LocalChainSource } from './local-chain-source.ts';
import { LocalInscriptions } from './local-inscriptions.ts';
import { OrdInscriptionSource } from './ord-inscription-source.ts';

type SourceEnv = Pick<Env, 'BITCOIN_NETWORK' | 'ESPLORA_URL' | 'ORD_URL'>;

/**
 * Which chain source a deployment uses (ADR 005, other networks):
 * - regtest and signet with a node (`rpc`): ours alone, since our indexer keeps every output there;
 * - mainnet and testnet with a node: Esplora for address data, our indexer for inscriptions;
 * - no node: Esplora plus ord.
 * env.ts guarantees the URLs each case needs.
 */
export function selectChainSource(env: SourceEnv, deps: { db: Db; rpc?: BitcoinRpc }): ChainSource {
  const { db, rpc } = deps;
  const network = env.BITCOIN_NETWORK;
  if (rpc && (network === 'regtest' || network === 'signet'))
    return new LocalChainSource({ db, rpc });
  if (!env.ESPLORA_URL) throw new Error(`ESPLORA_URL is required on ${network}`);
  const baseUrl = env.ESPLORA_URL;
  if (rpc) return new EsploraChainSource({ baseUrl, inscriptions: new LocalInscriptions(db) });
  if (!env.ORD_URL) throw new Error(`ORD_URL is required on ${network} without a node`);
  const inscriptions = new OrdInscriptionSource({ baseUrl: env.ORD_URL });
  return new EsploraChainSource({ baseUrl, inscriptions });
}
