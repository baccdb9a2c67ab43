import { errorMessage } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { EmptyState } from './page.tsx';

// What a query shows before its data: one wording and one look for every page.

/** "Loading {what}…", announced politely to screen readers. */
export function Loading({ what, className = '' }: { what: string; className?: string }) {
  return (
    <p role="status" className={`text-zinc-400 ${className}`}>
      Loading {what}…
    </p>
  );
}

/** A part of a page that failed: "Could not load {what}: {message}". */
export function LoadError({
  what,
  error,
  className = '',
}: {
  what: string;
  error: unknown;
  className?: string;
}) {
  return (
    <p role="alert" className={`text-red-300 ${className}`}>
      Could not load {what}: {errorMessage(error)}
    </p>
  );
}

/** A whole page or list that failed, with the server's message and a retry. */
export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState title={`Could not load ${what}`}>
      <p>{errorMessage(error)}</p>
      <Button className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </EmptyState>
  );
}
