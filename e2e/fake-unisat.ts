import {
  bytesToHex,
  compressedPublicKey,
  p2wpkhAddress,
  privateKeyFromHex,
  signBip322Simple,
  signPsbtWithKey,
} from '@om/bitcoin';
import type { Page } from 'playwright-core';

/**
 * A UniSat extension stand-in: `window.unisat` with the methods LaserEyes 0.0.64 calls, signing in
 * Node with a test key through exposed functions. The real LaserEyes UniSat code path runs unchanged.
 */
export async function installFakeUnisat(page: Page, privateKeyHex: string) {
  const key = privateKeyFromHex(privateKeyHex);
  const publicKey = bytesToHex(compressedPublicKey(key));
  const address = p2wpkhAddress(compressedPublicKey(key), 'regtest');
  const calls: string[] = [];

  await page.exposeFunction('__fakeUnisatSignMessage', (message: string, type: string) => {
    calls.push(`signMessage:${type}`);
    return signBip322Simple(message, key, address, 'regtest');
  });
  await page.exposeFunction('__fakeUnisatSignPsbt', (psbtHex: string) => {
    calls.push('signPsbt');
    return bytesToHex(signPsbtWithKey(Buffer.from(psbtHex, 'hex'), key));
  });
  await page.exposeFunction('__fakeUnisatLog', (name: string) => calls.push(name));

  await page.addInitScript(
    ({ address, publicKey }) => {
      const w = window as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      const log = (name: string) => void w.__fakeUnisatLog?.(name);
      (window as unknown as { unisat: unknown }).unisat = {
        getChain: async () => (
          log('getChain'),
          { enum: 'BITCOIN_TESTNET', name: 'Bitcoin Testnet', network: 'testnet' }
        ),
        switchChain: async (chain: string) => (log('switchChain'), { enum: chain }),
        getNetwork: async () => 'testnet',
        switchNetwork: async () => undefined,
        requestAccounts: async () => (log('requestAccounts'), [address]),
        getAccounts: async () => [address],
        getPublicKey: async () => publicKey,
        getBalance: async () => ({ confirmed: 0, unconfirmed: 0, total: 0 }),
        signMessage: (message: string, type: string) => w.__fakeUnisatSignMessage!(message, type),
        signPsbt: (psbtHex: string) => w.__fakeUnisatSignPsbt!(psbtHex),
        on: () => undefined,
        removeListener: () => undefined,
      };
    },
    { address, publicKey },
  );
  return { address, publicKey, calls };
}
