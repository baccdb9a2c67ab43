import type { MultisigUtxo } from '@om/core';
import { EmptyState } from '../../components/ui/page.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';
import { btcText } from '../../lib/trade-format.ts';
import { isRecoverable } from './recovery.ts';

/** When the user alone can spend a coin, against the tip. */
export function recoveryStatus(coin: MultisigUtxo, tipHeight: number): string {
  if (coin.recoverableAt === null) return 'Unconfirmed: 144 blocks count from its block';
  if (isRecoverable(coin, tipHeight)) return `Recoverable now (from block ${coin.recoverableAt})`;
  const blocks = coin.recoverableAt - tipHeight - 1;
  return `From block ${coin.recoverableAt}, in ${blocks} block${blocks === 1 ? '' : 's'}`;
}

/** A wallet's coins with their recoverableAt height against the tip. */
export function RecoveryCoins({
  utxos,
  tipHeight,
}: {
  utxos: readonly MultisigUtxo[];
  tipHeight: number;
}) {
  if (utxos.length === 0) return <EmptyState title="No coins in this wallet" />;
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-800">
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-left text-xs text-zinc-500">
          Tip of the chain: block {tipHeight}
        </caption>
        <thead className="text-left text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            <th className="px-3 py-2 font-normal">Coin</th>
            <th className="px-3 py-2 text-right font-normal">Value</th>
            <th className="px-3 py-2 font-normal">Holds</th>
            <th className="px-3 py-2 font-normal">Your key alone</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {utxos.map((coin) => {
            const outpoint = `${coin.txid}:${coin.vout}`;
            return (
              <tr key={outpoint}>
                <td className="px-3 py-2 font-mono text-[13px]" title={outpoint}>
                  {shortenHash(coin.txid)}:{coin.vout}
                </td>
                <td className="px-3 py-2 text-right font-mono tabular-nums">
                  {btcText(BigInt(coin.value))}
                </td>
                <td className="px-3 py-2 text-zinc-300">
                  {coin.inscriptions === null
                    ? 'Not indexed yet'
                    : coin.inscriptions.length > 0
                      ? `${coin.inscriptions.length} inscription${coin.inscriptions.length === 1 ? '' : 's'}`
                      : 'BTC'}
                </td>
                <td className="px-3 py-2 text-zinc-300">{recoveryStatus(coin, tipHeight)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
