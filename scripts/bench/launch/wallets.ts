import {
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  hexToBytes,
  p2trAddress,
  p2wpkhAddress,
  randomPrivateKey,
  signBip322Simple,
  signPsbtWithKey,
  xOnlyPublicKey,
} from '@om/bitcoin';
import { clientAddress } from '../client-address.ts';

// Keys as a wallet holds them, and the API over real HTTP as the web app calls it: the creator
// and every minter sign with their own keys, nothing is signed by the server on their behalf.

export type Wallet = {
  /** 32 bytes in hex (so a wallet crosses to the minters' process as JSON). */
  keyHex: string;
  /** As wallets report it: x-only for taproot, compressed for P2WPKH. */
  publicKey: string;
  address: string;
};

export function newWallet(type: 'p2tr' | 'p2wpkh'): Wallet {
  const key = randomPrivateKey();
  const compressed = compressedPublicKey(key);
  const address =
    type === 'p2tr' ? p2trAddress(compressed, 'regtest') : p2wpkhAddress(compressed, 'regtest');
  const publicKey = bytesToHex(type === 'p2tr' ? xOnlyPublicKey(key) : compressed);
  return { keyHex: bytesToHex(key), publicKey, address };
}

/** Signs each input with the wallet of the address the server named for it (inputsToSign). */
export function signAsAsked(
  psbt: string,
  inputsToSign: readonly { index: number; address: string }[],
  wallets: readonly Wallet[],
): string {
  let signed = psbt;
  for (const w of wallets) {
    const inputs = inputsToSign.filter((i) => i.address === w.address).map((i) => i.index);
    if (inputs.length > 0) {
      signed = bytesToBase64(signPsbtWithKey(signed, hexToBytes(w.keyHex), { inputs }));
    }
  }
  return signed;
}

/** A distinct private network address per minter (10.1.0.1, 10.1.0.2, ...). */
export const minterClient = (index: number) => clientAddress(1, index);

export type ApiAnswer = {
  status: number;
  // The envelope { success, payload | error, errors }, as untyped as a client's JSON.
  body: { payload?: unknown; error?: string };
};

export async function api(
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
  token?: string,
  /** The client's own address, as the reverse proxy in front of the server forwards it. */
  client?: string,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (payload) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (client) headers['x-forwarded-for'] = client;
  const res = await fetch(origin + path, {
    method,
    headers,
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}

/** The payload of a 200, or an error naming the call and the server's answer. */
export function payloadOf(answer: ApiAnswer, what: string): unknown {
  if (answer.status !== 200) {
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.payload;
}

/** Signs in with a BIP-322 signature of the challenge, as the web app does; answers the token. */
export async function signIn(origin: string, w: Wallet, client?: string): Promise<string> {
  const challenge = await api(
    origin,
    'POST',
    '/api/auth/challenge',
    { address: w.address },
    undefined,
    client,
  );
  const { message } = payloadOf(challenge, 'auth/challenge') as { message: string };
  const signature = signBip322Simple(message, hexToBytes(w.keyHex), w.address, 'regtest');
  const verify = await api(
    origin,
    'POST',
    '/api/auth/verify',
    { address: w.address, publicKey: w.publicKey, signature },
    undefined,
    client,
  );
  return (payloadOf(verify, 'auth/verify') as { token: string }).token;
}
