import { mediaError, NO_DATA_AVAILABLE } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { useAppConfig } from '../../shared/config.queries.ts';
import {
  contentKindOf,
  contentPath,
  isTextKind,
  prettyJson,
  unsupportedContentTypeMessage,
  type ContentKind,
} from '../../lib/content-kind.ts';
import { CopyButton } from '../../shared/copy-button.tsx';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { IframeContent } from './viewer/iframe-content.tsx';
import { ImageContent } from './viewer/image-content.tsx';
import { AudioContent, VideoContent } from './viewer/media-content.tsx';
import { ModelContent } from './viewer/model-content.tsx';
import { TextContent } from './viewer/text-content.tsx';
import { ViewerMessage } from './viewer/viewer-message.tsx';

type Props = {
  inscriptionId: string;
  contentType: string | null;
  /** Bytes of content; 0 means there is nothing to show. */
  contentLength?: number;
  /** Where a live preview is too heavy (3D models): show a placeholder instead. */
  forceThumbnail?: boolean;
  className?: string;
};

/**
 * An inscription's content, rendered by content type like ord's preview
 * (product.md#market-screens): square, never cropped, at most 576 px (ord
 * `docs/src/inscriptions/rendering.md`).
 */
export function InscriptionViewer({
  inscriptionId,
  contentType,
  contentLength,
  forceThumbnail = false,
  className = '',
}: Props) {
  const kind: ContentKind = contentLength === 0 ? { kind: 'none' } : contentKindOf(contentType);
  const contentOrigin = useAppConfig()?.contentOrigin ?? '';
  const text = useQuery({
    ...inscriptionQueries.content(inscriptionId, contentOrigin),
    enabled: isTextKind(kind),
  });

  return (
    <figure
      aria-label="Inscription content"
      className={`relative aspect-square w-full max-w-[576px] overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900 ${className}`}
    >
      <ViewerBody
        kind={kind}
        inscriptionId={inscriptionId}
        forceThumbnail={forceThumbnail}
        text={text}
      />
      <CopyButton
        value={(isTextKind(kind) && text.data) || inscriptionId}
        label="Copy to clipboard"
        className="absolute right-2 top-2 bg-zinc-950/70 backdrop-blur"
      />
    </figure>
  );
}

type BodyProps = {
  kind: ContentKind;
  inscriptionId: string;
  forceThumbnail: boolean;
  text: { data?: string | undefined; error: unknown; isPending: boolean };
};

function ViewerBody({ kind, inscriptionId, forceThumbnail, text }: BodyProps) {
  const src = contentPath(inscriptionId, useAppConfig()?.contentOrigin ?? '');
  const label = `Inscription ${inscriptionId}`;
  switch (kind.kind) {
    case 'none':
      return <ViewerMessage>{NO_DATA_AVAILABLE}</ViewerMessage>;
    case 'image':
      return <ImageContent src={src} alt={label} rendering={kind.rendering} />;
    case 'iframe':
      return <IframeContent src={src} title={label} />;
    case 'text':
    case 'json': {
      if (text.error) return <ViewerMessage>{mediaError(errorMessage(text.error))}</ViewerMessage>;
      if (text.isPending) return <ViewerMessage>Loading…</ViewerMessage>;
      if (!text.data) return <ViewerMessage>{NO_DATA_AVAILABLE}</ViewerMessage>;
      const body = kind.kind === 'json' ? prettyJson(text.data) : text.data;
      return <TextContent text={body} />;
    }
    case 'model':
      return <ModelContent src={src} alt={label} forceThumbnail={forceThumbnail} />;
    case 'video':
      return <VideoContent src={src} label={label} />;
    case 'audio':
      return <AudioContent src={src} label={label} />;
    case 'unsupported':
      return <ViewerMessage>{unsupportedContentTypeMessage(kind.contentType)}</ViewerMessage>;
  }
}
