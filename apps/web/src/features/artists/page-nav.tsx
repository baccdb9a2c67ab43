import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

/** The page in ?page= (from 1), so a page is a link and Back returns to it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed >= 1 ? parsed : 1;
  return [page, (next) => setParams(next === 1 ? {} : { page: String(next) })];
}

/** Previous / Next for lists that know only whether a next page exists. */
export function PageNav({
  label,
  page,
  hasMore,
  onPage,
}: {
  label: string;
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-end gap-2 text-sm">
      <Button size="sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-zinc-400">Page {page}</span>
      <Button size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
