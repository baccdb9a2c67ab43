import type { Collection } from '@om/core';
import { ExternalIcon } from '../../components/ui/icons.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { collectionLinks, mediaSrc } from '../../lib/collection-format.ts';
import { CollectionIcon } from '../../shared/collection-icon.tsx';

/** Banner, icon, name, description and the links the creator gave. */
export function CollectionHeader({ collection }: { collection: Collection }) {
  const banner = mediaSrc(collection.bannerImage, useAppConfig()?.contentOrigin ?? '');
  const links = collectionLinks(collection);
  return (
    <header className="flex flex-col">
      <div className="relative h-32 overflow-hidden rounded-xl border border-zinc-800 bg-linear-to-br from-zinc-800 via-zinc-900 to-zinc-950 md:h-48">
        {banner ? (
          <img src={banner} alt="" className="size-full object-cover [image-rendering:pixelated]" />
        ) : null}
        <div className="absolute inset-0 bg-linear-to-t from-zinc-950/80 to-transparent" />
      </div>
      <div className="-mt-10 flex flex-col gap-3 px-2 md:-mt-12 md:px-4">
        <CollectionIcon
          icon={collection.icon}
          name={collection.name}
          className="relative size-20 rounded-xl border-4 border-zinc-950 text-2xl md:size-24"
        />
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-50">{collection.name}</h1>
          {collection.category ? <Tag>{collection.category}</Tag> : null}
          {collection.isZeroFee ? <Tag>Zero fee</Tag> : null}
          {collection.isUnderReview ? <Tag>Under review</Tag> : null}
        </div>
        {collection.description ? (
          <p className="max-w-3xl whitespace-pre-line text-zinc-400">{collection.description}</p>
        ) : null}
        {links.length > 0 ? (
          <ul aria-label="Links" className="flex flex-wrap gap-2">
            {links.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-700 bg-zinc-900 px-3 text-xs text-zinc-300 hover:border-zinc-500 hover:text-zinc-100"
                >
                  {link.label}
                  <ExternalIcon className="size-3.5" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </header>
  );
}

function Tag({ children }: { children: string }) {
  return (
    <span className="rounded-full border border-zinc-700 bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">
      {children}
    </span>
  );
}
