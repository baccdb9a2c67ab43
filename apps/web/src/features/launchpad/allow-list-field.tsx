import type { BitcoinNetwork } from '@om/bitcoin';
import {
  allowListFromCsv,
  FILE_READING_FAILED,
  INVALID_FILE_FORMAT,
  parseAllowList,
} from '@om/core';
import { useId, useState } from 'react';

/** A CSV by its name or type; browsers give some CSVs no type at all. */
function isCsvFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

/** The file as text; FileReader rather than Blob.text, which older engines (and jsdom) lack. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error(FILE_READING_FAILED));
    reader.readAsText(file);
  });
}

/**
 * A phase's allow list (product.md#records, #validation): typed, one 'address' or
 * 'address,allocation' per line, or uploaded as CSV (its first two columns, a header row dropped).
 * The per-line errors and the duplicate warning come from core's parseAllowList, as the phase form
 * checks it.
 */
export function AllowListField({
  value,
  onChange,
  network,
  isSameAllocation,
  allocation,
  error,
}: {
  value: string;
  onChange: (text: string) => void;
  network: BitcoinNetwork;
  isSameAllocation: boolean;
  allocation: string | number;
  /** The phase form's message for the field ('Allowlist cannot be empty'). */
  error: string | undefined;
}) {
  const id = useId();
  const [fileError, setFileError] = useState<string>();
  const parsed =
    value.trim() === ''
      ? undefined
      : parseAllowList(value, { network, isSameAllocation, allocation });
  const lineErrors = parsed?.errors ?? [];
  // Per-line errors say more than the form's summary of them.
  const fieldError = lineErrors.length === 0 ? error : undefined;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!isCsvFile(file)) return setFileError(INVALID_FILE_FORMAT);
    let text: string;
    try {
      text = await readText(file);
    } catch (readError) {
      console.warn(readError);
      return setFileError(FILE_READING_FAILED);
    }
    setFileError(undefined);
    onChange(allowListFromCsv(text));
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-zinc-300">
        Allow list
      </label>
      <p id={`${id}-hint`} className="text-xs text-zinc-500">
        One address, or address,allocation, per line.
      </p>
      <textarea
        id={id}
        rows={5}
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        aria-invalid={lineErrors.length > 0 || fieldError !== undefined}
        className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-xs text-zinc-100 aria-[invalid=true]:border-red-500/60"
      />
      <label className="flex items-center gap-2 text-xs text-zinc-400">
        Upload CSV
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void upload(event.target.files?.[0])}
          className="text-xs"
        />
      </label>
      {fileError ? <p className="text-xs text-red-300">{fileError}</p> : null}
      {parsed ? (
        <p className="text-xs text-zinc-400">{parsed.entries.length} address(es) on the list.</p>
      ) : null}
      {parsed?.warning ? (
        <p role="status" className="text-xs text-amber-300">
          {parsed.warning}
        </p>
      ) : null}
      {lineErrors.length > 0 ? (
        <ul aria-label="Allow list errors" className="text-xs text-red-300">
          {lineErrors.map((lineError) => (
            <li key={`${lineError.line}-${lineError.message}`}>
              Line {lineError.line}: {lineError.message}
            </li>
          ))}
        </ul>
      ) : null}
      {fieldError ? <p className="text-xs text-red-300">{fieldError}</p> : null}
    </div>
  );
}
