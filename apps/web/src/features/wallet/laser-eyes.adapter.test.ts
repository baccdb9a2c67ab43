import {
  addressToScript,
  buildListingPsbt,
  buildMultisigWithdrawal,
  bytesToBase64,
  compressedPublicKey,
  hexToBytes,
  multisigWallet,
  parsePsbt,
  privateKeyFromHex,
} from '@om/bitcoin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLaserEyesAdapter } from './laser-eyes.adapter.ts';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const PUBLIC_KEY = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';

/** The UniSat API surface that LaserEyes 0.0.64's UniSat provider calls. */
function fakeUnisat(chain = 'BITCOIN_REGTEST') {
  return {
    requestAccounts: vi.fn(async () => [ADDRESS]),
    getAccounts: vi.fn(async () => [ADDRESS]),
    getPublicKey: vi.fn(async () => PUBLIC_KEY),
    getChain: vi.fn(async () => ({ enum: chain, name: 'Bitcoin Regtest', network: 'regtest' })),
    switchChain: vi.fn(async () => undefined),
    getNetwork: vi.fn(async () => 'livenet'),
    switchNetwork: vi.fn(async () => undefined),
    signMessage: vi.fn(async (message: string, type?: string) => `sig(${message},${type})`),
    signPsbt: vi.fn(async (psbtHex: string) => psbtHex),
    getBalance: vi.fn(async () => ({ confirmed: 0, unconfirmed: 0, total: 0 })),
    on: vi.fn(),
    removeListener: vi.fn(),
  };
}

describe('LaserEyes UniSat adapter (0.0.64) with an injected window.unisat', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'unisat');
  });

  it('connects on regtest without asking the wallet to switch to mainnet', async () => {
    const unisat = fakeUnisat();
    vi.stubGlobal('unisat', unisat);
    const adapter = await createLaserEyesAdapter('unisat', { network: 'regtest' });

    await expect(adapter.connect()).resolves.toEqual({
      paymentAddress: ADDRESS,
      paymentPublicKey: PUBLIC_KEY,
      ordinalsAddress: ADDRESS,
      ordinalsPublicKey: PUBLIC_KEY,
    });
    expect(unisat.requestAccounts).toHaveBeenCalledWith();
    expect(unisat.getChain).toHaveBeenCalled();
    expect(unisat.getPublicKey).toHaveBeenCalled();
    expect(unisat.switchChain).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(unisat.on).toHaveBeenCalledWith('accountsChanged', expect.any(Function)),
    );
    expect(unisat.getAccounts).toHaveBeenCalled();

    await expect(adapter.signMessage('hello', ADDRESS)).resolves.toBe('sig(hello,bip322-simple)');
    expect(unisat.signMessage).toHaveBeenCalledWith('hello', 'bip322-simple');

    adapter.disconnect();
    expect(unisat.removeListener).toHaveBeenCalledWith('accountsChanged', expect.any(Function));
  });

  it('asks the wallet to switch when it is on another network than the deployment', async () => {
    const unisat = fakeUnisat('BITCOIN_MAINNET');
    vi.stubGlobal('unisat', unisat);
    const adapter = await createLaserEyesAdapter('unisat', { network: 'signet' });
    await adapter.connect();
    expect(unisat.switchChain).toHaveBeenCalledWith('BITCOIN_SIGNET');
    adapter.disconnect();
  });

  it('declares the requested sighash in the PSBT the wallet signs', async () => {
    const unisat = fakeUnisat();
    vi.stubGlobal('unisat', unisat);
    const adapter = await createLaserEyesAdapter('unisat', { network: 'regtest' });
    await adapter.connect();
    const { psbt } = buildListingPsbt({
      items: [
        {
          inscriptionUtxo: {
            txid: 'ab'.repeat(32),
            vout: 0,
            value: 10_000n,
            script: addressToScript(ADDRESS, 'regtest')!,
          },
          price: 50_000n,
          payoutAddress: ADDRESS,
        },
      ],
      makerFeeBps: 100,
      network: 'regtest',
    });
    const undeclared = parsePsbt(psbt);
    undeclared.updateInput(0, { sighashType: undefined });

    await adapter.signPsbt({
      psbtBase64: bytesToBase64(undeclared.toPSBT()),
      inputsToSign: [{ index: 0, address: ADDRESS, sighashTypes: [0x83] }],
    });
    const [sentHex, options] = unisat.signPsbt.mock.calls[0] as unknown as [string, unknown];
    expect(parsePsbt(hexToBytes(sentHex)).getInput(0).sighashType).toBe(0x83);
    expect(options).toEqual({ autoFinalized: false });
    adapter.disconnect();
  });

  it('names multisig inputs and their public key to the wallet (LaserEyes would skip them)', async () => {
    const unisat = fakeUnisat();
    vi.stubGlobal('unisat', unisat);
    const adapter = await createLaserEyesAdapter('unisat', { network: 'regtest' });
    await adapter.connect();
    const platformKey = compressedPublicKey(privateKeyFromHex('44'.repeat(32)));
    const wallet = multisigWallet(hexToBytes(PUBLIC_KEY), platformKey, 'regtest');
    const { psbt } = buildMultisigWithdrawal({
      wallet,
      utxos: [
        { txid: 'ab'.repeat(32), vout: 0, value: 50_000n, script: wallet.script, inscribed: false },
      ],
      recipientAddress: ADDRESS,
      amount: 20_000n,
      feeRate: 2,
      network: 'regtest',
    });

    await adapter.signPsbt({
      psbtBase64: bytesToBase64(psbt),
      inputsToSign: [{ index: 0, address: ADDRESS }],
    });
    const [, options] = unisat.signPsbt.mock.calls[0] as unknown as [string, unknown];
    expect(options).toEqual({
      autoFinalized: false,
      toSignInputs: [{ index: 0, publicKey: PUBLIC_KEY }],
    });
    adapter.disconnect();
  });
});
