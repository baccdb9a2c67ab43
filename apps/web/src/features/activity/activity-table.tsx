import { Link } from 'react-router';
import { shortenAddress } from '../../lib/format.ts';
import { TxidLink } from '../../shared/txid-link.tsx';
import { CopyButton } from '../../shared/copy-button.tsx';
import { formatBtc, formatIsoDateTime, shortenHash } from '../../lib/inscription-format.ts';
import { InscriptionIcon } from '../../shared/inscription-icon.tsx';
import { profileLabel, useProfileNames } from '../../shared/use-profile-names.ts';
import { timeAgo, TRADE_STATUS_LABELS, type ActivityRow } from './trade-activity.ts';

const STATUS_CLASSES: Record<ActivityRow['status'], string> = {
  pending: 'border-amber-500/30 bg-amber-500/10 text-amber-300',
  'pending-sniped': 'border-fuchsia-500/30 bg-fuchsia-500/10 text-fuchsia-300',
  'completed-sniped': 'border-fuchsia-500/30 bg-fuchsia-500/10 text-fuchsia-200',
  completed: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-300',
};

const HEAD = 'px-3 py-2 font-medium';

type ProfileNames = ReturnType<typeof useProfileNames>;

/** A maker or taker: their profile's name when they have one, else the short address. */
function Party({ address, names }: { address: string; names: ProfileNames }) {
  const name = profileLabel(names.get(address));
  if (!name) return <span title={address}>{shortenAddress(address)}</span>;
  return (
    <Link
      to={`/address/${encodeURIComponent(address)}`}
      title={address}
      className="font-sans hover:text-brand-400"
    >
      {name}
    </Link>
  );
}

/** Trades, newest first as the server sends them: item, price, state, seller → buyer, time, tx. */
export function ActivityTable({ rows, label }: { rows: ActivityRow[]; label: string }) {
  const names = useProfileNames(
    rows.flatMap((r) => [r.makerOrdinalAddress, r.takerOrdinalAddress]),
  );
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-800">
      <table aria-label={label} className="w-full min-w-[760px] text-left text-sm">
        <thead className="bg-zinc-900 text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            <th scope="col" className={HEAD}>
              Item
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Price
            </th>
            <th scope="col" className={HEAD}>
              Status
            </th>
            <th scope="col" className={HEAD}>
              From → To
            </th>
            <th scope="col" className={HEAD}>
              Time
            </th>
            <th scope="col" className={HEAD}>
              Transaction
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800/80">
          {rows.map((row) => (
            <ActivityTableRow key={row.id} row={row} names={names} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ActivityTableRow({ row, names }: { row: ActivityRow; names: ProfileNames }) {
  const name = row.inscriptionName ?? shortenHash(row.inscriptionId);
  return (
    <tr data-testid="activity-row" data-status={row.status} className="hover:bg-zinc-900/60">
      <td className="px-3 py-2">
        <Link
          to={`/inscriptions/${encodeURIComponent(row.inscriptionId)}`}
          className="flex items-center gap-2 text-zinc-100 hover:text-brand-400"
        >
          <InscriptionIcon inscriptionId={row.inscriptionId} src={row.thumbnailUrl} size="sm" />
          <span className="truncate font-medium">{name}</span>
        </Link>
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-right font-mono tabular-nums">
        {formatBtc(row.price)}
      </td>
      <td className="px-3 py-2">
        <span
          className={`inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[row.status]}`}
        >
          {TRADE_STATUS_LABELS[row.status]}
        </span>
      </td>
      <td className="whitespace-nowrap px-3 py-2 font-mono text-[13px] text-zinc-300">
        <Party address={row.makerOrdinalAddress} names={names} />
        <span aria-hidden="true" className="px-1.5 text-zinc-600">
          →
        </span>
        <span className="sr-only"> to </span>
        <Party address={row.takerOrdinalAddress} names={names} />
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-zinc-400">
        <time dateTime={row.createdAt} title={formatIsoDateTime(row.createdAt)}>
          {timeAgo(row.createdAt)}
        </time>
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        {row.txId ? (
          <span className="inline-flex items-center gap-1 font-mono text-[13px] text-zinc-300">
            <TxidLink txid={row.txId} />
            <CopyButton value={row.txId} label="Copy transaction ID" className="-my-1" />
          </span>
        ) : (
          <span className="text-zinc-600">—</span>
        )}
      </td>
    </tr>
  );
}
