import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Last resort for a render error in a page: say so, and offer a way back. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred.';
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-zinc-400">{detail}</p>
      <Link to="/collections" className="text-brand-400 hover:underline">
        Back to collections
      </Link>
    </main>
  );
}
