// What the index.html answered for one page carries beyond its chunks
// (product.md#scale-and-delivery, LCP): for a collection page, a preload of the image its header
// paints first and the collection's detail read inlined, so the browser fetches the image alongside
// the JavaScript and the page renders without waiting for /api/collections/:slug. Pure: the lookup
// that feeds it is features/collections/collection-page-head.ts.
// Kept because it pays together (npm run bench:web -- --ab, 10 interleaved cold loads per arm, load
// average 9 on 2 cores): median LCP 584 ms with both, 648 ms with the inlined read alone, 742 ms
// with the preload alone, 696 ms with neither. Each alone leaves a wait: the preloaded image still
// waits for the read to name it in the page, the inlined read's image is asked for only at render.

/** The id of the inlined detail read; apps/web's collection-seed.ts reads it (keep them equal). */
const COLLECTION_SEED_ID = 'collection-detail';

/** What a collection page's head is made of: the image to preload and the read to inline. */
export interface CollectionHead {
  slug: string;
  /** The payload of GET /api/collections/:slug, exactly as that route answers it. */
  payload: { collection: { bannerImage: string | null; icon: string | null } };
  /** When the payload was read (ms since the epoch): the web app's query goes stale from it. */
  readAt: number;
}

/** `value` safe inside a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON that cannot end its <script> element or open a comment: every `<`, `>` and `&` (and the two
 * line separators older parsers took for newlines) as a \u escape, which JSON.parse reads back.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The URL the web app's header gives the banner (mediaSrc in apps/web's collection-format.ts, with
 * the deployment's content origin), for the two forms this server serves itself; anything else
 * (an outside URL) is not preloaded.
 */
export function bannerUrl(value: string | null, contentOrigin: string): string | undefined {
  if (!value) return undefined;
  if (/^\/content\/[0-9a-f]{64}i\d+$/.test(value)) return `${contentOrigin}${value}`;
  if (/^\/uploads\/[\w-]+\/[0-9a-f]{64}\.(png|jpg|webp|avif|gif)$/.test(value)) return value;
  return undefined;
}

/** The tags for a collection page, to put before </head>. */
export function collectionHeadHtml(head: CollectionHead, contentOrigin: string): string {
  const banner = bannerUrl(head.payload.collection.bannerImage, contentOrigin);
  // The banner is the page's largest paint (a full-width image): without this link the browser
  // learns its URL only after the chunks ran, the read answered and React rendered.
  const preload = banner
    ? `<link rel="preload" as="image" href="${escapeAttribute(banner)}" fetchpriority="high">\n    `
    : '';
  const seed = inlineJson({ slug: head.slug, readAt: head.readAt, payload: head.payload });
  return `${preload}<script type="application/json" id="${COLLECTION_SEED_ID}">${seed}</script>`;
}

/** `html` with `tags` just before </head>. */
export function withHead(html: string, tags: string): string {
  return tags ? html.replace('</head>', `  ${tags}\n  </head>`) : html;
}
