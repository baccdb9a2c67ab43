import {
  addressToScript,
  addressType,
  base64ToBytes,
  buildListingPsbt,
  bytesToBase64,
  hexToBytes,
  parsePsbt,
  verifyBip322,
  verifySignedListing,
} from '@om/bitcoin';
import { describe, expect, it, vi } from 'vitest';
import { createDevWalletAdapter } from './dev-wallet.adapter.ts';
import { devWalletAddresses, loadDevWalletKeys } from './dev-wallet-keys.ts';
import { DEV_WALLET_STORAGE_KEY, writeDevPaymentType } from './dev-wallet-settings.ts';

describe('Dev wallet keys', () => {
  it('are created once and kept in localStorage', () => {
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).toBeNull();
    const first = devWalletAddresses(loadDevWalletKeys(), 'regtest');
    const stored = JSON.parse(localStorage.getItem(DEV_WALLET_STORAGE_KEY) ?? '{}') as Record<
      string,
      string
    >;
    expect(stored.paymentPrivateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.ordinalsPrivateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.paymentPrivateKey).not.toBe(stored.ordinalsPrivateKey);
    expect(devWalletAddresses(loadDevWalletKeys(), 'regtest')).toEqual(first);
  });

  it('pay from P2WPKH by default, P2TR when chosen; ordinals are always P2TR', () => {
    const segwit = devWalletAddresses(loadDevWalletKeys(), 'regtest');
    expect(addressType(segwit.paymentAddress, 'regtest')).toBe('p2wpkh');
    expect(addressType(segwit.ordinalsAddress, 'regtest')).toBe('p2tr');
    expect(segwit.paymentPublicKey).toMatch(/^0[23][0-9a-f]{64}$/);

    writeDevPaymentType('p2tr');
    const taproot = devWalletAddresses(loadDevWalletKeys(), 'regtest');
    expect(addressType(taproot.paymentAddress, 'regtest')).toBe('p2tr');
    expect(taproot.ordinalsAddress).toBe(segwit.ordinalsAddress);
    expect(taproot.paymentPublicKey).toBe(segwit.paymentPublicKey);
  });

  it('replaces an unreadable record with fresh keys', () => {
    localStorage.setItem(DEV_WALLET_STORAGE_KEY, '{not json');
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const addresses = devWalletAddresses(loadDevWalletKeys(), 'regtest');
    expect(addressType(addresses.paymentAddress, 'regtest')).toBe('p2wpkh');
    expect(warned).toHaveBeenCalledWith(
      'Ignoring an unreadable Dev wallet record',
      expect.any(SyntaxError),
    );
  });
});

describe('Dev wallet adapter', () => {
  it.each(['p2wpkh', 'p2tr'] as const)(
    'signs BIP-322 messages that verify, with a %s payment address',
    async (paymentType) => {
      writeDevPaymentType(paymentType);
      const wallet = createDevWalletAdapter({ network: 'regtest' });
      const { paymentAddress, ordinalsAddress } = await wallet.connect();
      const message = 'Sign in to Ordinals Market\nNonce: 1';
      const signature = await wallet.signMessage(message, paymentAddress);
      expect(verifyBip322(message, paymentAddress, signature, 'regtest')).toBe(true);
      expect(verifyBip322('another message', paymentAddress, signature, 'regtest')).toBe(false);
      const ordinalsSignature = await wallet.signMessage(message, ordinalsAddress);
      expect(verifyBip322(message, ordinalsAddress, ordinalsSignature, 'regtest')).toBe(true);
    },
  );

  it('refuses to sign for an address it does not own', async () => {
    const wallet = createDevWalletAdapter({ network: 'regtest' });
    await wallet.connect();
    await expect(
      wallet.signMessage('hi', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'),
    ).rejects.toThrow('The Dev wallet does not own');
  });

  it('exists on regtest only', () => {
    expect(() => createDevWalletAdapter({ network: 'mainnet' })).toThrow('regtest only');
  });

  describe('signs a listing SINGLE|ANYONECANPAY (0x83)', () => {
    async function listing({ declared }: { declared: boolean }) {
      const wallet = createDevWalletAdapter({ network: 'regtest' });
      const { ordinalsAddress, ordinalsPublicKey, paymentAddress } = await wallet.connect();
      const { psbt, items } = buildListingPsbt({
        items: [
          {
            inscriptionUtxo: {
              txid: 'ab'.repeat(32),
              vout: 1,
              value: 10_000n,
              script: addressToScript(ordinalsAddress, 'regtest')!,
              publicKey: hexToBytes(ordinalsPublicKey),
            },
            price: 50_000n,
            payoutAddress: paymentAddress,
          },
        ],
        makerFeeBps: 100,
        network: 'regtest',
      });
      const tx = parsePsbt(psbt);
      if (!declared) tx.updateInput(0, { sighashType: undefined });
      return { wallet, ordinalsAddress, items, psbtBase64: bytesToBase64(tx.toPSBT()) };
    }

    it.each([true, false])(
      'with the sighash declared in the PSBT: %s; partial, as finalize is false',
      async (declared) => {
        const { wallet, ordinalsAddress, items, psbtBase64 } = await listing({ declared });
        const signed = await wallet.signPsbt({
          psbtBase64,
          inputsToSign: [{ index: 0, address: ordinalsAddress, sighashTypes: [0x83] }],
          finalize: false,
        });
        const input = parsePsbt(signed).getInput(0);
        expect(input.tapKeySig).toHaveLength(65);
        expect(input.tapKeySig?.at(-1)).toBe(0x83);
        expect(input.finalScriptWitness).toBeUndefined();
        expect(verifySignedListing(base64ToBytes(signed)!, items).ok).toBe(true);
      },
    );
  });
});
