import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import type { AudienceChart as AudienceChartType } from "./audience-chart";
import type { VisitsChart as VisitsChartType } from "./visits-chart";

/*
 * The statistics' charts, loaded apart: recharts (with d3) is a chunk of its own in the browser, and the server, which
 * never draws a back-office screen, never loads it (issue 34). The placeholder keeps the chart's height.
 */
const placeholder = <div className="h-72 w-full" aria-hidden="true" />;

/** A chart's code, fetched on `preload` or when first drawn; `loaded` once it is there. */
type ChartApart<Props> = {
  loaded?: ComponentType<Props>;
  Lazy: LazyExoticComponent<ComponentType<Props>>;
  preload(): Promise<ComponentType<Props>>;
};

function chartApart<Props>(load: () => Promise<ComponentType<Props>>): ChartApart<Props> {
  const chart: ChartApart<Props> = {
    preload: () =>
      load().then((component) => {
        chart.loaded = component;
        return component;
      }),
    Lazy: lazy(() => chart.preload().then((component) => ({ default: component }))),
  };
  return chart;
}

/**
 * Draws a chart at once when its code is there: a component that suspends, even on code already fetched, is revealed
 * up to 300 ms late (React throttles the reveal of suspended content), a third of the statistics screen's time.
 */
function DrawnApart<Props extends object>({ chart, props }: { chart: ChartApart<Props>; props: Props }) {
  const Loaded = chart.loaded;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={placeholder}>
      <chart.Lazy {...props} />
    </Suspense>
  );
}

type VisitsProps = Parameters<typeof VisitsChartType>[0];
type AudienceProps = Parameters<typeof AudienceChartType>[0];
const visits = chartApart<VisitsProps>(() => import("./visits-chart").then((m) => m.VisitsChart));
const audience = chartApart<AudienceProps>(() => import("./audience-chart").then((m) => m.AudienceChart));

export const VisitsChart = (props: VisitsProps) => <DrawnApart chart={visits} props={props} />;
export const AudienceChart = (props: AudienceProps) => <DrawnApart chart={audience} props={props} />;

/** Starts fetching the charts' code while the statistics are being read, instead of once they have arrived. */
export function preloadCharts(): void {
  void visits.preload();
  void audience.preload();
}
