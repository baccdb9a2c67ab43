import { MIN_PRICE_BTC, PRICE_STEP_BTC } from '@om/core';
import { useForm, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { priceRangeErrors } from './inscription-filters.ts';

type PriceForm = { minBtc: string; maxBtc: string };

/**
 * Each price on its own rules (product.md#constants-and-limits: at least 0.00001 BTC, to the sat),
 * then min ≤ max.
 */
const priceResolver: Resolver<PriceForm> = (values): ResolverResult<PriceForm> => {
  const found = priceRangeErrors(values.minBtc, values.maxBtc);
  if (found.minBtc === undefined && found.maxBtc === undefined) {
    return { values: { minBtc: values.minBtc.trim(), maxBtc: values.maxBtc.trim() }, errors: {} };
  }
  const errors: FieldErrors<PriceForm> = {};
  for (const name of ['minBtc', 'maxBtc'] as const) {
    const message = found[name];
    if (message) errors[name] = { type: 'validate', message };
  }
  return { values: {}, errors };
};

type Props = PriceForm & { onApply: (range: PriceForm) => void };

/** Min and max price in BTC; applied together, so a half-typed range never hits the server. */
export function PriceFilterForm({ minBtc, maxBtc, onApply }: Props) {
  const { register, handleSubmit, reset, formState } = useForm<PriceForm>({
    defaultValues: { minBtc, maxBtc },
    resolver: priceResolver,
  });
  const { errors } = formState;
  const field = (name: keyof PriceForm, label: string) => {
    const error = errors[name]?.message;
    const errorId = `price-filter-${name}-error`;
    return (
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-zinc-400">
        {label}
        <input
          type="number"
          inputMode="decimal"
          min={MIN_PRICE_BTC}
          step={PRICE_STEP_BTC}
          placeholder="0.00000000"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-9 w-full rounded-lg border border-zinc-700 bg-zinc-900 px-2 font-mono text-sm text-zinc-100 placeholder:text-zinc-600 aria-invalid:border-red-500/70"
          {...register(name)}
        />
        {error ? (
          <span id={errorId} role="alert" className="text-red-300">
            {error}
          </span>
        ) : null}
      </label>
    );
  };

  return (
    <form
      noValidate
      aria-label="Price range"
      onSubmit={(event) => void handleSubmit(onApply)(event)}
      className="flex flex-col gap-2"
    >
      <div className="flex gap-2">
        {field('minBtc', 'Min price (BTC)')}
        {field('maxBtc', 'Max price (BTC)')}
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" className="flex-1">
          Apply price
        </Button>
        {minBtc !== '' || maxBtc !== '' ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              reset({ minBtc: '', maxBtc: '' });
              onApply({ minBtc: '', maxBtc: '' });
            }}
          >
            Clear price
          </Button>
        ) : null}
      </div>
    </form>
  );
}
