import { CATEGORY_COLORS } from "@shared/colors";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTexts } from "~/i18n/screen-lang";
import { dayLabel } from "./day-label";
import { ANALYTICS_TEXTS } from "./texts";

/** Bar chart of the last days; screen readers get the same numbers as a table. */
export function VisitsChart({ days }: { days: { _id: string; count: number }[] }) {
  const t = useTexts(ANALYTICS_TEXTS);
  const data = days.map((d) => ({ label: dayLabel(d._id), count: d.count }));
  return (
    <figure>
      <figcaption className="sr-only">{t("chartTitle")}</figcaption>
      <div className="h-72 w-full" aria-hidden="true" data-testid="visits-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: "#475569", fontSize: 12 }} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: "#475569", fontSize: 12 }} width={48} />
            <Tooltip cursor={{ fill: "rgba(43,122,155,0.08)" }} formatter={(value) => [String(value), t("chartLabel")]} />
            {/* Drawn at their height at once, as the audience chart's curves: the figures are there to be read, not watched grow. */}
            <Bar
              dataKey="count"
              name={t("chartLabel")}
              fill={CATEGORY_COLORS.default}
              radius={[6, 6, 0, 0]}
              maxBarSize={48}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t("chartTitle")}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{t("visitsCount", { count: d.count })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
