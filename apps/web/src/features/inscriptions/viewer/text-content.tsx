/** Text and JSON bodies in a scrollable `<pre>`; React escapes it, so it is only ever text. */
export function TextContent({ text }: { text: string }) {
  return (
    <pre
      role="region"
      aria-label="Inscription text"
      tabIndex={0}
      className="size-full overflow-auto whitespace-pre-wrap break-words p-4 text-left font-mono text-xs leading-relaxed text-zinc-200"
    >
      {text}
    </pre>
  );
}
