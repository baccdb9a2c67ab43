import { useId, type ComponentProps } from 'react';

/** A labelled text area with its error under it, like InputField (multisig/form-field.tsx). */
export function TextAreaField({
  label,
  error,
  textareaProps,
  className = '',
}: {
  label: string;
  error: string | undefined;
  textareaProps: ComponentProps<'textarea'>;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm text-zinc-300">
        {label}
      </label>
      <textarea
        id={id}
        className="min-h-24 w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-zinc-100 aria-[invalid=true]:border-red-500/60"
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        {...textareaProps}
      />
      {error ? (
        <p id={errorId} className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
