import { zodResolver } from '@hookform/resolvers/zod';
import type { BitcoinNetwork } from '@om/bitcoin';
import {
  parseBtcToSats,
  MIN_PRICE_BTC,
  phaseFormSchema,
  PRICE_STEP_BTC,
  type PhaseFormValues,
} from '@om/core';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../shared/form-field.tsx';
import { satsText } from '../../lib/trade-format.ts';
import { AllowListField } from './allow-list-field.tsx';

function Checkbox({ label, inputProps }: { label: string; inputProps: object }) {
  return (
    <label className="flex items-center gap-2 text-sm text-zinc-300">
      <input type="checkbox" {...inputProps} />
      {label}
    </label>
  );
}

/**
 * A phase card's edit view (product.md#records phase form, product.md#validation "Phases"),
 * checked with core's phaseFormSchema. Every change reaches the draft at once, so leaving the step
 * keeps it; Done validates and marks the phase finished.
 */
export function PhaseEditForm({
  phase,
  network,
  onEdit,
  onDone,
}: {
  phase: PhaseFormValues;
  network: BitcoinNetwork;
  onEdit: (values: PhaseFormValues) => void;
  onDone: (values: PhaseFormValues) => void;
}) {
  // The schema takes looser input than the form holds (a cleared number is NaN): the form's
  // values are always something it accepts.
  const resolver = useMemo(
    () => zodResolver(phaseFormSchema(network)) as Resolver<PhaseFormValues>,
    [network],
  );
  const form = useForm<PhaseFormValues>({ defaultValues: phase, resolver });
  const { register, control, formState, getValues, handleSubmit, subscribe } = form;
  const { errors } = formState;
  const [isPublic, price, isSameAllocation, allocation] = useWatch({
    control,
    name: ['isPublic', 'price', 'isSameAllocation', 'allocation'],
  });
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => onEdit(values) }),
    [subscribe, onEdit],
  );
  const sats = parseBtcToSats(price);
  const done = handleSubmit(() => onDone({ ...getValues(), isFinished: true }));

  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void done(event)}>
      <InputField
        label="Phase name"
        error={errors.name?.message}
        inputProps={{ type: 'text', ...register('name') }}
      />
      <div className="flex flex-col gap-1">
        <InputField
          label="Price (BTC)"
          error={errors.price?.message}
          inputProps={{
            type: 'number',
            inputMode: 'decimal',
            min: MIN_PRICE_BTC,
            step: PRICE_STEP_BTC,
            ...register('price'),
          }}
        />
        {sats !== undefined && sats > 0n ? (
          <p className="text-xs text-zinc-400">= {satsText(sats)}</p>
        ) : null}
      </div>
      <Checkbox label="Public phase" inputProps={register('isPublic')} />
      {isPublic ? (
        <p className="text-sm text-zinc-300">Allocation: Unlimited</p>
      ) : (
        <>
          <InputField
            label="Allocation per address"
            error={errors.allocation?.message}
            inputProps={{ type: 'number', min: 1, step: 1, ...register('allocation') }}
          />
          <Checkbox
            label="Same allocation for every address"
            inputProps={register('isSameAllocation')}
          />
          <Controller
            control={control}
            name="allowList"
            render={({ field, fieldState }) => (
              <AllowListField
                value={field.value}
                onChange={field.onChange}
                network={network}
                isSameAllocation={isSameAllocation}
                allocation={allocation}
                error={fieldState.error?.message}
              />
            )}
          />
        </>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          label="Start date"
          error={errors.startDate?.message}
          inputProps={{ type: 'date', ...register('startDate') }}
        />
        <InputField
          label="Start time"
          error={errors.startTime?.message}
          inputProps={{ type: 'time', ...register('startTime') }}
        />
        <InputField
          label="End date"
          error={errors.endDate?.message}
          inputProps={{ type: 'date', ...register('endDate') }}
        />
        <InputField
          label="End time"
          error={errors.endTime?.message}
          inputProps={{ type: 'time', ...register('endTime') }}
        />
      </div>
      <Button type="submit" variant="primary" className="self-start">
        Done
      </Button>
    </form>
  );
}
