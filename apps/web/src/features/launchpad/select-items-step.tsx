import { INSCRIPTIONS_VALIDATED } from '@om/core';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { TOO_MANY_IN_COLLECTION } from './inscription-list-check.ts';
import {
  CHECKING_LIST,
  InscriptionListField,
  lineTexts,
  readyText,
} from './inscription-list-field.tsx';
import type { StepProps } from './launch-draft.ts';
import { useInscriptionList } from './use-inscription-list.ts';

/**
 * Select Items of the onboard flow (product.md#wizard-screens "Submit a live collection",
 * product.md#validation "Inscriptions"): the collection's inscriptions, pasted or uploaded,
 * checked line by line 1 s after the last change. A live collection sits in its holders' wallets,
 * so the creator's wallet is not asked.
 */
export function SelectItemsStep({ draft, onChange, onValidChange }: StepProps) {
  const list = useInscriptionList(draft.inscriptions, TOO_MANY_IN_COLLECTION);
  const { cleanList } = list;

  useEffect(() => {
    onValidChange(cleanList !== null);
  }, [cleanList, onValidChange]);
  useEffect(() => {
    if (!cleanList) return;
    onChange({ inscriptions: cleanList });
    toast.success(INSCRIPTIONS_VALIDATED);
  }, [cleanList, onChange]);

  const status = !list.text.trim()
    ? null
    : !list.isSettled
      ? CHECKING_LIST
      : cleanList
        ? readyText(cleanList.length)
        : null;
  return <InscriptionListField list={list} status={status} problems={lineTexts(list)} />;
}
