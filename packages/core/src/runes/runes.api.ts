import { z } from 'zod';

/**
 * The runes read API (issue 20), answered from our own index (ord's rules). Rune amounts travel
 * as decimal strings of whole base units (ord's u128, before the rune's divisibility is applied):
 * never JSON numbers. Ids are 'block:tx'; names are spaced names as ord prints them ("A•B").
 */

export const RUNES_PAGE_SIZE = 20;
export const RUNE_SORTS = ['number', 'holders', 'mints'] as const;
export type RuneSort = (typeof RUNE_SORTS)[number];

/** A u128 in base units. */
const runeAmount = z.string().regex(/^\d+$/);

// GET /api/runes?search=&sort=&order=&limit=&offset=
export const RunesQuerySchema = z.object({
  /** Letters the name starts with; spacers ('•', '.') and case are ignored. */
  search: z.string().trim().max(40, 'search is too long').optional(),
  sort: z.enum(RUNE_SORTS, { error: 'sort must be number, holders or mints' }).default('number'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(RUNES_PAGE_SIZE),
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type RunesQuery = z.input<typeof RunesQuerySchema>;

/** Open-mint terms as ord has them; a missing bound or field is null. */
export const RuneTermsSchema = z.object({
  /** Base units per mint. */
  amount: runeAmount.nullable(),
  /** Most mints. */
  cap: runeAmount.nullable(),
  /** Absolute mint window [start, end) by block height. */
  heightStart: runeAmount.nullable(),
  heightEnd: runeAmount.nullable(),
  /** Window relative to the etching block. */
  offsetStart: runeAmount.nullable(),
  offsetEnd: runeAmount.nullable(),
});
export type RuneTerms = z.infer<typeof RuneTermsSchema>;

export const RuneSchema = z.object({
  id: z.string(),
  /** The spaced name, "UNCOMMON•GOODS". */
  name: z.string(),
  number: z.number().int(),
  divisibility: z.number().int(),
  symbol: z.string().nullable(),
  premine: runeAmount,
  mints: runeAmount,
  burned: runeAmount,
  /** premine + mints × terms.amount − burned. */
  supply: runeAmount,
  /** Addresses (scripts without one count each) holding some of it in unspent outputs. */
  holders: z.number().int(),
  turbo: z.boolean(),
  terms: RuneTermsSchema.nullable(),
  etchingTxid: z.string(),
  etchingBlock: z.number().int(),
  /** The etching block's time, ISO 8601. */
  etchedAt: z.string(),
});
export type Rune = z.infer<typeof RuneSchema>;

export const RunesPayloadSchema = z.object({ runes: z.array(RuneSchema), total: z.number().int() });
export type RunesPayload = z.infer<typeof RunesPayloadSchema>;

// GET /api/runes/{idOrName}: payload { rune: Rune } (404 'Rune {idOrName} is not etched').
export const RunePayloadSchema = z.object({ rune: RuneSchema });
export type RunePayload = z.infer<typeof RunePayloadSchema>;

// GET /api/runes/balances/{address}
export const RuneBalanceSchema = z.object({
  runeId: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  divisibility: z.number().int(),
  /** Over the address's unspent outputs. */
  amount: runeAmount,
  /** Its unspent outputs holding this rune, 'txid:vout'. */
  outpoints: z.array(z.string()),
});
export type RuneBalance = z.infer<typeof RuneBalanceSchema>;
export const RuneBalancesPayloadSchema = z.object({ balances: z.array(RuneBalanceSchema) });
export type RuneBalancesPayload = z.infer<typeof RuneBalancesPayloadSchema>;

/** A rune an output holds (on the address UTXOs answer's non-cardinal outputs). */
export const RuneOnOutputSchema = z.object({
  runeId: z.string(),
  name: z.string(),
  divisibility: z.number().int(),
  amount: runeAmount,
});
export type RuneOnOutput = z.infer<typeof RuneOnOutputSchema>;
