import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { InputField } from '../../shared/form-field.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { useXAccountConnect } from './use-x-account-connect.ts';
import { useXHandleWarning } from './use-x-handle-warning.ts';
import { xAccountQueries } from './x-account.queries.ts';

type Props = {
  /** The field's current text, for the handle check. */
  value: string;
  error: string | undefined;
  /** The field's registration. */
  inputProps: ComponentProps<'input'>;
};

/**
 * The information forms' X field (product.md#validation, #roles): the link, a warning when its
 * handle is not the connected X account's, and connecting or disconnecting that account.
 */
export function XAccountField({ value, error, inputProps }: Props) {
  const warning = useXHandleWarning(value);
  return (
    <div className="flex flex-col gap-1">
      <InputField
        label="X"
        error={error}
        inputProps={{ placeholder: 'x.com/yourname', ...inputProps }}
      />
      {warning && !error ? (
        <p role="status" className="text-xs text-amber-300">
          {warning}
        </p>
      ) : null}
      <XAccountStatus />
    </div>
  );
}

function XAccountStatus() {
  const { token } = useWallet();
  const { data: account, isPending } = useQuery(xAccountQueries.account(token));
  const { connect, disconnect, isDisconnecting } = useXAccountConnect();
  // Without an X client on the server, connecting could only open an empty popup.
  const canConnect = useAppConfig()?.xConnect === true;
  if (!token || isPending) return null;
  if (!account) {
    if (!canConnect) return null;
    return (
      <Button size="sm" className="self-start" onClick={connect}>
        Connect X
      </Button>
    );
  }
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-400">
      Connected X account <span className="font-mono text-zinc-200">@{account.username}</span>
      <Button size="sm" variant="ghost" onClick={disconnect} disabled={isDisconnecting}>
        Disconnect
      </Button>
    </p>
  );
}
