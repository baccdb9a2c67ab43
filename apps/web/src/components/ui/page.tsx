import type { ReactNode } from 'react';

/** Every page: one h1, an optional line under it, then its content. */
export function Page({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 md:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-50">{title}</h1>
        {subtitle ? <p className="text-zinc-400">{subtitle}</p> : null}
      </header>
      {children}
    </section>
  );
}

/** What a list shows when there is nothing to show; says so plainly, never invents rows. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-48 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-zinc-800 bg-zinc-900/40 px-6 py-12 text-center">
      <p className="font-medium text-zinc-200">{title}</p>
      {children ? <div className="max-w-md text-zinc-500">{children}</div> : null}
    </div>
  );
}
