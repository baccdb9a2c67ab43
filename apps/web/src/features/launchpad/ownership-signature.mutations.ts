import { buildOwnershipMessage, buildOwnershipSignature, UNEXPECTED_SIGNING_ERROR } from '@om/core';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { useWallet } from '../wallet/wallet-context.ts';

export type OwnershipRequest = {
  inscriptionId: string;
  /** The wallet address that holds the inscription (the ordinals address, normally). */
  address: string;
};

/**
 * Sign Inscription (product.md#records, #states-and-transitions "Edition"): the wallet signs
 * inscriptionId:timestamp:address by BIP-322 with the address that holds the inscription; the
 * answer is the signature field, inscriptionId:timestamp:address:signedMessage, which the server
 * verifies against the indexer's owner.
 */
export function useOwnershipSignature() {
  const { signMessage } = useWallet();
  return useMutation({
    mutationFn: async ({ inscriptionId, address }: OwnershipRequest): Promise<string> => {
      const claim = { inscriptionId, timestamp: Date.now(), address };
      const signedMessage = await signMessage(buildOwnershipMessage(claim), address);
      return buildOwnershipSignature({ ...claim, signedMessage });
    },
    onError: (error) => toast.error(UNEXPECTED_SIGNING_ERROR, { description: errorMessage(error) }),
  });
}
