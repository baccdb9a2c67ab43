import { formatDateTime } from '@om/core';
import { shortenHash } from '../../lib/inscription-format.ts';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import { CELL, NUMBER, Table } from '../../shared/brc20-ui.tsx';
import { useMintRecordPolling, type MintOrderView } from './mint-record-poll.ts';

/**
 * "My mints": the mint records of this browser (product.md#records), each pending one followed
 * every 5 s until its order completes. `ticker` keeps one token's.
 */
export function MyMints({ ticker }: { ticker?: string }) {
  const { records: all, orders } = useMintRecordPolling();
  const records = all.filter(
    (r) => ticker === undefined || r.ticker.toLowerCase() === ticker.toLowerCase(),
  );
  return (
    <section aria-label="My mints" className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-zinc-100">My mints</h2>
      {records.length === 0 ? (
        <p className="text-sm text-zinc-500">No mints from this browser yet.</p>
      ) : (
        <Table
          label="My mints"
          heads={[
            { text: 'Ticker' },
            { text: 'Tokens', align: 'right' },
            { text: 'Mints', align: 'right' },
            { text: 'Fee rate', align: 'right' },
            { text: 'Payment' },
            { text: 'When' },
            { text: 'Status' },
          ]}
        >
          {records.map((record) => (
            <tr key={record.orderId}>
              <td className={CELL}>{record.ticker}</td>
              <td className={NUMBER}>{formatWireAmount(record.tokensAmount, 0)}</td>
              <td className={NUMBER}>{record.mintsAmount}</td>
              <td className={NUMBER}>{record.feeRate} sat/vB</td>
              <td className={`${CELL} font-mono text-xs`} title={record.txId}>
                {shortenHash(record.txId)}
              </td>
              <td className={`${CELL} whitespace-nowrap text-zinc-400`}>
                {formatDateTime(new Date(record.timestamp))}
              </td>
              <td className={CELL}>
                <MintStatus
                  completed={record.status === 'completed'}
                  order={orders.get(record.orderId)}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

/** Pending with the order's state, or Completed with what the index made of each mint. */
function MintStatus({ completed, order }: { completed: boolean; order?: MintOrderView }) {
  const detail = completed ? order?.results : order?.state;
  return (
    <span className={completed ? 'text-emerald-300' : 'text-amber-300'}>
      {completed ? 'Completed' : 'Pending'}
      {detail ? <span className="text-zinc-500"> · {detail}</span> : null}
    </span>
  );
}
