import {
  CONNECT_YOUR_WALLET,
  INSCRIPTION_LIST_DEBOUNCE_MS,
  INSCRIPTIONS_VALIDATED,
  parseInscriptionFile,
  parseInscriptionList,
  type InscriptionEntry,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../collections/use-debounced-value.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { lineProblems, listText, notOwnedProblems } from './inscription-list-check.ts';
import type { StepProps } from './launch-draft.ts';
import { wizardQueries } from './wizard.queries.ts';

/**
 * Choose Inscriptions (spec 000 §5 "Inscriptions"): the list pasted or uploaded as JSON, CSV or
 * ids, checked 1 s after the last change, line by line, then against the connected wallet: every
 * inscription must sit on its ordinals address. Only a list that passes both goes to the draft.
 */
export function ChooseInscriptionsStep({ draft, onChange, onValidChange }: StepProps) {
  const id = useId();
  const { wallet } = useWallet();
  const [text, setText] = useState(() => listText(draft.inscriptions));
  const [fileError, setFileError] = useState<string>();
  const checked = useDebouncedValue(text, INSCRIPTION_LIST_DEBOUNCE_MS);
  const parsed = useMemo(() => (checked.trim() ? parseInscriptionList(checked) : null), [checked]);
  const lines = parsed ? lineProblems(parsed) : [];
  const isParsedClean = parsed !== null && lines.length === 0;
  const owned = useQuery({
    ...wizardQueries.inscriptionIdsOf(wallet?.ordinalsAddress ?? ''),
    enabled: wallet !== null && isParsedClean,
  });
  // What a list the creator has since changed says is not shown: it is checked again.
  const isSettled = checked === text;
  const notOwned =
    isSettled && isParsedClean && owned.data
      ? notOwnedProblems(parsed.inscriptions, owned.data)
      : [];
  const validList: InscriptionEntry[] | null =
    isSettled && isParsedClean && owned.data && notOwned.length === 0 ? parsed.inscriptions : null;

  useEffect(() => {
    onValidChange(validList !== null);
  }, [validList, onValidChange]);
  useEffect(() => {
    if (!validList) return;
    onChange({ inscriptions: validList });
    toast.success(INSCRIPTIONS_VALIDATED);
  }, [validList, onChange]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = parseInscriptionFile(file, await readText(file));
    setFileError(result.ok ? undefined : result.error);
    if (result.ok) setText(result.text);
  };

  const status = !text.trim()
    ? null
    : !isSettled || (isParsedClean && owned.isFetching)
      ? 'Checking the list…'
      : validList
        ? `${validList.length} inscription${validList.length === 1 ? '' : 's'} ready.`
        : null;
  const problemList = [
    ...(isSettled ? lines.map((p) => `Line ${p.line}: ${p.message}`) : []),
    ...notOwned,
    ...(isParsedClean && !wallet ? [CONNECT_YOUR_WALLET] : []),
    ...(isParsedClean && owned.isError
      ? [`Could not read your wallet's inscriptions: ${errorMessage(owned.error)}`]
      : []),
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm text-zinc-300">
          Inscriptions
        </label>
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          A JSON array of entries (
          {'{ "id", "meta": { "name", "attributes", "high_res_img_url" } }'}
          ), a JSON array of ids, or ids separated by commas or new lines.
        </p>
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={10}
          spellCheck={false}
          aria-describedby={`${id}-hint ${id}-problems`}
          {...(problemList.length > 0 ? { 'aria-invalid': true } : {})}
          className="w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-xs text-zinc-100 aria-[invalid=true]:border-red-500/60"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm text-zinc-300">
          Or upload a JSON, CSV or text file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,.csv,.txt,application/json,text/csv,text/plain"
          onChange={(event) => void upload(event)}
          className="text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border file:border-zinc-700 file:bg-zinc-800 file:px-3 file:py-1.5 file:text-zinc-100"
        />
        {fileError ? (
          <p role="alert" className="text-xs text-red-300">
            {fileError}
          </p>
        ) : null}
      </div>
      {status ? (
        <p role="status" className="text-sm text-zinc-400">
          {status}
        </p>
      ) : null}
      <ul
        id={`${id}-problems`}
        aria-label="Problems in the list"
        className="flex flex-col gap-1 text-xs text-red-300"
      >
        {problemList.map((problem, index) => (
          <li key={`${index}:${problem}`}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** The file's text, or undefined when the browser cannot read it ('File reading failed.'). */
function readText(file: File): Promise<string | undefined> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : undefined);
    reader.onerror = () => {
      console.warn('Could not read the inscription file', reader.error);
      resolve(undefined);
    };
    reader.readAsText(file);
  });
}
