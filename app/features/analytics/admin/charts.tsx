import { type ComponentProps, lazy, Suspense } from "react";

/*
 * The statistics' charts, loaded when first drawn: recharts (with d3) is a chunk of its own in the browser, and the
 * server, which never draws a back-office screen, never loads it (issue 34). The placeholder keeps the chart's height.
 */
const Visits = lazy(() => import("./visits-chart").then((m) => ({ default: m.VisitsChart })));
const Audience = lazy(() => import("./audience-chart").then((m) => ({ default: m.AudienceChart })));

const placeholder = <div className="h-72 w-full" aria-hidden="true" />;

export function VisitsChart(props: ComponentProps<typeof Visits>) {
  return (
    <Suspense fallback={placeholder}>
      <Visits {...props} />
    </Suspense>
  );
}

export function AudienceChart(props: ComponentProps<typeof Audience>) {
  return (
    <Suspense fallback={placeholder}>
      <Audience {...props} />
    </Suspense>
  );
}
