import type { NetworkType } from '@omnisat/lasereyes-core';
import { declareRequestedSighashes } from './declare-sighash.ts';
import type {
  LaserEyesWalletId,
  SignPsbtRequest,
  WalletAdapter,
  WalletAdapterOptions,
  WalletAddresses,
} from './wallet.types.ts';

/**
 * The nine extension wallets through LaserEyes 0.0.64. The library (~325 KB gzip) is imported
 * here, on demand, so it is its own chunk that loads only when someone picks one of them.
 */
export async function createLaserEyesAdapter(
  walletId: LaserEyesWalletId,
  { network }: WalletAdapterOptions,
): Promise<WalletAdapter> {
  const lib = await import('@omnisat/lasereyes-core');
  /**
   * LaserEyes' networks have no regtest. Regtest shares testnet's key and script versions (only
   * the bech32 prefix differs), and this value only picks LaserEyes' data-source defaults, which
   * we never use: balances and UTXOs come from our own API.
   */
  const laserEyesNetwork: NetworkType =
    network === 'mainnet' ? lib.MAINNET : network === 'signet' ? lib.SIGNET : lib.TESTNET;
  const stores = lib.createStores();
  // Not client.initialize(): it would re-connect the last wallet from localStorage by itself
  // after 1.5 s. Connecting is our provider's decision, so we only construct the client.
  const client = new lib.LaserEyesClient(stores, lib.createConfig({ network: laserEyesNetwork }));

  return {
    async connect(): Promise<WalletAddresses> {
      const provider = client.$providerMap[walletId];
      if (network === 'regtest' && provider) {
        // LaserEyes 0.0.64 has no regtest: its wallet mappings turn it into mainnet, and
        // connect() asks the wallet to switch when the wallet reports another network. Adopting
        // what the wallet reports avoids that request; the provider then checks that the
        // addresses it returns are regtest ones.
        stores.$network.set((await provider.getNetwork()) ?? laserEyesNetwork);
      } else {
        stores.$network.set(laserEyesNetwork);
      }
      await client.connect(walletId);
      const state = client.$store.get();
      if (!state.paymentAddress || !state.paymentPublicKey) {
        throw new Error('The wallet did not share a payment address.');
      }
      return {
        paymentAddress: state.paymentAddress,
        paymentPublicKey: state.paymentPublicKey,
        ordinalsAddress: state.address || state.paymentAddress,
        ordinalsPublicKey: state.publicKey || state.paymentPublicKey,
      };
    },

    async signMessage(message: string, address: string): Promise<string> {
      const signature = await client.signMessage(message, {
        toSignAddress: address,
        protocol: lib.BIP322,
      });
      if (!signature) throw new Error('The wallet returned no signature.');
      return signature;
    },

    async signPsbt({
      psbtBase64,
      inputsToSign,
      finalize = false,
    }: SignPsbtRequest): Promise<string> {
      // 0.0.64's signPsbt(tx, finalize, broadcast) takes no input list and no sighash types: each
      // wallet signs the inputs it owns, with the sighash each input declares (Xverse and Magic
      // Eden get it passed on as sigHash by LaserEyes). So requested sighash types are written
      // into the PSBT, where every wallet reads them.
      const psbt = declareRequestedSighashes(psbtBase64, inputsToSign);
      const signed = await client.signPsbt(psbt, finalize, false);
      if (!signed?.signedPsbtBase64) throw new Error('Invalid signed data received');
      return signed.signedPsbtBase64;
    },

    disconnect(): void {
      client.disconnect();
      client.dispose();
    },
  };
}
