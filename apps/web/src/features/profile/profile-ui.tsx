import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useAppConfig } from '../config/config.queries.ts';
import { contentPath } from '../inscriptions/content-kind.ts';
import { shortenHash } from '../inscriptions/inscription-format.ts';

/** How an inscription is named in lists: its name, its number, or its shortened ID. */
export function inscriptionLabel(item: {
  inscriptionId: string;
  name?: string | null;
  number?: number | null;
}): string {
  if (item.name) return item.name;
  if (item.number !== null && item.number !== undefined) return `Inscription #${item.number}`;
  return shortenHash(item.inscriptionId);
}

/** The inscription's content as a small image; a plain tile when it is not one. */
export function Thumbnail({ inscriptionId }: { inscriptionId: string }) {
  const contentOrigin = useAppConfig()?.contentOrigin ?? '';
  const [isBroken, setIsBroken] = useState(false);
  if (isBroken)
    return <span aria-hidden="true" className="size-10 shrink-0 rounded-md bg-zinc-800" />;
  return (
    <img
      src={contentPath(inscriptionId, contentOrigin)}
      alt=""
      loading="lazy"
      onError={() => setIsBroken(true)}
      className="size-10 shrink-0 rounded-md bg-zinc-900 object-cover [image-rendering:pixelated]"
    />
  );
}

export function LoadError({ what, error }: { what: string; error: unknown }) {
  return (
    <p role="alert" className="py-4 text-red-300">
      Could not load {what}: {errorMessage(error)}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="py-4 text-zinc-400">
      Loading {what}…
    </p>
  );
}
