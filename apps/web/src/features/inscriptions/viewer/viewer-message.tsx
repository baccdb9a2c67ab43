import type { ReactNode } from 'react';

/** A line of text in the middle of the frame: loading, an error, nothing to show. */
export function ViewerMessage({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-zinc-400">
      {icon}
      <p>{children}</p>
    </div>
  );
}
