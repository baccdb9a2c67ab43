import { InscriptionDetailsPayloadSchema, InscriptionTransfersPayloadSchema } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../lib/api-client.ts';
import { contentPath } from '../lib/content-kind.ts';

export const inscriptionQueries = {
  all: () => ['inscriptions'] as const,
  byId: (id: string) => [...inscriptionQueries.all(), id] as const,

  /** GET /api/shared/inscriptions/details/{id}: number, owner, satpoint, genesis, charms. */
  details: (id: string) =>
    queryOptions({
      queryKey: [...inscriptionQueries.byId(id), 'details'],
      queryFn: ({ signal }) =>
        api.get(
          `/api/shared/inscriptions/details/${encodeURIComponent(id)}`,
          InscriptionDetailsPayloadSchema,
          { signal },
        ),
    }),

  /** GET /api/shared/inscriptions/{id}/transfers: where it went after its genesis. */
  transfers: (id: string) =>
    queryOptions({
      queryKey: [...inscriptionQueries.byId(id), 'transfers'],
      queryFn: async ({ signal }) => {
        const path = `/api/shared/inscriptions/${encodeURIComponent(id)}/transfers`;
        const { transfers } = await api.get(path, InscriptionTransfersPayloadSchema, { signal });
        return transfers;
      },
    }),

  /** The body of a text or JSON inscription, from /content/{id}. Content never changes. */
  content: (id: string, contentOrigin = '') =>
    queryOptions({
      queryKey: [...inscriptionQueries.byId(id), 'content'],
      queryFn: ({ signal }) => fetchContentText(contentPath(id, contentOrigin), signal),
      staleTime: Infinity,
    }),
};

async function fetchContentText(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal });
  if (response.ok) return response.text();
  // Errors come in the API's envelope; a proxy may send anything else.
  const body = await response.text();
  throw new ApiError(response.status, envelopeError(body) ?? (response.statusText || ''));
}

function envelopeError(body: string): string | undefined {
  try {
    const envelope: unknown = JSON.parse(body);
    if (typeof envelope === 'object' && envelope !== null && 'error' in envelope) {
      return typeof envelope.error === 'string' ? envelope.error : undefined;
    }
    return undefined;
  } catch {
    return undefined; // Not JSON: the status text says enough.
  }
}
