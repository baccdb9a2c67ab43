import { DEFAULT_FEE_RATE, type RecommendedFeesPayload } from '@om/core';
import { useId, useState } from 'react';
import { useMaxFeeRate } from './fee-rate-cap.ts';
import { feeRateRefusal, MIN_FEE_RATE, readFeeRate } from '../lib/form-rules.ts';
import { feeRateText } from '../lib/trade-format.ts';

type Preset = { key: 'hourFee' | 'halfHourFee' | 'fastestFee'; label: string };
const PRESETS: Preset[] = [
  { key: 'hourFee', label: 'Slow' },
  { key: 'halfHourFee', label: 'Normal' },
  { key: 'fastestFee', label: 'Fast' },
];

/** The rate a purchase starts with: the node's half-hour estimate, else the spec's 6 sat/vB. */
export function defaultFeeRate(fees: RecommendedFeesPayload | undefined): number {
  return fees?.halfHourFee ?? DEFAULT_FEE_RATE;
}

/**
 * The network fee rate of a purchase: the node's estimates or a custom rate, applied as it is
 * typed, so the offer shown is always the one at the rate in the field
 * (product.md#constants-and-limits: fees are estimates and can change).
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
  const maxFeeRate = useMaxFeeRate();
  const isCustom = selected === 'custom';
  const customRate = readFeeRate(custom, maxFeeRate);
  const typeCustom = (text: string) => {
    setCustom(text);
    const rate = readFeeRate(text, maxFeeRate);
    if (rate !== undefined && rate !== value) onChange(rate);
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
            max={maxFeeRate}
            step="any"
            value={custom}
            aria-invalid={customRate === undefined}
            onChange={(event) => typeCustom(event.target.value)}
            onKeyDown={(event) => {
              // Enter would submit a surrounding form; the rate is already applied.
              if (event.key === 'Enter') event.preventDefault();
            }}
            className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-3 font-mono text-zinc-100 aria-[invalid=true]:border-red-500/60"
          />
          {customRate === undefined ? (
            <p role="alert" className="text-xs text-red-300">
              {feeRateRefusal(custom, maxFeeRate)}
            </p>
          ) : null}
        </div>
      ) : null}
      <p className="text-xs text-zinc-500">
        Fees are estimates and can change with network conditions.
      </p>
    </fieldset>
  );
}
