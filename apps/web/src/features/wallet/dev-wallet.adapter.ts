import { bytesToBase64, signBip322Simple, signPsbtWithKey, SignPsbtError } from '@om/bitcoin';
import { declareRequestedSighashes } from './declare-sighash.ts';
import type {
  InputToSign,
  SignPsbtRequest,
  WalletAdapter,
  WalletAdapterOptions,
  WalletAddresses,
} from './wallet.types.ts';
import { devWalletAddresses, loadDevWalletKeys, type DevWalletKeys } from './dev-wallet-keys.ts';

/**
 * The regtest Dev wallet: keys in localStorage, signing in the page with packages/bitcoin.
 * It behaves like an extension wallet (payment and ordinals addresses, BIP-322, PSBTs) so that
 * every flow can be tried locally without one.
 */
export function createDevWalletAdapter({ network }: WalletAdapterOptions): WalletAdapter {
  if (network !== 'regtest') throw new Error('The Dev wallet exists on regtest only.');
  let session: { keys: DevWalletKeys; addresses: WalletAddresses } | undefined;

  const current = () => {
    if (!session) {
      const keys = loadDevWalletKeys();
      session = { keys, addresses: devWalletAddresses(keys, network) };
    }
    return session;
  };

  return {
    async connect() {
      session = undefined;
      return current().addresses;
    },
    async signMessage(message: string, address: string) {
      const { keys, addresses } = current();
      return signBip322Simple(message, keyFor(address, keys, addresses), address, network);
    },
    async signPsbt(request: SignPsbtRequest) {
      return signDevPsbt(request, current());
    },
    disconnect() {
      session = undefined;
    },
  };
}

function keyFor(address: string, keys: DevWalletKeys, addresses: WalletAddresses): Uint8Array {
  if (address === addresses.paymentAddress) return keys.paymentPrivateKey;
  if (address === addresses.ordinalsAddress) return keys.ordinalsPrivateKey;
  throw new Error(`The Dev wallet does not own ${address}`);
}

/**
 * Signs with the payment key, then the ordinals key, each on its own inputs: the ones the request
 * names for its address, or every input it can sign when the request names none. Inputs asked to
 * be signed with particular sighash types (a listing's SINGLE|ANYONECANPAY) get them declared in
 * the PSBT first and are signed with only those allowed. Nothing is finalized unless asked.
 */
function signDevPsbt(
  { psbtBase64, inputsToSign, finalize = false }: SignPsbtRequest,
  { keys, addresses }: { keys: DevWalletKeys; addresses: WalletAddresses },
): string {
  const signers = [
    { address: addresses.paymentAddress, key: keys.paymentPrivateKey },
    { address: addresses.ordinalsAddress, key: keys.ordinalsPrivateKey },
  ];
  let psbt: Uint8Array | string = declareRequestedSighashes(psbtBase64, inputsToSign);
  let hasSigned = false;
  for (const { address, key } of signers) {
    const requests = inputsToSign?.filter((i) => i.address === address);
    if (requests?.length === 0) continue;
    for (const { inputs, sighashTypes } of signingGroups(requests)) {
      try {
        psbt = signPsbtWithKey(psbt, key, { inputs, sighashTypes, finalize });
        hasSigned = true;
      } catch (error) {
        // Without a list, a key that owns no input is not an error: the other key may own them.
        if (!(
          inputs === undefined &&
          error instanceof SignPsbtError &&
          error.code === 'nothing-signed'
        )) {
          throw error;
        }
      }
    }
  }
  if (!hasSigned || typeof psbt === 'string') {
    throw new Error('The Dev wallet owns no input of this PSBT.');
  }
  return bytesToBase64(psbt);
}

type SigningGroup = { inputs: number[] | undefined; sighashTypes: number[] | undefined };

/** One signPsbtWithKey call per distinct sighash request: its options apply to all its inputs. */
function signingGroups(requests: InputToSign[] | undefined): SigningGroup[] {
  if (requests === undefined) return [{ inputs: undefined, sighashTypes: undefined }];
  const groups = new Map<string, SigningGroup>();
  for (const { index, sighashTypes } of requests) {
    const key = sighashTypes?.length ? sighashTypes.join(',') : '';
    const group = groups.get(key) ?? { inputs: [], sighashTypes: key ? sighashTypes : undefined };
    group.inputs?.push(index);
    groups.set(key, group);
  }
  return [...groups.values()];
}
