/**
 * HTML and SVG run in an iframe with `sandbox="allow-scripts"` and never `allow-same-origin`:
 * the content gets an opaque origin, so its scripts cannot reach our cookies, storage or DOM
 * (ord `src/templates/iframe.rs`). Its markup is never put into our page.
 */
export function IframeContent({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      src={src}
      title={title}
      sandbox="allow-scripts"
      loading="lazy"
      referrerPolicy="no-referrer"
      className="size-full border-0 bg-white"
    />
  );
}
