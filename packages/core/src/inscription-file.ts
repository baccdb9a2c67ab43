import { jsonrepair, JSONRepairError } from 'jsonrepair';
import { isValidInscriptionId } from './inscription-id.ts';
import {
  FILE_READING_FAILED,
  INVALID_DATA_FORMAT,
  INVALID_FILE_FORMAT,
  UNEXPECTED_PARSE_ERROR,
} from './messages.ts';

// product.md#validation: an inscription list may be uploaded as a JSON, CSV or text file.
export type InscriptionFileKind = 'json' | 'csv' | 'txt';
export type InscriptionFileResult = { ok: true; text: string } | { ok: false; error: string };

const KIND_BY_EXTENSION: Record<string, InscriptionFileKind> = {
  json: 'json',
  csv: 'csv',
  txt: 'txt',
};
const KIND_BY_MIME: Record<string, InscriptionFileKind> = {
  'application/json': 'json',
  'text/csv': 'csv',
  'application/vnd.ms-excel': 'csv',
  'text/plain': 'txt',
};
const CSV_HEADERS = new Set(['id', 'inscription_id', 'inscriptionid', 'inscription id']);

/** The kind of an uploaded file by its extension, else by its MIME type. */
export function inscriptionFileKind(
  fileName: string,
  mimeType = '',
): InscriptionFileKind | undefined {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return KIND_BY_EXTENSION[extension] ?? KIND_BY_MIME[mimeType.toLowerCase()];
}

/**
 * Turns an uploaded file's content into the text of the inscription list input. `content`
 * is undefined when the browser could not read the file. JSON becomes pretty-printed JSON,
 * CSV the first column (a header row is skipped), and text is kept as it is.
 */
export function parseInscriptionFile(
  file: { name: string; type?: string },
  content: string | undefined,
): InscriptionFileResult {
  const kind = inscriptionFileKind(file.name, file.type);
  if (!kind) return { ok: false, error: INVALID_FILE_FORMAT };
  if (content === undefined) return { ok: false, error: FILE_READING_FAILED };
  try {
    const text =
      kind === 'json'
        ? jsonFileText(content)
        : kind === 'csv'
          ? csvFileText(content)
          : content.trim();
    return text ? { ok: true, text } : { ok: false, error: INVALID_DATA_FORMAT };
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof JSONRepairError)
      return { ok: false, error: INVALID_DATA_FORMAT };
    return { ok: false, error: UNEXPECTED_PARSE_ERROR };
  }
}

function jsonFileText(content: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    // Repair what the text area would repair; a hopeless file is reported as bad data.
    value = JSON.parse(jsonrepair(content));
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  return JSON.stringify(value, null, 2);
}

function csvFileText(content: string): string | undefined {
  const ids = content
    .split(/\r?\n/)
    .map((row) => (row.split(',')[0] ?? '').trim().replace(/^"|"$/g, ''))
    .filter((cell) => cell !== '');
  const first = ids[0];
  if (first !== undefined && !isValidInscriptionId(first) && CSV_HEADERS.has(first.toLowerCase())) {
    ids.shift();
  }
  return ids.join('\n') || undefined;
}
