import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/create-db.ts';
import { loadEnv } from '../../env.ts';
import { BitcoinRpc } from '../rpc.ts';
import { EsploraChainSource } from './esplora-chain-source.ts';
import { LocalChainSource } from './local-chain-source.ts';
import { LocalInscriptions } from './local-inscriptions.ts';
import { OrdInscriptionSource } from './ord-inscription-source.ts';
import { selectChainSource } from './select-chain-source.ts';

const db = {} as Db;
const NODE = 'http://u:p@127.0.0.1:8332';
const ESPLORA = 'https://mempool.space/api';
const ORD = 'http://127.0.0.1:8080';
const JWT_SECRET = 'x'.repeat(32);
/** Checked against the network only when a fee is paid; loadEnv needs one off regtest. */
const PLATFORM_FEE_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const COSIGNER_SECRET = '11'.repeat(32);

function envOf(vars: Record<string, string>) {
  return loadEnv({ JWT_SECRET, PLATFORM_FEE_ADDRESS, COSIGNER_SECRET, ...vars });
}

type Case = {
  network: string;
  vars: Record<string, string>;
  source: abstract new (...args: never[]) => unknown;
  inscriptions?: abstract new (...args: never[]) => unknown;
};

describe('selectChainSource', () => {
  it.each<Case>([
    { network: 'regtest', vars: {}, source: LocalChainSource },
    {
      network: 'signet',
      vars: { BITCOIND_RPC_URL: NODE },
      source: LocalChainSource,
    },
    {
      network: 'signet',
      vars: { ESPLORA_URL: ESPLORA, ORD_URL: ORD },
      source: EsploraChainSource,
      inscriptions: OrdInscriptionSource,
    },
    {
      network: 'mainnet',
      vars: { BITCOIND_RPC_URL: NODE, ESPLORA_URL: ESPLORA },
      source: EsploraChainSource,
      inscriptions: LocalInscriptions,
    },
    {
      network: 'testnet',
      vars: { ESPLORA_URL: ESPLORA, ORD_URL: ORD },
      source: EsploraChainSource,
      inscriptions: OrdInscriptionSource,
    },
  ])('$network with $vars: $source.name', ({ network, vars, source, inscriptions }) => {
    const env = envOf({ BITCOIN_NETWORK: network, ...vars });
    const rpc =
      env.BITCOIN_NETWORK === 'regtest' || env.BITCOIND_RPC_URL
        ? new BitcoinRpc(() => ({ url: NODE, username: 'u', password: 'p' }))
        : undefined;
    const selected = selectChainSource(env, { db, rpc });
    expect(selected).toBeInstanceOf(source);
    if (inscriptions) expect(Reflect.get(selected, 'inscriptions')).toBeInstanceOf(inscriptions);
  });
});

describe('loadEnv: where chain data comes from off regtest', () => {
  it.each([
    [
      'signet',
      {},
      'BITCOIND_RPC_URL, or ESPLORA_URL and ORD_URL, are required on signet: the embedded node runs regtest only.',
    ],
    [
      'mainnet',
      { ESPLORA_URL: ESPLORA },
      'BITCOIND_RPC_URL, or ESPLORA_URL and ORD_URL, are required on mainnet: the embedded node runs regtest only.',
    ],
    [
      'mainnet',
      { BITCOIND_RPC_URL: NODE },
      'ESPLORA_URL is required on mainnet for address and transaction data.',
    ],
    [
      'testnet',
      { ORD_URL: ORD, BITCOIND_RPC_URL: NODE },
      'ESPLORA_URL is required on testnet for address and transaction data.',
    ],
  ])('refuses %s with %j', (network, vars, message) => {
    expect(() => envOf({ BITCOIN_NETWORK: network, ...vars })).toThrow(message);
  });

  it('needs PLATFORM_FEE_ADDRESS off regtest unless the fee is 0', () => {
    const vars = { BITCOIN_NETWORK: 'signet', BITCOIND_RPC_URL: NODE, JWT_SECRET, COSIGNER_SECRET };
    expect(() => loadEnv(vars)).toThrow(
      'PLATFORM_FEE_ADDRESS is required on signet when PLATFORM_FEE_BPS > 0.',
    );
    expect(loadEnv({ ...vars, PLATFORM_FEE_BPS: '0' }).PLATFORM_FEE_BPS).toBe(0);
  });

  it('needs COSIGNER_SECRET off regtest, as 64 hex digits', () => {
    const vars = {
      BITCOIN_NETWORK: 'signet',
      BITCOIND_RPC_URL: NODE,
      JWT_SECRET,
      PLATFORM_FEE_ADDRESS,
    };
    expect(() => loadEnv(vars)).toThrow('COSIGNER_SECRET is required on signet.');
    expect(() => loadEnv({ ...vars, COSIGNER_SECRET: 'abc' })).toThrow(
      'COSIGNER_SECRET: must be 64 hex digits',
    );
  });

  it('rejects a URL that is not one', () => {
    expect(() => envOf({ ESPLORA_URL: 'mempool.space' })).toThrow(/ESPLORA_URL/);
  });
});
