import { useId, type ComponentProps, type ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';
import { useMaxFeeRate } from './fee-rate-cap.ts';
import { MIN_FEE_RATE } from '../lib/form-rules.ts';

const INPUT_CLASS =
  'h-9 w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 font-mono text-zinc-100 aria-[invalid=true]:border-red-500/60';

type FieldProps = {
  error: string | undefined;
  /** A react-hook-form registration, or value and onChange, and any other input attribute. */
  inputProps: ComponentProps<'input'>;
};

/** A labelled input with its error under it, tied to it for screen readers. */
export function InputField({ label, error, inputProps }: FieldProps & { label: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-zinc-300">
        {label}
      </label>
      <input
        id={id}
        className={INPUT_CLASS}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The network fee rate of an action: a plain input (the trade dialogs' picker lives in trade/),
 * from 1 up to the server's cap.
 */
export function FeeRateField({ error, inputProps }: FieldProps) {
  const max = useMaxFeeRate();
  return (
    <InputField
      label="Fee rate (sat/vB)"
      error={error}
      inputProps={{
        type: 'number',
        inputMode: 'decimal',
        min: MIN_FEE_RATE,
        max,
        step: 'any',
        ...inputProps,
      }}
    />
  );
}

/** An amount in BTC, to the sat. */
export function BtcAmountField({ error, inputProps }: FieldProps) {
  return (
    <InputField
      label="Amount (BTC)"
      error={error}
      inputProps={{ type: 'number', inputMode: 'decimal', step: '0.00000001', ...inputProps }}
    />
  );
}

export function AddressField({ label, error, inputProps }: FieldProps & { label: string }) {
  return (
    <InputField
      label={label}
      error={error}
      inputProps={{ type: 'text', spellCheck: false, ...inputProps }}
    />
  );
}

/** A form's submit: it asks the server for the PSBT to review, 'Preparing…' meanwhile. */
export function PrepareButton({
  isPending,
  children,
}: {
  isPending: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="primary" className="self-start" disabled={isPending}>
      {isPending ? 'Preparing…' : children}
    </Button>
  );
}

/** A titled card around one action of the wallet page. */
export function ActionCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <header>
        <h2 className="font-medium text-zinc-100">{title}</h2>
        <p className="text-sm text-zinc-400">{description}</p>
      </header>
      {children}
    </section>
  );
}
