import { CONTENT_COPIED } from '@om/core';
import { toast } from 'sonner';
import { CopyIcon } from '../components/ui/icons.tsx';

type Props = {
  /** What is copied; read when clicked, so it may still be loading when rendered. */
  value: string;
  /** The button's accessible name. */
  label: string;
  className?: string;
};

/** An icon button that copies `value` and says so (product.md#errors). */
export function CopyButton({ value, label, className = '' }: Props) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(CONTENT_COPIED);
    } catch (error) {
      console.warn(error);
      toast.error('Could not copy to the clipboard.');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      title={label}
      className={`rounded-md p-1.5 text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-zinc-100 ${className}`}
    >
      <CopyIcon className="size-4" />
    </button>
  );
}
