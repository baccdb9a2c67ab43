// Helpers shared by the SVG generators. Numbers are rounded to one decimal so the documents stay
// small and come out byte-identical on every run.

export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export function points(list: readonly (readonly [number, number])[]): string {
  return list.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
}

/** Linear mix of two #rrggbb colours; t = 0 gives `a`, 1 gives `b`. */
export function mixHex(a: string, b: string, t: number): string {
  const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [ca, cb] = [parse(a), parse(b)];
  const channel = (i: number) => {
    const value = Math.round((ca[i] as number) + ((cb[i] as number) - (ca[i] as number)) * t);
    return value.toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A standalone SVG document: it must render alone at /content/{id}, so no outside references. */
export function svgDocument(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" ` +
    `width="${width}" height="${height}"><title>${escapeXml(title)}</title>${body}</svg>`
  );
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
