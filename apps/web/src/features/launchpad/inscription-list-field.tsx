import { useId, type ChangeEvent } from 'react';
import type { InscriptionListInput } from './use-inscription-list.ts';

/**
 * The list's text area, its file upload, a status line and its problems (one per line, under
 * 'Problems in the list'): the screen of Choose Inscriptions and Select Items.
 */
export function InscriptionListField({
  list,
  status,
  problems,
}: {
  list: InscriptionListInput;
  status: string | null;
  problems: readonly string[];
}) {
  const id = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so that picking the same file again is a change too.
    event.target.value = '';
    if (file) void list.upload(file);
  };

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
          value={list.text}
          onChange={(event) => list.setText(event.target.value)}
          rows={10}
          spellCheck={false}
          aria-describedby={`${id}-hint ${id}-problems`}
          {...(problems.length > 0 ? { 'aria-invalid': true } : {})}
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
          onChange={pick}
          className="text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border file:border-zinc-700 file:bg-zinc-800 file:px-3 file:py-1.5 file:text-zinc-100"
        />
        {list.fileError ? (
          <p role="alert" className="text-xs text-red-300">
            {list.fileError}
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
        {problems.map((problem, index) => (
          <li key={`${index}:${problem}`}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** '2 inscriptions ready.' */
export function readyText(count: number): string {
  return `${count} inscription${count === 1 ? '' : 's'} ready.`;
}

export const CHECKING_LIST = 'Checking the list…';

/** The parser's problems as the field lists them: 'Line 2: Invalid inscription ID: x'. */
export function lineTexts(list: InscriptionListInput): string[] {
  return list.isSettled ? list.lines.map((p) => `Line ${p.line}: ${p.message}`) : [];
}
