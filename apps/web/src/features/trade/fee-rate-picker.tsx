import { DEFAULT_FEE_RATE, type RecommendedFeesPayload } from '@om/core';
import { useId, useState } from 'react';
import { feeRateText } from './trade-format.ts';

type Preset = { key: 'hourFee' | 'halfHourFee' | 'fastestFee'; label: string };
const PRESETS: Preset[] = [
  { key: 'hourFee', label: 'Slow' },
  { key: 'halfHourFee', label: 'Normal' },
  { key: 'fastestFee', label: 'Fast' },
];
const MIN_FEE_RATE = 1;
const MAX_CUSTOM_FEE_RATE = 10_000;

/** The rate a purchase starts with: the node's half-hour estimate, else the spec's 6 sat/vB. */
export function defaultFeeRate(fees: RecommendedFeesPayload | undefined): number {
  return fees?.halfHourFee ?? DEFAULT_FEE_RATE;
}

/** A typed custom rate in sat/vB, or undefined when it is not one (1 … 10,000). */
export function parseFeeRate(value: string): number | undefined {
  const rate = Number(value);
  if (value.trim() === '' || !Number.isFinite(rate)) return undefined;
  return rate >= MIN_FEE_RATE && rate <= MAX_CUSTOM_FEE_RATE ? rate : undefined;
}

/**
 * The network fee rate of a purchase: the node's estimates or a custom rate, applied when the
 * field is left or Enter is pressed (spec 001 §9: fees are estimates and can change).
 */
export function FeeRatePicker({
  fees,
  value,
  onChange,
  disabled,
}: {
  fees: RecommendedFeesPayload | undefined;
  value: number;
  onChange: (rate: number) => void;
  disabled?: boolean;
}) {
  const customId = useId();
  // Regtest's estimates are all equal: the choice is kept by name, not by rate.
  const [selected, setSelected] = useState<Preset['key'] | 'custom'>(
    fees ? 'halfHourFee' : 'custom',
  );
  const [custom, setCustom] = useState(String(value));
  const isCustom = selected === 'custom';
  const customRate = parseFeeRate(custom);
  const applyCustom = () => {
    if (customRate !== undefined && customRate !== value) onChange(customRate);
  };

  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-zinc-200">Network fee rate</legend>
      <div className="grid grid-cols-4 gap-2">
        {fees
          ? PRESETS.map((preset) => (
              <label
                key={preset.key}
                className="flex cursor-pointer flex-col items-center rounded-lg border border-zinc-800 px-2 py-1.5 text-xs has-[:checked]:border-brand-500 has-[:checked]:bg-brand-500/10"
              >
                <input
                  type="radio"
                  name="fee-rate"
                  className="sr-only"
                  checked={selected === preset.key}
                  onChange={() => {
                    setSelected(preset.key);
                    onChange(fees[preset.key]);
                  }}
                />
                <span className="text-zinc-300">{preset.label}</span>{' '}
                <span className="font-mono text-zinc-100">{feeRateText(fees[preset.key])}</span>
              </label>
            ))
          : null}
        <label className="flex cursor-pointer flex-col items-center justify-center rounded-lg border border-zinc-800 px-2 py-1.5 text-xs has-[:checked]:border-brand-500 has-[:checked]:bg-brand-500/10">
          <input
            type="radio"
            name="fee-rate"
            className="sr-only"
            checked={isCustom}
            onChange={() => {
              setSelected('custom');
              setCustom(String(value));
            }}
          />
          <span className="text-zinc-300">Custom</span>
        </label>
      </div>
      {isCustom ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={customId} className="text-xs text-zinc-400">
            Custom fee rate (sat/vB)
          </label>
          <input
            id={customId}
            type="number"
            inputMode="decimal"
            min={MIN_FEE_RATE}
            step="any"
            value={custom}
            aria-invalid={customRate === undefined}
            onChange={(event) => setCustom(event.target.value)}
            onBlur={applyCustom}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyCustom();
              }
            }}
            className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-3 font-mono text-zinc-100 aria-[invalid=true]:border-red-500/60"
          />
          {customRate === undefined ? (
            <p className="text-xs text-red-300">Enter a rate between 1 and 10000 sat/vB.</p>
          ) : null}
        </div>
      ) : null}
      <p className="text-xs text-zinc-500">
        Fees are estimates and can change with network conditions.
      </p>
    </fieldset>
  );
}
