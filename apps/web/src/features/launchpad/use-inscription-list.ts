import {
  INSCRIPTION_LIST_DEBOUNCE_MS,
  parseInscriptionFile,
  parseInscriptionList,
  type InscriptionEntry,
  type InscriptionListResult,
  type LineError,
} from '@om/core';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import { lineProblems, listText } from './inscription-list-check.ts';

export type InscriptionListInput = {
  /** What the text area holds now. */
  text: string;
  setText: (text: string) => void;
  /** Reads a picked file into the text, or says why it cannot ('Invalid Data format.'). */
  upload: (file: File) => Promise<void>;
  fileError: string | undefined;
  /** The text as last checked, 1 s after it stopped changing; null when empty. */
  parsed: InscriptionListResult | null;
  /** The parser's problems with that text, line by line. */
  lines: LineError[];
  /** The text shown is the text checked: what is said about it holds. */
  isSettled: boolean;
  /** The checked text parsed with no problem. */
  isParsedClean: boolean;
  /** The entries, when the text shown parsed with no problem. */
  cleanList: InscriptionEntry[] | null;
};

/**
 * The inscription list of Choose Inscriptions and Select Items (product.md#validation
 * "Inscriptions"): pasted or uploaded as JSON, CSV or ids, parsed 1 s after the last change (core's
 * parser).
 * `tooMany` is what a list over the size limit is told.
 */
export function useInscriptionList(
  initial: readonly InscriptionEntry[],
  tooMany?: string,
): InscriptionListInput {
  const [text, setText] = useState(() => listText(initial));
  const [fileError, setFileError] = useState<string>();
  const checked = useDebouncedValue(text, INSCRIPTION_LIST_DEBOUNCE_MS);
  const parsed = useMemo(() => (checked.trim() ? parseInscriptionList(checked) : null), [checked]);
  const lines = parsed ? lineProblems(parsed, tooMany) : [];
  const isParsedClean = parsed !== null && lines.length === 0;
  const isSettled = checked === text;

  const upload = async (file: File) => {
    const result = parseInscriptionFile(file, await readText(file));
    setFileError(result.ok ? undefined : result.error);
    if (result.ok) setText(result.text);
  };

  return {
    text,
    setText,
    upload,
    fileError,
    parsed,
    lines,
    isSettled,
    isParsedClean,
    cleanList: isSettled && isParsedClean ? parsed.inscriptions : null,
  };
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
