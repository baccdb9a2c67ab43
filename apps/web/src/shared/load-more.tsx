import { useEffect, useRef } from 'react';
import { Button } from '../components/ui/button.tsx';

type Props = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The button's name; 'Load more' unless the page has two lists. */
  label?: string;
};

/**
 * The end of an endless list: the next page loads as the end scrolls into view, and the button
 * does the same for keyboards, tests and browsers without IntersectionObserver.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, label }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = hasNextPage && !isFetchingNextPage;
  const load = useRef(fetchNextPage);
  useEffect(() => {
    load.current = fetchNextPage;
  }, [fetchNextPage]);

  useEffect(() => {
    const element = sentinel.current;
    if (!canLoad || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void load.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading…' : (label ?? 'Load more')}
      </Button>
    </div>
  );
}
