import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { mountFloorChart, type FloorChartHandle } from './floor-chart-canvas.ts';
import {
  CHART_PERIOD_TABS,
  DEFAULT_CHART_PERIOD,
  hasFloor,
  toChartPoints,
  type ChartPoint,
} from './floor-chart-data.ts';
import { collectionQueries } from './collections.queries.ts';
import { useNearViewport } from './use-near-viewport.ts';

/** The URL parameter of the chart's period, so a shared link shows the same window. */
const CHART_PERIOD_PARAM = 'period';

/**
 * The floor price over 1 day, 7 days, 30 days or 6 months (product.md#market-screens). The period
 * goes to the server as chosen, and a refusal shows the server's message.
 */
export function FloorChart({ slug }: { slug: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = searchParams.get(CHART_PERIOD_PARAM) ?? DEFAULT_CHART_PERIOD;
  const { data, error, isPending } = useQuery(collectionQueries.floorChart(slug, period));
  const points = useMemo(() => (data ? toChartPoints(data.points) : []), [data]);

  const choose = (next: string) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === DEFAULT_CHART_PERIOD) params.delete(CHART_PERIOD_PARAM);
        else params.set(CHART_PERIOD_PARAM, next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section
      aria-labelledby="floor-chart-heading"
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="floor-chart-heading" className="text-sm font-semibold text-zinc-100">
          Floor price
        </h2>
        <div
          role="group"
          aria-label="Chart period"
          className="flex gap-1 rounded-lg bg-zinc-900 p-1"
        >
          {CHART_PERIOD_TABS.map((tab) => (
            <button
              key={tab.period}
              type="button"
              title={tab.period}
              aria-pressed={period === tab.period}
              onClick={() => choose(tab.period)}
              className={`h-7 rounded-md px-2.5 text-xs font-medium ${
                period === tab.period
                  ? 'bg-zinc-700 text-zinc-50'
                  : 'text-zinc-400 hover:text-zinc-200'
              }`}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </div>
      <div className="h-56">
        {error ? (
          <ChartMessage role="alert">{errorMessage(error)}</ChartMessage>
        ) : isPending ? (
          <ChartMessage role="status">Loading chart…</ChartMessage>
        ) : !hasFloor(points) ? (
          <ChartMessage>No floor price in this period</ChartMessage>
        ) : (
          <ChartCanvas points={points} />
        )}
      </div>
    </section>
  );
}

function ChartMessage({ children, role }: { children: string; role?: 'alert' | 'status' }) {
  return (
    <p role={role} className="flex size-full items-center justify-center text-sm text-zinc-400">
      {children}
    </p>
  );
}

/**
 * The canvas. The charting library (about 46 kB compressed) is imported only once the box is near
 * the viewport, after the page's first paint; until then the box stays empty at its final size
 * (the h-56 parent), so nothing moves when the chart arrives.
 */
function ChartCanvas({ points }: { points: ChartPoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<FloorChartHandle | undefined>(undefined);
  const latest = useRef(points);
  const [failure, setFailure] = useState<string | null>(null);
  const isNear = useNearViewport(container);

  useEffect(() => {
    const element = container.current;
    if (!isNear || !element) return;
    let isDisposed = false;
    mountFloorChart(element).then(
      (handle) => {
        if (isDisposed) return handle.dispose();
        chart.current = handle;
        handle.setPoints(latest.current);
      },
      (error: unknown) => {
        if (!isDisposed) setFailure(errorMessage(error));
      },
    );
    return () => {
      isDisposed = true;
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, [isNear]);

  useEffect(() => {
    latest.current = points;
    chart.current?.setPoints(points);
  }, [points]);

  if (failure) return <ChartMessage role="alert">{`Chart unavailable: ${failure}`}</ChartMessage>;
  return (
    <div
      ref={container}
      role="img"
      aria-label="Floor price chart"
      data-testid="floor-chart"
      className="size-full"
    />
  );
}
