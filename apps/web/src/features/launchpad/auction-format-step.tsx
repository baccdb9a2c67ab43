import { CONNECT_YOUR_WALLET, INVALID_INSCRIPTION_ID_FORMAT, isValidInscriptionId } from '@om/core';
import { useEffect, useState } from 'react';
import { InscriptionViewer } from '../inscriptions/inscription-viewer.tsx';
import { InputField } from '../../shared/form-field.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import type { StepProps } from './launch-draft.ts';
import { useAuctionInscription } from './use-auction-inscription.ts';
import { useAuctionPatch } from './use-auction-patch.ts';

/**
 * product.md#validation "Auction": the banner over an inscription the connected wallet does not
 * hold.
 */
const NOT_IN_CONNECTED_WALLET = 'This inscription is not available in the connected wallet.';

/**
 * Auction Format, the inscription to auction (product.md#records "the format step requires
 * inscription_id", product.md#validation): its id, checked against the connected wallet, a
 * preview, and the output it sits on, which the draft keeps as the auction's utxo.
 */
export function AuctionFormatStep({ draft, onChange, onValidChange }: StepProps) {
  const { wallet } = useWallet();
  const [inscriptionId, setInscriptionId] = useState(draft.auction.inscriptionId);
  const [isTouched, setTouched] = useState(draft.auction.inscriptionId !== '');
  const id = inscriptionId.trim();
  const inscription = useAuctionInscription(id, wallet);
  const utxo = inscription.utxo ?? '';

  const patchAuction = useAuctionPatch(draft.auction, onChange);
  useEffect(() => patchAuction({ inscriptionId: id, utxo }), [id, utxo, patchAuction]);
  const isReady = isValidInscriptionId(id) && utxo !== '';
  useEffect(() => onValidChange(isReady), [isReady, onValidChange]);

  const formatError =
    isTouched && !isValidInscriptionId(id) ? INVALID_INSCRIPTION_ID_FORMAT : undefined;
  const { details } = inscription;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <div className="flex flex-col gap-1">
        <InputField
          label="Inscription ID"
          error={formatError ?? inscription.error}
          inputProps={{
            spellCheck: false,
            value: inscriptionId,
            placeholder: '64 hex characters, i, then the index',
            onChange: (event) => setInscriptionId(event.target.value),
            onBlur: () => setTouched(true),
          }}
        />
        {wallet ? null : <p className="text-xs text-amber-300">{CONNECT_YOUR_WALLET}</p>}
        {inscription.isChecking ? (
          <p role="status" className="text-xs text-zinc-400">
            Checking the inscription…
          </p>
        ) : utxo ? (
          <p role="status" className="text-xs text-emerald-300">
            This inscription is in your wallet, on output{' '}
            <span className="break-all font-mono">{utxo}</span>.
          </p>
        ) : null}
      </div>
      {inscription.isNotInWallet ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-200"
        >
          {NOT_IN_CONNECTED_WALLET}
        </p>
      ) : null}
      {details ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-zinc-300">Preview</p>
          <InscriptionViewer
            inscriptionId={details.inscriptionId}
            contentType={details.contentType}
            contentLength={details.contentLength}
            forceThumbnail
            className="max-w-72"
          />
        </div>
      ) : null}
    </form>
  );
}
