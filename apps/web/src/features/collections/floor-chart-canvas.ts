import type { ChartPoint } from './floor-chart-data.ts';

export type FloorChartHandle = { setPoints(points: ChartPoint[]): void; dispose(): void };

/**
 * Draws the floor line in `container`. lightweight-charts is imported here, on first use, so it
 * is its own chunk: the collection list and a collection's first paint do not load it.
 */
export async function mountFloorChart(container: HTMLElement): Promise<FloorChartHandle> {
  const { createChart, AreaSeries, ColorType } = await import('lightweight-charts');
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: '#a1a1aa', // zinc-400
      fontSize: 11,
      attributionLogo: false,
    },
    grid: {
      vertLines: { color: 'rgba(39, 39, 42, 0.6)' }, // zinc-800
      horzLines: { color: 'rgba(39, 39, 42, 0.6)' },
    },
    rightPriceScale: { borderColor: '#27272a' },
    timeScale: { borderColor: '#27272a', timeVisible: true, secondsVisible: false },
    crosshair: { horzLine: { labelBackgroundColor: '#3f3f46' } },
  });
  const series = chart.addSeries(AreaSeries, {
    lineColor: '#f7931a', // brand-500
    topColor: 'rgba(247, 147, 26, 0.35)',
    bottomColor: 'rgba(247, 147, 26, 0.02)',
    lineWidth: 2,
    priceFormat: { type: 'price', precision: 8, minMove: 0.00000001 },
  });
  return {
    setPoints(points) {
      series.setData(points as Parameters<typeof series.setData>[0]);
      chart.timeScale().fitContent();
    },
    dispose() {
      chart.remove();
    },
  };
}
