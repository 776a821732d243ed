import { CATEGORY_COLORS } from "@shared/colors";
import type { AnalyticsReport } from "@shared/schemas/analytics";
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTexts } from "~/i18n/screen-lang";
import { dayLabel } from "./day-label";
import { ANALYTICS_TEXTS } from "./texts";

/** Visits (area) and unique visitors (line) per day of the range; screen readers get the same numbers as a table. */
export function AudienceChart({ days }: { days: AnalyticsReport["byDay"] }) {
  const t = useTexts(ANALYTICS_TEXTS);
  const data = days.map((d) => ({ label: dayLabel(d.day), visits: d.visits, unique: d.uniqueVisitors }));
  return (
    <figure>
      <div className="h-72 w-full" aria-hidden="true" data-testid="audience-chart">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: "#475569", fontSize: 12 }} minTickGap={16} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: "#475569", fontSize: 12 }} width={48} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 13, color: "#1e293b" }} />
            <Area
              type="monotone"
              dataKey="visits"
              name={t("report.visits")}
              stroke={CATEGORY_COLORS.default}
              fill={CATEGORY_COLORS.default}
              fillOpacity={0.18}
              strokeWidth={2}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="unique"
              name={t("report.uniqueVisitors")}
              stroke={CATEGORY_COLORS.actives}
              strokeWidth={2}
              strokeDasharray="6 3"
              dot={days.length <= 7}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t("report.chartTitle")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("report.day")}</th>
            <th scope="col">{t("report.visits")}</th>
            <th scope="col">{t("report.uniqueVisitors")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day)}</th>
              <td>{d.visits}</td>
              <td>{d.uniqueVisitors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
