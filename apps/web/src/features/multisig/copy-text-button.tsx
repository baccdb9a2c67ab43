import { toast } from 'sonner';
import { CopyIcon } from '../../components/ui/icons.tsx';

/** An icon button that copies `value` and toasts `copiedText`. */
export function CopyTextButton({
  value,
  label,
  copiedText,
}: {
  value: string;
  /** The button's accessible name. */
  label: string;
  copiedText: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedText);
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
      className="shrink-0 rounded-md p-1.5 text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-zinc-100"
    >
      <CopyIcon className="size-4" />
    </button>
  );
}
