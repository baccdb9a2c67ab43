import { z } from 'zod';
import type { InscriptionLocation, InscriptionLookup } from './chain-source.ts';
import { HttpService } from './http-service.ts';

/** ord's /output/{outpoint} (src/api.rs Output); only the fields we read. */
const OrdOutputSchema = z.object({
  indexed: z.boolean(),
  inscriptions: z.array(z.string()).nullable().optional(),
  /** A map of spaced rune to pile (a list of pairs before ord 0.20); null when ord indexes no runes. */
  runes: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullable()
    .optional(),
});

const holdsRunes = (runes: z.infer<typeof OrdOutputSchema>['runes']) =>
  runes !== null && runes !== undefined && Object.keys(runes).length > 0;

/** ord's /inscription/{id} (src/api.rs Inscription); only the fields we read. */
const OrdInscriptionSchema = z.object({
  id: z.string(),
  address: z.string().nullable(),
  satpoint: z.string(),
  value: z.number().int().nullable(),
});

/** At most this many requests to ord at once. */
const CONCURRENCY = 8;

/**
 * Inscription data from an ord server's JSON API (ORD_URL; `Accept: application/json`,
 * docs/src/guides/api.md): which inscriptions an output holds, and where an inscription is.
 */
export class OrdInscriptionSource implements InscriptionLookup {
  private readonly http: HttpService;

  constructor(options: { baseUrl: string; timeoutMs?: number }) {
    this.http = new HttpService({ ...options, headers: { accept: 'application/json' } });
  }

  /**
   * An output ord has not indexed (unconfirmed, or ord lagging) stays unknown, and so does one that
   * holds runes: not vouched for, it is never spent as padding or fee (product.md#runes).
   */
  async inscriptionsOnOutputs(outpoints: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    await forEachLimited([...new Set(outpoints)], CONCURRENCY, async (outpoint) => {
      const output = await this.http.getJson(`/output/${outpoint}`, OrdOutputSchema);
      if (!output?.indexed || !output.inscriptions || holdsRunes(output.runes)) return;
      result.set(outpoint, output.inscriptions);
    });
    return result;
  }

  async inscriptionLocation(inscriptionId: string): Promise<InscriptionLocation | null> {
    const found = await this.http.getJson(`/inscription/${inscriptionId}`, OrdInscriptionSchema);
    if (!found) return null;
    return {
      inscriptionId: found.id,
      satpoint: found.satpoint,
      address: found.address,
      outputValue: BigInt(found.value ?? 0),
    };
  }
}

async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
