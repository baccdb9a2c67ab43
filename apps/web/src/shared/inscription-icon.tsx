import { useState } from 'react';
import { useAppConfig } from './config.queries.ts';
import { contentPath } from '../lib/content-kind.ts';

const SIZES = { sm: 'size-8', md: 'size-10' } as const;

/**
 * A row's small picture of an inscription: `src` (a trade's thumbnail) or its content as an image;
 * a plain tile when that is not an image.
 */
export function InscriptionIcon({
  inscriptionId,
  src,
  size,
}: {
  inscriptionId: string;
  src?: string | null;
  size: keyof typeof SIZES;
}) {
  const contentOrigin = useAppConfig()?.contentOrigin ?? '';
  const [isBroken, setIsBroken] = useState(false);
  if (isBroken) {
    return <span aria-hidden="true" className={`${SIZES[size]} shrink-0 rounded-md bg-zinc-800`} />;
  }
  return (
    <img
      src={src ?? contentPath(inscriptionId, contentOrigin)}
      alt=""
      loading="lazy"
      onError={() => setIsBroken(true)}
      className={`${SIZES[size]} shrink-0 rounded-md bg-zinc-900 object-cover [image-rendering:pixelated]`}
    />
  );
}
