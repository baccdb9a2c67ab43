import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUCTION_DURATIONS,
  auctionDetailsSchema,
  auctionEndFromDuration,
  combineDateTime,
  parseBtcToSats,
  PRICE_STEP_BTC,
} from '@om/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { InputField } from '../../shared/form-field.tsx';
import { satsText } from '../../lib/trade-format.ts';
import {
  EMPTY_AUCTION_DETAILS,
  REQUIRED_AUCTION_DETAILS_FIELDS,
  type AuctionDetailsInput,
} from './auction-draft.ts';
import { Section } from './wizard-fields.tsx';
import type { StepProps } from './launch-draft.ts';
import { useAuctionPatch } from './use-auction-patch.ts';
import { areRequiredFieldsTouched } from './wizard-steps.ts';

/** product.md#constants-and-limits: the lowest start price, 0.000001 BTC. */
const MIN_START_PRICE_BTC = '0.000001';

type Field = keyof AuctionDetailsInput;

/** The date and time fields each decides, for the messages they share with the others. */
const DEPENDENTS: Partial<Record<Field, Field[]>> = {
  start_date: ['start_time', 'end_date', 'end_time'],
  start_time: ['end_date', 'end_time'],
  end_date: ['end_time', 'start_time'],
};

/**
 * Auction Details (product.md#validation "Auction", details): the start price (at least 0.000001
 * BTC), an optional reserve, and when the auction starts and ends, typed or from a duration (1 to
 * 12 hours: the item's escrow opens to the seller after 144 blocks, ADR 012). Rules are core's
 * auctionDetailsSchema; its clock is read at each validation. A field's message shows once it was
 * touched.
 */
export function AuctionDetailsStep({ draft, onChange, onValidChange }: StepProps) {
  const resolver = useMemo(
    () => zodResolver(auctionDetailsSchema()) as Resolver<AuctionDetailsInput>,
    [],
  );
  const [initial] = useState(() => ({ ...EMPTY_AUCTION_DETAILS, ...draft.auction.details }));
  const form = useForm<AuctionDetailsInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { register, control, formState, getFieldState, getValues, setValue, subscribe, trigger } =
    form;
  const { errors, touchedFields, isValid } = formState;
  const [startPrice, reservePrice, startDate, startTime] = useWatch({
    control,
    name: ['start_price', 'reserve_price', 'start_date', 'start_time'],
  });
  const [duration, setDuration] = useState('');
  const durationId = useId();

  const patchAuction = useAuctionPatch(draft.auction, onChange);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => patchAuction({ details: values }),
      }),
    [subscribe, patchAuction],
  );
  const isReady =
    isValid && areRequiredFieldsTouched(REQUIRED_AUCTION_DETAILS_FIELDS, touchedFields, initial);
  useEffect(() => onValidChange(isReady), [isReady, onValidChange]);

  /** A date or time field, re-checking the touched fields whose messages depend on it. */
  const dateField = (name: Field, type: 'date' | 'time') => {
    const registered = register(name, {
      onChange: () => {
        const touched = (DEPENDENTS[name] ?? []).filter((f) => getFieldState(f).isTouched);
        if (touched.length > 0) void trigger(touched);
      },
    });
    return { type, ...registered };
  };
  const shown = (name: Field) => (touchedFields[name] ? errors[name]?.message : undefined);

  const hasStart = combineDateTime(startDate, startTime) !== undefined;
  const chooseDuration = (value: string) => {
    setDuration(value);
    const option = AUCTION_DURATIONS.find((d) => String(d.seconds) === value);
    const end =
      option &&
      auctionEndFromDuration(getValues('start_date'), getValues('start_time'), option.seconds);
    if (!end) return;
    const options = { shouldValidate: true, shouldTouch: true, shouldDirty: true };
    setValue('end_date', end.end_date, options);
    setValue('end_time', end.end_time, options);
  };

  return (
    <form noValidate className="flex flex-col gap-6" onSubmit={(event) => event.preventDefault()}>
      <Section title="Prices">
        <PriceField
          label="Start price (BTC)"
          error={shown('start_price')}
          value={startPrice}
          inputProps={{ min: MIN_START_PRICE_BTC, ...register('start_price') }}
        />
        <PriceField
          label="Reserve price (BTC, optional)"
          error={shown('reserve_price')}
          value={reservePrice}
          inputProps={{ min: 0, ...register('reserve_price') }}
        />
        <p className="text-xs text-zinc-500 md:col-span-2">
          Bids open at the start price, or at the reserve when it is higher: the reserve is shown to
          bidders.
        </p>
      </Section>
      <Section title="Schedule">
        <InputField
          label="Start date"
          error={shown('start_date')}
          inputProps={dateField('start_date', 'date')}
        />
        <InputField
          label="Start time"
          error={shown('start_time')}
          inputProps={dateField('start_time', 'time')}
        />
        <div className="flex flex-col gap-1 md:col-span-2">
          <label htmlFor={durationId} className="text-sm text-zinc-300">
            Duration
          </label>
          <select
            id={durationId}
            value={duration}
            disabled={!hasStart}
            onChange={(event) => chooseDuration(event.target.value)}
            className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-3 text-zinc-100 disabled:opacity-50"
          >
            <option value="">Choose the end yourself</option>
            {AUCTION_DURATIONS.map((option) => (
              <option key={option.seconds} value={String(option.seconds)}>
                {option.label}
              </option>
            ))}
          </select>
          <p className="text-xs text-zinc-500">
            {hasStart
              ? 'Sets the end from the start; an auction lasts at least 1 hour and ends within 12 hours from now, before the escrow of the item opens to the seller (144 blocks).'
              : 'Set the start first.'}
          </p>
        </div>
        <InputField
          label="End date"
          error={shown('end_date')}
          inputProps={dateField('end_date', 'date')}
        />
        <InputField
          label="End time"
          error={shown('end_time')}
          inputProps={dateField('end_time', 'time')}
        />
      </Section>
    </form>
  );
}

function PriceField({
  label,
  error,
  value,
  inputProps,
}: {
  label: string;
  error: string | undefined;
  value: string;
  inputProps: Parameters<typeof InputField>[0]['inputProps'];
}) {
  const sats = value ? parseBtcToSats(value) : undefined;
  return (
    <div className="flex flex-col gap-1">
      <InputField
        label={label}
        error={error}
        inputProps={{ type: 'number', inputMode: 'decimal', step: PRICE_STEP_BTC, ...inputProps }}
      />
      {sats !== undefined && sats > 0n ? (
        <p className="text-xs text-zinc-400">= {satsText(sats)}</p>
      ) : null}
    </div>
  );
}
