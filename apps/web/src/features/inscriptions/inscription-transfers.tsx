import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { formatBtc, formatIsoDateTime, shortenHash } from '../../lib/inscription-format.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';

/** Where the inscription went, one row per transfer, newest as the server orders them. */
export function InscriptionTransfers({ inscriptionId }: { inscriptionId: string }) {
  const { data, error, isPending } = useQuery(inscriptionQueries.transfers(inscriptionId));
  return (
    <section aria-labelledby="transfer-history" className="flex flex-col gap-3">
      <h2 id="transfer-history" className="text-base font-semibold text-zinc-100">
        Transfer history
      </h2>
      {error ? (
        <p className="text-zinc-400">Could not load the transfers: {errorMessage(error)}</p>
      ) : isPending ? (
        <p className="text-zinc-400">Loading…</p>
      ) : data.length === 0 ? (
        <p className="text-zinc-400">No transfers yet</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-zinc-800">
          <table aria-labelledby="transfer-history" className="w-full text-left text-sm">
            <thead className="bg-zinc-900 text-xs uppercase tracking-wide text-zinc-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Block
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Time
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Transaction
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  To
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Value
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800">
              {data.map((transfer) => (
                <tr key={transfer.satpoint} className="hover:bg-zinc-900/60">
                  <td className="px-4 py-2 tabular-nums">{transfer.height}</td>
                  <td className="whitespace-nowrap px-4 py-2">
                    {formatIsoDateTime(transfer.timestamp)}
                  </td>
                  <td className="px-4 py-2 font-mono text-[13px]" title={transfer.txid}>
                    {shortenHash(transfer.txid)}
                  </td>
                  <td
                    className="px-4 py-2 font-mono text-[13px]"
                    title={transfer.address ?? undefined}
                  >
                    {transfer.address ? shortenAddress(transfer.address) : 'None'}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-right font-mono tabular-nums">
                    {formatBtc(transfer.outputValue)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
