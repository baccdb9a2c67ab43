import { jsonrepair } from 'jsonrepair';
import {
  checkInscriptionEntry,
  duplicateInscriptionId,
  EMPTY_INSCRIPTION_ARRAY,
  invalidInscriptionId,
  type InscriptionEntry,
} from './inscription-entry.ts';
import { isValidInscriptionId } from './inscription-id.ts';
import { INVALID_JSON_FORMAT } from './messages.ts';

export type LineError = { line: number; message: string };
export type InscriptionListResult = { inscriptions: InscriptionEntry[]; errors: LineError[] };

/**
 * Parses the inscription list input (product.md#validation): a JSON array of entries, a JSON array
 * of id strings, or ids separated by commas or newlines. Broken JSON is repaired with jsonrepair
 * when possible. Errors carry the 1-based line of the input they come from; the valid,
 * de-duplicated entries are returned either way.
 */
export function parseInscriptionList(input: string): InscriptionListResult {
  const trimmed = input.trim();
  if (trimmed === '')
    return { inscriptions: [], errors: [{ line: 1, message: EMPTY_INSCRIPTION_ARRAY }] };
  return /^[[{]/.test(trimmed) ? parseJsonList(input) : parseIdText(input);
}

function parseJsonList(input: string): InscriptionListResult {
  const parsed = parseOrRepair(input);
  if (!parsed) return { inscriptions: [], errors: [{ line: 1, message: INVALID_JSON_FORMAT }] };
  const { value, text } = parsed;
  if (typeof value !== 'object' || value === null) {
    return { inscriptions: [], errors: [{ line: 1, message: INVALID_JSON_FORMAT }] };
  }
  // A lone object is read as a list of one.
  const items: unknown[] = Array.isArray(value) ? value : [value];
  const offsets = Array.isArray(value) ? elementOffsets(text) : [text.indexOf('{')];
  if (items.length === 0)
    return { inscriptions: [], errors: [{ line: 1, message: EMPTY_INSCRIPTION_ARRAY }] };
  const collector = new Collector();
  items.forEach((item, index) => {
    const line = lineAt(text, offsets[index] ?? 0);
    const checked = checkInscriptionEntry(item, index);
    if ('error' in checked) collector.error(line, checked.error);
    else collector.add(line, checked.entry);
  });
  return collector.result();
}

function parseIdText(input: string): InscriptionListResult {
  const collector = new Collector();
  input.split(/\r?\n/).forEach((row, i) => {
    for (const token of row.split(',')) {
      const id = token.trim().replace(/^["']|["']$/g, '');
      if (id === '') continue;
      if (isValidInscriptionId(id)) collector.add(i + 1, { id });
      else collector.error(i + 1, invalidInscriptionId(id));
    }
  });
  if (collector.isEmpty())
    return { inscriptions: [], errors: [{ line: 1, message: EMPTY_INSCRIPTION_ARRAY }] };
  return collector.result();
}

class Collector {
  private readonly seen = new Set<string>();
  private readonly inscriptions: InscriptionEntry[] = [];
  private readonly errors: LineError[] = [];

  add(line: number, entry: InscriptionEntry) {
    if (this.seen.has(entry.id)) return this.error(line, duplicateInscriptionId(entry.id));
    this.seen.add(entry.id);
    this.inscriptions.push(entry);
  }

  error(line: number, message: string) {
    this.errors.push({ line, message });
  }

  isEmpty() {
    return this.inscriptions.length === 0 && this.errors.length === 0;
  }

  result(): InscriptionListResult {
    return { inscriptions: this.inscriptions, errors: this.errors };
  }
}

/** JSON.parse, then jsonrepair; the text returned is the one the value was read from. */
function parseOrRepair(input: string): { value: unknown; text: string } | undefined {
  try {
    return { value: JSON.parse(input) as unknown, text: input };
  } catch {
    // Not strict JSON: fall through to the repair below.
  }
  try {
    const text = jsonrepair(input);
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    return undefined;
  }
}

/** Start offsets of the top-level elements of a JSON array text (strings are skipped). */
function elementOffsets(text: string): number[] {
  const offsets: number[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectElement && !/[\s\]]/.test(ch)) {
      offsets.push(i);
      expectElement = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') depth--;
    if (depth === 1 && (ch === '[' || ch === ',')) expectElement = true;
  }
  return offsets;
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, Math.max(0, offset)).split('\n').length;
}
