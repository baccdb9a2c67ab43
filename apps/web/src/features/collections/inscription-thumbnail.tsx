import { NO_DATA_AVAILABLE, PREVIEW_NOT_AVAILABLE } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useAppConfig } from '../../shared/config.queries.ts';
import { contentKindOf, contentPath, prettyJson } from '../../lib/content-kind.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { IframeContent } from '../inscriptions/viewer/iframe-content.tsx';
import { ImageContent } from '../inscriptions/viewer/image-content.tsx';
import { ViewerMessage } from '../inscriptions/viewer/viewer-message.tsx';

type Props = { inscriptionId: string; contentType: string | null; label: string };

/**
 * A grid-sized preview by content type, like the viewer but light: images as images, HTML and SVG
 * in the sandboxed iframe, text as text; 3D models are never rendered in a grid
 * (product.md#market-screens).
 */
export function InscriptionThumbnail({ inscriptionId, contentType, label }: Props) {
  const contentOrigin = useAppConfig()?.contentOrigin ?? '';
  const src = contentPath(inscriptionId, contentOrigin);
  const kind = contentKindOf(contentType);
  switch (kind.kind) {
    case 'image':
      return <ImageContent src={src} alt={label} rendering={kind.rendering} />;
    case 'iframe':
      return (
        <div className="pointer-events-none size-full">
          <IframeContent src={src} title={label} />
        </div>
      );
    case 'text':
    case 'json':
      return <TextThumbnail inscriptionId={inscriptionId} isJson={kind.kind === 'json'} />;
    case 'video':
      return (
        <video
          src={src}
          aria-label={label}
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          className="size-full object-contain"
        />
      );
    case 'model':
      return <ViewerMessage>{PREVIEW_NOT_AVAILABLE}</ViewerMessage>;
    case 'audio':
      return <ViewerMessage>Audio</ViewerMessage>;
    case 'none':
      return <ViewerMessage>{NO_DATA_AVAILABLE}</ViewerMessage>;
    case 'unsupported':
      return <ViewerMessage>{kind.contentType}</ViewerMessage>;
  }
}

function TextThumbnail({ inscriptionId, isJson }: { inscriptionId: string; isJson: boolean }) {
  const contentOrigin = useAppConfig()?.contentOrigin ?? '';
  const { data, isError } = useQuery(inscriptionQueries.content(inscriptionId, contentOrigin));
  if (isError) return <ViewerMessage>{NO_DATA_AVAILABLE}</ViewerMessage>;
  const text = data === undefined ? '' : isJson ? prettyJson(data) : data;
  return (
    <pre className="size-full overflow-hidden whitespace-pre-wrap break-all p-3 font-mono text-[11px] leading-snug text-zinc-300">
      {text.slice(0, 600)}
    </pre>
  );
}
