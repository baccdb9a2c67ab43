import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONNECT_YOUR_WALLET,
  editionFormSchema,
  INSCRIPTION_INVALID_OR_NOT_OWNED,
  INVALID_INSCRIPTION_SIGNATURE,
  isValidInscriptionId,
  ownershipSignatureError,
  parseBtcToSats,
  parseOwnershipSignature,
  PRICE_STEP_BTC,
  type EditionFormValues,
} from '@om/core';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../shared/form-field.tsx';
import { satsText } from '../../lib/trade-format.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { StepProps } from './launch-draft.ts';
import { useOwnershipSignature } from './ownership-signature.mutations.ts';
import { useInscriptionOwner } from './use-inscription-owner.ts';
import { EMPTY_EDITION } from './wizard-steps.ts';

const SIGN_INSCRIPTION = 'Sign Inscription';
const SIGNED = 'Complete';

/**
 * Choose Original, the Edition step form (product.md#wizard-screens, #records "Edition form",
 * product.md#validation "Edition"): the original inscription, which must be the connected wallet's
 * (checked 0.5 s after typing), how many editions at what price and when, and the ownership
 * signature. Rules are core's editionFormSchema; every change reaches the draft.
 */
export function EditionStep({ draft, onChange, onValidChange }: StepProps) {
  const { wallet } = useWallet();
  // The schema takes looser input than the form holds; its clock is read at each validation.
  const resolver = useMemo(
    () => zodResolver(editionFormSchema()) as Resolver<EditionFormValues>,
    [],
  );
  const [initial] = useState(() => ({ ...EMPTY_EDITION, ...draft.edition }));
  const form = useForm<EditionFormValues>({ resolver, mode: 'onTouched', defaultValues: initial });
  const { register, control, formState, setValue, subscribe, trigger } = form;
  const { errors, isValid } = formState;
  const [inscriptionId, signature, price] = useWatch({
    control,
    name: ['inscriptionId', 'signature', 'price'],
  });
  const owner = useInscriptionOwner(inscriptionId, wallet);
  const sign = useOwnershipSignature();

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => onChange({ edition: values }),
      }),
    [subscribe, onChange],
  );
  const isSigned = ownershipSignatureError(signature, inscriptionId) === undefined;
  // Signed by the address that holds it now (another wallet may have been connected since).
  const isSignedByHolder = parseOwnershipSignature(signature)?.address === owner.signer;
  const isReady = isValid && isSigned && owner.signer !== undefined && isSignedByHolder;
  useEffect(() => onValidChange(isReady), [isReady, onValidChange]);

  const onSign = () => {
    if (!wallet) return void toast.error(CONNECT_YOUR_WALLET);
    const id = inscriptionId.trim();
    if (!isValidInscriptionId(id)) return void trigger('inscriptionId');
    if (!owner.signer) {
      if (!owner.isChecking) toast.error(owner.error ?? INSCRIPTION_INVALID_OR_NOT_OWNED);
      return;
    }
    sign.mutate(
      { inscriptionId: id, address: owner.signer },
      {
        onSuccess: (value) =>
          setValue('signature', value, {
            shouldValidate: true,
            shouldDirty: true,
            shouldTouch: true,
          }),
      },
    );
  };

  const sats = parseBtcToSats(price);
  // A signature of another inscription (the id changed since) or a malformed one from the wallet.
  const signatureError = signature && !isSigned ? INVALID_INSCRIPTION_SIGNATURE : undefined;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <div className="flex flex-col gap-1">
        <InputField
          label="Inscription ID"
          error={errors.inscriptionId?.message ?? owner.error}
          inputProps={{ spellCheck: false, ...register('inscriptionId') }}
        />
        {owner.isChecking ? (
          <p role="status" className="text-xs text-zinc-400">
            Checking the inscription…
          </p>
        ) : owner.signer ? (
          <p role="status" className="text-xs text-emerald-300">
            This inscription is in your wallet.
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Number of editions"
          error={errors.numberOfEditions?.message}
          inputProps={{ type: 'number', min: 1, step: 1, ...register('numberOfEditions') }}
        />
        <div className="flex flex-col gap-1">
          <InputField
            label="Price (BTC)"
            error={errors.price?.message}
            inputProps={{
              type: 'number',
              inputMode: 'decimal',
              min: 0,
              step: PRICE_STEP_BTC,
              ...register('price'),
            }}
          />
          {sats !== undefined && sats > 0n ? (
            <p className="text-xs text-zinc-400">= {satsText(sats)}</p>
          ) : null}
        </div>
        <InputField
          label="Start date"
          error={errors.startDate?.message}
          inputProps={{ type: 'datetime-local', ...register('startDate') }}
        />
        <InputField
          label="End date"
          error={errors.endDate?.message}
          inputProps={{ type: 'datetime-local', ...register('endDate') }}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input type="checkbox" {...register('hideProgress')} />
        Hide progress bar
      </label>
      <div className="flex flex-col gap-1">
        <p className="text-sm text-zinc-300">Ownership signature</p>
        <p className="text-xs text-zinc-500">
          Your wallet signs the inscription id, the time and its address to prove you hold it.
        </p>
        <Button
          variant="primary"
          className="self-start"
          disabled={isSigned || sign.isPending}
          onClick={onSign}
        >
          {isSigned ? SIGNED : SIGN_INSCRIPTION}
        </Button>
        {signatureError ? <p className="text-xs text-red-300">{signatureError}</p> : null}
      </div>
    </form>
  );
}
