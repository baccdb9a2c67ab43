// jsdom has no matchMedia; tests choose the viewport with setViewportWidth().
let viewportWidth = 1280;

export function setViewportWidth(width: number): void {
  viewportWidth = width;
}

function matches(query: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(query);
  const min = /min-width:\s*(\d+)px/.exec(query);
  if (max?.[1] && viewportWidth > Number(max[1])) return false;
  if (min?.[1] && viewportWidth < Number(min[1])) return false;
  return Boolean(max ?? min);
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        media: query,
        matches: matches(query),
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}
