import { useState } from 'react';
import { useAppConfig } from './config.queries.ts';
import { mediaSrc } from '../lib/collection-format.ts';

type Props = { icon: string | null; name: string; className?: string };

/** A collection's icon, or its initial on a tile when it has none or the image fails. */
export function CollectionIcon({ icon, name, className = 'size-9' }: Props) {
  const src = mediaSrc(icon, useAppConfig()?.contentOrigin ?? '');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src === null || failedSrc === src) {
    return (
      <span
        aria-hidden="true"
        className={`flex shrink-0 items-center justify-center rounded-lg bg-zinc-800 font-semibold uppercase text-zinc-400 ${className}`}
      >
        {name.trim().charAt(0) || '?'}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailedSrc(src)}
      className={`shrink-0 rounded-lg bg-zinc-900 object-cover [image-rendering:pixelated] ${className}`}
    />
  );
}
