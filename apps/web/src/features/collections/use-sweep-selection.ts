import { useCallback, useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

/**
 * The inscription ids picked for a sweep. The selection belongs to one view: when `viewKey`
 * changes (other filters, another wallet) it starts empty again, with no effect in between.
 */
export function useSweepSelection(viewKey: string) {
  const [state, setState] = useState({ viewKey, ids: NONE });
  const ids = state.viewKey === viewKey ? state.ids : NONE;

  const toggle = useCallback(
    (id: string) =>
      setState((previous) => {
        const next = new Set(previous.viewKey === viewKey ? previous.ids : NONE);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return { viewKey, ids: next };
      }),
    [viewKey],
  );
  const clear = useCallback(() => setState({ viewKey, ids: NONE }), [viewKey]);

  return { ids, toggle, clear };
}
