/**
 * How the viewer shows an inscription, chosen from its content type the way ord's preview does
 * (ord `src/inscriptions/media.rs`, `docs/src/inscriptions/rendering.md`):
 * - png, jpeg, gif, webp and apng are upscaled with `pixelated`; avif, jxl and others with `auto`.
 * - HTML and SVG may run scripts, so they only ever render in a sandboxed iframe.
 */
export type ContentKind =
  | { kind: 'none' }
  | { kind: 'image'; rendering: 'pixelated' | 'auto' }
  | { kind: 'iframe' }
  | { kind: 'text' }
  | { kind: 'json' }
  | { kind: 'model' }
  | { kind: 'video' }
  | { kind: 'audio' }
  | { kind: 'unsupported'; contentType: string };

const PIXELATED_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/apng',
]);
const MODELS = new Set(['model/gltf+json', 'model/gltf-binary']);

export function unsupportedContentTypeMessage(contentType: string): string {
  return `Content type ${contentType} is not supported yet`;
}

/** The kind for a content type; parameters such as `;charset=utf-8` do not change it. */
export function contentKindOf(contentType: string | null | undefined): ContentKind {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === '') return { kind: 'none' };
  if (essence === 'image/svg+xml' || essence === 'text/html') return { kind: 'iframe' };
  if (essence.startsWith('image/')) {
    return { kind: 'image', rendering: PIXELATED_IMAGES.has(essence) ? 'pixelated' : 'auto' };
  }
  if (essence === 'text/plain') return { kind: 'text' };
  if (essence === 'application/json') return { kind: 'json' };
  if (MODELS.has(essence)) return { kind: 'model' };
  if (essence.startsWith('video/')) return { kind: 'video' };
  if (essence.startsWith('audio/')) return { kind: 'audio' };
  return { kind: 'unsupported', contentType: contentType ?? essence };
}

/** Text kinds are fetched and shown in our page; the copy button copies their text. */
export function isTextKind(kind: ContentKind): boolean {
  return kind.kind === 'text' || kind.kind === 'json';
}

/** JSON pretty-printed with two spaces; anything that does not parse is shown as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Inscribed "JSON" is often not valid JSON; showing the raw bytes is the honest fallback.
    return text;
  }
}

/** Where an inscription's bytes are: the app's /content, or the configured content origin's. */
export function contentPath(inscriptionId: string, contentOrigin = ''): string {
  return `${contentOrigin}/content/${encodeURIComponent(inscriptionId)}`;
}
