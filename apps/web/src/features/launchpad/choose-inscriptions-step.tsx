import { CONNECT_YOUR_WALLET, INSCRIPTIONS_VALIDATED, type InscriptionEntry } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { notOwnedProblems } from './inscription-list-check.ts';
import {
  CHECKING_LIST,
  InscriptionListField,
  lineTexts,
  readyText,
} from './inscription-list-field.tsx';
import type { StepProps } from './launch-draft.ts';
import { useInscriptionList } from './use-inscription-list.ts';
import { wizardQueries } from './wizard.queries.ts';

/**
 * Choose Inscriptions (product.md#validation "Inscriptions"): the list pasted or uploaded as JSON,
 * CSV or ids, checked 1 s after the last change, line by line, then against the connected wallet:
 * every inscription must sit on its ordinals address; and the server says which items a launch
 * cannot take (in a collection, in another launch: product.md#walk-through-fixes items 1 and 12),
 * as creating would refuse them. Only a list that passes all three goes to the draft.
 */
export function ChooseInscriptionsStep({ draft, onChange, onValidChange }: StepProps) {
  const { wallet } = useWallet();
  const list = useInscriptionList(draft.inscriptions);
  const { parsed, isParsedClean, isSettled } = list;
  const owned = useQuery({
    ...wizardQueries.inscriptionIdsOf(wallet?.ordinalsAddress ?? ''),
    enabled: wallet !== null && isParsedClean,
  });
  const ids = parsed?.inscriptions.map((entry) => entry.id) ?? [];
  const available = useQuery({
    ...wizardQueries.unavailable(ids),
    enabled: wallet !== null && isParsedClean && ids.length > 0,
  });
  // What a list the creator has since changed says is not shown: it is checked again.
  const notOwned =
    isSettled && isParsedClean && parsed && owned.data
      ? notOwnedProblems(parsed.inscriptions, owned.data)
      : [];
  const unavailable = isSettled && isParsedClean ? (available.data ?? []) : [];
  const validList: InscriptionEntry[] | null =
    list.cleanList &&
    owned.data &&
    notOwned.length === 0 &&
    available.data &&
    unavailable.length === 0
      ? list.cleanList
      : null;

  useEffect(() => {
    onValidChange(validList !== null);
  }, [validList, onValidChange]);
  useEffect(() => {
    if (!validList) return;
    onChange({ inscriptions: validList });
    toast.success(INSCRIPTIONS_VALIDATED);
  }, [validList, onChange]);

  const status = !list.text.trim()
    ? null
    : !isSettled || (isParsedClean && (owned.isFetching || available.isFetching))
      ? CHECKING_LIST
      : validList
        ? readyText(validList.length)
        : null;
  const problems = [
    ...lineTexts(list),
    ...notOwned,
    ...unavailable,
    ...(isParsedClean && !wallet ? [CONNECT_YOUR_WALLET] : []),
    ...(isParsedClean && owned.isError
      ? [`Could not read your wallet's inscriptions: ${errorMessage(owned.error)}`]
      : []),
    ...(isParsedClean && available.isError
      ? [`Could not check the inscriptions: ${errorMessage(available.error)}`]
      : []),
  ];

  return <InscriptionListField list={list} status={status} problems={problems} />;
}
