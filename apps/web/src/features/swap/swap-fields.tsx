import type { SwapPoolSummary } from '@om/core';
import { useId, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { BTC, coinLabel, slippageError, type SwapPair } from './swap-form.ts';

const INPUT =
  'h-10 w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 font-mono text-zinc-100 read-only:bg-zinc-900/60 aria-[invalid=true]:border-red-500/60';
const SELECT = 'h-10 rounded-lg border border-zinc-700 bg-zinc-950 px-2 text-zinc-100';

/**
 * Choosing one side's coin keeps the other, tick ↔ tick included (a route through BTC); choosing
 * the coin the other side has swaps the two.
 */
export function nextPair(
  pair: SwapPair,
  side: 'send' | 'receive',
  coin: string,
  firstTick: string,
) {
  const [mine, other] = side === 'send' ? [pair.send, pair.receive] : [pair.receive, pair.send];
  const otherCoin = coin !== other ? other : mine !== coin ? mine : coin === BTC ? firstTick : BTC;
  return side === 'send' ? { send: coin, receive: otherCoin } : { send: otherCoin, receive: coin };
}

function CoinSelect({
  label,
  value,
  pools,
  onChange,
}: {
  label: string;
  value: string;
  pools: SwapPoolSummary[];
  onChange: (coin: string) => void;
}) {
  const known = value === BTC || pools.some((pool) => pool.tick === value);
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={SELECT}
    >
      <option value={BTC}>BTC</option>
      {pools.map((pool) => (
        <option key={pool.tick} value={pool.tick}>
          {pool.tick}
        </option>
      ))}
      {known ? null : <option value={value}>{value}</option>}
    </select>
  );
}

/** One side of the swap: its coin, its amount (typed, or computed from the other side), its balance. */
export function AmountField({
  side,
  pair,
  pools,
  value,
  readOnly,
  invalid,
  balance,
  onAmount,
  onCoin,
  children,
}: {
  side: 'send' | 'receive';
  pair: SwapPair;
  pools: SwapPoolSummary[];
  value: string;
  readOnly: boolean;
  invalid: boolean;
  balance: string | undefined;
  onAmount: (text: string) => void;
  onCoin: (coin: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const label = side === 'send' ? 'You send' : 'You receive';
  const coin = side === 'send' ? pair.send : pair.receive;
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      <label htmlFor={id} className="text-sm text-zinc-400">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={value}
          readOnly={readOnly}
          aria-invalid={invalid}
          onChange={(event) => onAmount(event.target.value)}
          className={INPUT}
        />
        <CoinSelect label={`${label}: coin`} value={coin} pools={pools} onChange={onCoin} />
      </div>
      <p className="text-xs text-zinc-500">
        Balance: {balance === undefined ? '—' : `${balance} ${coinLabel(coin)}`}
      </p>
      {children}
    </div>
  );
}

export function FlipButton({ onFlip }: { onFlip: () => void }) {
  return (
    <div className="-my-1 flex justify-center">
      <Button size="sm" variant="ghost" onClick={onFlip} aria-label="Switch send and receive">
        ⇅
      </Button>
    </div>
  );
}

/** The user's slippage in percent (DotSwap's `slipper`), at most 12 %. */
export function SlippageField({
  value,
  onChange,
}: {
  value: string;
  onChange: (text: string) => void;
}) {
  const id = useId();
  const problem = slippageError(value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-zinc-300">
        Slippage tolerance (%)
      </label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        aria-invalid={problem !== undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} w-32`}
      />
      {problem ? (
        <p role="alert" className="text-xs text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
