import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes } from '@om/bitcoin';
import type { NetworkType } from '@omnisat/lasereyes-core';
import { declareRequestedSighashes } from './declare-sighash.ts';
import { asksForScriptInputs, toSignInputs, type ToSignInput } from './script-inputs.ts';
import type {
  LaserEyesWalletId,
  SignPsbtRequest,
  WalletAdapter,
  WalletAdapterOptions,
  WalletAddresses,
} from './wallet.types.ts';

/** The UniSat-style API that UniSat, OKX and Wizz expose, with an input list LaserEyes leaves out. */
type InputListSigner = {
  signPsbt(
    psbtHex: string,
    options: { autoFinalized: boolean; toSignInputs: ToSignInput[] },
  ): Promise<string>;
};
const INPUT_LIST_WALLETS: readonly LaserEyesWalletId[] = ['unisat', 'okx', 'wizz'];

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
  let connected: WalletAddresses | undefined;

  /**
   * The wallet's own signPsbt with an input list, for PSBTs with multisig (P2WSH) inputs:
   * LaserEyes picks inputs by their coin's address, which never matches a P2WSH one. Undefined for
   * the wallets without such an API (Xverse, Magic Eden, Leather … through LaserEyes only).
   */
  const inputListSigner = (): InputListSigner | undefined => {
    if (!INPUT_LIST_WALLETS.includes(walletId)) return undefined;
    const provider = client.$providerMap[walletId] as { library?: InputListSigner } | undefined;
    return provider?.library;
  };

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
      connected = {
        paymentAddress: state.paymentAddress,
        paymentPublicKey: state.paymentPublicKey,
        ordinalsAddress: state.address || state.paymentAddress,
        ordinalsPublicKey: state.publicKey || state.paymentPublicKey,
      };
      return connected;
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
      const signer = inputListSigner();
      if (signer && connected && inputsToSign && asksForScriptInputs(psbt, inputsToSign)) {
        const bytes = base64ToBytes(psbt) ?? new Uint8Array();
        const signedHex = await signer.signPsbt(bytesToHex(bytes), {
          autoFinalized: finalize,
          toSignInputs: toSignInputs(inputsToSign, connected),
        });
        if (!signedHex) throw new Error('Invalid signed data received');
        return bytesToBase64(hexToBytes(signedHex));
      }
      const signed = await client.signPsbt(psbt, finalize, false);
      if (!signed?.signedPsbtBase64) throw new Error('Invalid signed data received');
      return signed.signedPsbtBase64;
    },

    disconnect(): void {
      connected = undefined;
      client.disconnect();
      client.dispose();
    },
  };
}
