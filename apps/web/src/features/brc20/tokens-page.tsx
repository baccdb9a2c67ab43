import {
  BRC20_TOKEN_SORTS,
  BRC20_TOKENS_PAGE_SIZE,
  type Brc20Token,
  type Brc20TokenSort,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { count } from '../../lib/collection-format.ts';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import { brc20Queries } from './brc20.queries.ts';
import { SwapLink } from '../../shared/swap-link.tsx';
import { CELL, MintProgress, NUMBER, Pager, Table } from '../../shared/brc20-ui.tsx';

export const SORT_LABELS: Record<Brc20TokenSort, string> = {
  holders: 'Holders',
  minted: 'Minted %',
  deploy_height: 'Deploy height',
};

const SEARCH_DEBOUNCE_MS = 300;

/** /brc20: every deployed token; search by tick, sort, pages of 20 (state in the URL). */
export function TokensPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const sort = BRC20_TOKEN_SORTS.find((s) => s === params.get('sort')) ?? 'holders';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useQuery(brc20Queries.tokens({ search: debounced, sort, order, page }));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <Page title="BRC-20 tokens" subtitle="Deployed tokens, their supply and their holders.">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-zinc-300">
          Search by tick
          <input
            type="search"
            maxLength={20}
            value={search}
            onChange={(event) => update({ search: event.target.value, page: '' })}
            className="h-9 w-56 rounded-lg border border-zinc-700 bg-zinc-950 px-3 text-zinc-100"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-zinc-300">
          Sort by
          <select
            value={sort}
            onChange={(event) => update({ sort: event.target.value, page: '' })}
            className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-2 text-zinc-100"
          >
            {BRC20_TOKEN_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-zinc-300">
          Order
          <select
            value={order}
            onChange={(event) => update({ order: event.target.value, page: '' })}
            className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-2 text-zinc-100"
          >
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </label>
      </div>
      {query.isPending ? (
        <Loading what="tokens" />
      ) : query.isError ? (
        <LoadFailed what="tokens" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.tokens.length === 0 ? (
        <EmptyState title="No tokens found">
          {debounced ? `No deployed tick matches “${debounced}”.` : 'No token is deployed yet.'}
        </EmptyState>
      ) : (
        <>
          <TokensTable tokens={query.data.tokens} />
          <Pager
            label="Tokens"
            page={page}
            size={BRC20_TOKENS_PAGE_SIZE}
            total={query.data.total}
            onPage={(next) => update({ page: next === 0 ? '' : String(next) })}
          />
        </>
      )}
    </Page>
  );
}

function TokensTable({ tokens }: { tokens: Brc20Token[] }) {
  return (
    <Table
      label="Tokens"
      heads={[
        { text: 'Tick' },
        { text: 'Progress' },
        { text: 'Minted', align: 'right' },
        { text: 'Max supply', align: 'right' },
        { text: 'Holders', align: 'right' },
        { text: 'Deploy height', align: 'right' },
        { text: 'Swap', align: 'right' },
      ]}
    >
      {tokens.map((token) => (
        <tr key={token.tick} className="hover:bg-zinc-900/60">
          <td className={CELL}>
            <Link
              to={`/brc20/${encodeURIComponent(token.tick)}`}
              className="font-medium text-zinc-100 hover:text-brand-400"
            >
              {token.originalTick}
            </Link>
          </td>
          <td className={CELL}>
            <MintProgress percent={token.mintProgress} label={token.originalTick} />
          </td>
          <td className={NUMBER}>{formatWireAmount(token.mintedSupply, token.decimals)}</td>
          <td className={NUMBER}>{formatWireAmount(token.maxSupply, token.decimals)}</td>
          <td className={NUMBER}>{count(token.holders)}</td>
          <td className={NUMBER}>{count(token.deployHeight)}</td>
          <td className={`${CELL} text-right`}>
            <SwapLink tick={token.tick} label={`Swap ${token.originalTick}`} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
