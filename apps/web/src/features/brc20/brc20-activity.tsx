import { BRC20_TOKENS_PAGE_SIZE } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';
import { shortenAddress } from '../../lib/format.ts';
import { count } from '../../lib/collection-format.ts';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import type { brc20Queries } from './brc20.queries.ts';
import { CELL, NUMBER, Pager, Table } from '../../shared/brc20-ui.tsx';

const ACTIVITY_TEXT = {
  'deploy-inscribe': 'Deploy',
  'mint-inscribe': 'Mint',
  'transfer-inscribe': 'Inscribe transfer',
  'transfer-transfer': 'Transfer',
} as const;

const who = (address: string | null) =>
  address ? (
    <span className="font-mono text-xs" title={address}>
      {shortenAddress(address)}
    </span>
  ) : (
    '—'
  );

/** A token's or an address's BRC-20 events, newest first, in pages of 20. */
export function Brc20ActivitySection({
  query: queryFor,
  decimalsOf,
  showTick = false,
}: {
  query: (page: number) => ReturnType<typeof brc20Queries.activity>;
  decimalsOf: (tick: string) => number;
  showTick?: boolean;
}) {
  const [page, setPage] = useState(0);
  const query = useQuery(queryFor(page));
  return (
    <section aria-label="Activity" className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-zinc-100">Activity</h2>
      {query.isPending ? (
        <Loading what="activity" />
      ) : query.isError ? (
        <LoadError what="activity" error={query.error} />
      ) : query.data.events.length === 0 ? (
        <p className="text-sm text-zinc-500">No BRC-20 activity yet.</p>
      ) : (
        <>
          <Table
            label="Activity"
            heads={[
              { text: 'Event' },
              ...(showTick ? [{ text: 'Tick' }] : []),
              { text: 'Amount', align: 'right' as const },
              { text: 'From' },
              { text: 'To' },
              { text: 'Block', align: 'right' as const },
            ]}
          >
            {query.data.events.map((event) => (
              <tr key={`${event.type}-${event.inscriptionId}`}>
                <td className={CELL}>
                  <Link
                    to={`/inscriptions/${encodeURIComponent(event.inscriptionId)}`}
                    className="hover:text-brand-400"
                  >
                    {ACTIVITY_TEXT[event.type]}
                  </Link>
                </td>
                {showTick ? <td className={CELL}>{event.originalTick}</td> : null}
                <td className={NUMBER}>
                  {event.amount ? formatWireAmount(event.amount, decimalsOf(event.tick)) : '—'}
                </td>
                <td className={CELL}>{who(event.fromAddress)}</td>
                <td className={CELL}>
                  {event.burned
                    ? 'Burned'
                    : event.type === 'transfer-transfer' && !event.toAddress
                      ? 'Sent as fee'
                      : who(event.toAddress)}
                </td>
                <td className={NUMBER}>{count(event.height)}</td>
              </tr>
            ))}
          </Table>
          <Pager
            label="Activity"
            page={page}
            size={BRC20_TOKENS_PAGE_SIZE}
            total={query.data.total}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
