/**
 * Which inscriptions OPI even looks at for BRC-20, and their content as it reads it: OPI-ord's
 * `is_json` (ord/src/index/updater/inscription_updater.rs 368–379, serde_json over the raw body)
 * and db_reader's `is_valid_brc20` (ord/db_reader/src/server.rs 261–307).
 *
 * `p` must be 'brc-20'. OPI also passes 'brc20-prog' and 'brc20-module' (BRC2.0, the programmable
 * module): they are out of our scope and never produce a BRC-20 event here, so they are refused.
 */

export interface Brc20CandidateInput {
  contentType: string | null;
  /** The raw body, content-encoding ignored, as OPI-ord reads `inscription.body`. */
  body: Uint8Array | null;
  /** The genesis charms (our indexer's spelling). */
  charms: readonly string[];
}

/** serde_json's recursion limit: 128 levels refuse, so 127 nested containers is the deepest. */
const SERDE_MAX_DEPTH = 127;
/** Fatal: invalid UTF-8 throws; ignoreBOM: a BOM stays in the text, where JSON.parse refuses it. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** text/plain, application/json, either with parameters after ';' (server.rs 279–283). */
export function isBrc20ContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  return ['text/plain', 'application/json'].some(
    (base) => contentType === base || contentType.startsWith(`${base};`),
  );
}

/**
 * The body as serde_json::from_slice::<Value> reads it, or undefined where serde refuses:
 * invalid UTF-8, a byte-order mark (not JSON whitespace), a lone surrogate escape, a number
 * beyond f64, or nesting deeper than its recursion limit. JSON.parse alone accepts all four.
 */
export function parseSerdeJson(body: Uint8Array): unknown {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    return undefined; // not UTF-8: serde refuses it as well
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // syntax error: serde refuses it as well
  }
  return serdeAccepts(value, 0) ? value : undefined;
}

function serdeAccepts(value: unknown, depth: number): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth + 1 > SERDE_MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => serdeAccepts(item, depth + 1));
  return Object.entries(value).every(
    ([key, item]) => !LONE_SURROGATE.test(key) && serdeAccepts(item, depth + 1),
  );
}

/**
 * The parsed JSON object of a BRC-20 candidate, or null when OPI would never see it: cursed for
 * BRC-20 (any curse, even vindicated after the jubilee: inscription_updater.rs 208), unbound
 * (transfer limit 0), another content type, not strict JSON, not an object, `p` not 'brc-20'.
 */
export function brc20Candidate(input: Brc20CandidateInput): Record<string, unknown> | null {
  const { charms } = input;
  if (charms.includes('cursed') || charms.includes('vindicated') || charms.includes('unbound')) {
    return null;
  }
  if (!isBrc20ContentType(input.contentType) || input.body === null) return null;
  const json = parseSerdeJson(input.body);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const content = json as Record<string, unknown>;
  return content.p === 'brc-20' ? content : null;
}
