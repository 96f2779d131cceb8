import type { AreaChartProps, BarChartProps, LineChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * The dashboards' charts, drawn only once they come near the screen (docs/performance.md, "Console on the
 * wire and cold mobile"): the charts' code is the largest download of a dashboard and its figures, above
 * the charts, must not wait for it. Until then (and while the code loads) a box of the chart's
 * height (a skeleton) holds its place, so nothing moves when it is drawn. The drawings are decoration for assistive
 * technology (each chart card carries the same numbers as a table), so the placeholder says nothing.
 */
const load = () => import('./mantine-charts');
const LazyAreaChart = lazy(() => load().then((m) => ({ default: m.AreaChart })));
const LazyBarChart = lazy(() => load().then((m) => ({ default: m.BarChart })));
const LazyLineChart = lazy(() => load().then((m) => ({ default: m.LineChart })));

/** How far below (or above) the screen a chart starts loading, so a scrolling reader rarely sees it blank. */
const AHEAD = '300px';

/** True once the element has come within AHEAD of the viewport (at once where the browser cannot tell). */
function useNearScreen() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

function Deferred({ h, children }: { h: number; children: ReactNode }) {
  const { ref, near } = useNearScreen();
  const placeholder = <Skeleton h={h} radius="sm" data-testid="chart-placeholder" />;
  return (
    <div ref={ref} style={{ minHeight: h }}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}

/** A chart of @mantine/charts whose code loads when it nears the screen; `h` (in pixels) is required. */
function deferred<P extends { h?: unknown }>(Chart: ComponentType<P>) {
  return function DeferredChart(props: P & { h: number }) {
    return (
      <Deferred h={props.h}>
        <Chart {...props} />
      </Deferred>
    );
  };
}

export const AreaChart = deferred<AreaChartProps>(LazyAreaChart);
export const BarChart = deferred<BarChartProps>(LazyBarChart);
export const LineChart = deferred<LineChartProps>(LazyLineChart);
