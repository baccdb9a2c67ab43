import { useId, useState } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import {
  readDevPaymentType,
  writeDevPaymentType,
  type DevPaymentType,
} from './dev-wallet-settings.ts';
import { isWalletInstalled, walletOptions, type WalletOption } from './wallet-catalog.ts';
import { useWallet } from './wallet-context.ts';

type Props = { open: boolean; onClose: () => void };

export function ConnectWalletDialog({ open, onClose }: Props) {
  const config = useAppConfig();
  const { connect, status, pendingId, connectError, dismissConnectError } = useWallet();
  const busy = status === 'connecting' || status === 'signing-in';
  const options = walletOptions(config?.devTools ?? false);
  const close = () => {
    dismissConnectError();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title="Connect a wallet">
      <p className="px-5 pt-1 text-zinc-400">
        Connecting signs you in with a message signature. It costs nothing.
      </p>
      <ul className="grid grid-cols-1 gap-2 p-5 sm:grid-cols-2">
        {options.map((option) => (
          <li key={option.id} className={option.id === 'dev' ? 'sm:col-span-2' : undefined}>
            <WalletChoice
              option={option}
              disabled={busy}
              state={pendingId === option.id ? status : undefined}
              onChoose={() => void connect(option.id)}
            />
          </li>
        ))}
      </ul>
      {connectError ? (
        <p
          role="alert"
          className="mx-5 mb-5 rounded-xl border border-red-900/60 bg-red-950/40 px-3 py-2 text-sm text-red-300"
        >
          {connectError}
        </p>
      ) : null}
      {config?.devTools ? <DevPaymentTypePicker /> : null}
    </Dialog>
  );
}

function WalletChoice({
  option,
  disabled,
  state,
  onChoose,
}: {
  option: WalletOption;
  disabled: boolean;
  state: string | undefined;
  onChoose: () => void;
}) {
  const hintId = useId();
  const installed = isWalletInstalled(option.id);
  const hint =
    state === 'connecting'
      ? 'Approve in your wallet…'
      : state === 'signing-in'
        ? 'Sign the message…'
        : option.id === 'dev'
          ? 'Regtest keys kept in this browser'
          : installed
            ? 'Detected'
            : 'Not installed';
  return (
    <button
      type="button"
      aria-label={option.name}
      aria-describedby={hintId}
      disabled={disabled}
      onClick={onChoose}
      className="flex w-full items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-950/60 px-3 py-2.5 text-left transition-colors hover:border-zinc-600 hover:bg-zinc-800/60 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`flex size-8 shrink-0 items-center justify-center rounded-lg text-xs font-bold ${option.id === 'dev' ? 'bg-brand-500/15 text-brand-400' : 'bg-zinc-800 text-zinc-200'}`}
      >
        {option.name.slice(0, 2).toUpperCase()}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="font-medium text-zinc-100">{option.name}</span>
        <span id={hintId} className={`text-xs ${installed ? 'text-zinc-400' : 'text-zinc-600'}`}>
          {hint}
        </span>
      </span>
    </button>
  );
}

function DevPaymentTypePicker() {
  const [paymentType, setPaymentType] = useState<DevPaymentType>(() => readDevPaymentType());
  const choose = (value: DevPaymentType) => {
    writeDevPaymentType(value);
    setPaymentType(value);
  };
  return (
    <fieldset className="mx-5 mb-5 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-zinc-800 px-3 py-2 text-xs text-zinc-400">
      <legend className="px-1">Dev wallet payment address</legend>
      {(
        [
          ['p2wpkh', 'Native SegWit (P2WPKH)'],
          ['p2tr', 'Taproot (P2TR)'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="flex cursor-pointer items-center gap-1.5">
          <input
            type="radio"
            name="dev-payment-type"
            value={value}
            checked={paymentType === value}
            onChange={() => choose(value)}
            className="accent-brand-500"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
