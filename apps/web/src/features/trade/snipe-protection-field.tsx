import { useState } from 'react';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import type { ListableInscription } from './listable-inscription.ts';
import { SNIPE_PROTECTION_EXPLANATION, snipeProtectionBlocker } from './snipe-protection.ts';

/**
 * The list dialog's "Snipe protection" checkbox (ADR 009), with what it does and, when the choice
 * is fixed, why in one line.
 */
export function SnipeProtectionField({
  checked,
  onChange,
  reason,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Why the box cannot be changed (it is disabled); undefined when the seller may choose. */
  reason: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-zinc-800 p-3">
      <label className="flex items-center gap-2 text-sm font-medium text-zinc-100">
        <input
          type="checkbox"
          checked={checked}
          disabled={reason !== undefined}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="snipe-protection-help"
          className="size-4 accent-brand-500"
        />
        Snipe protection
      </label>
      <p id="snipe-protection-help" className="text-xs leading-relaxed text-zinc-400">
        {SNIPE_PROTECTION_EXPLANATION}
      </p>
      {reason ? <p className="text-xs text-amber-300">{reason}</p> : null}
    </div>
  );
}

/**
 * Whether the listing is protected, fixed or chosen: an inscription already in the maker wallet
 * (not at the wallet's own addresses) can only be listed protected; a wallet that cannot sign for
 * a maker wallet, never.
 */
export function useProtectionChoice(items: readonly ListableInscription[]) {
  const { wallet } = useWallet();
  const [wantsProtection, setWantsProtection] = useState(true);
  const blocker = snipeProtectionBlocker(wallet);
  const isInMakerWallet = blocker === undefined && items.some((item) => isElsewhere(item, wallet));
  const isProtected = isInMakerWallet || (blocker === undefined && wantsProtection);
  const reason = isInMakerWallet ? 'Already in your maker wallet: it lists protected.' : blocker;
  return { isProtected, reason, setWantsProtection };
}

function isElsewhere(item: ListableInscription, wallet: WalletAccount | null): boolean {
  if (item.address === undefined || wallet === null) return false;
  return item.address !== wallet.ordinalsAddress && item.address !== wallet.paymentAddress;
}
