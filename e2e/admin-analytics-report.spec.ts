import type { AnalyticsReport } from "@shared/schemas/analytics";
import { checkPhoneLayout, openAdmin } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test.describe("admin audience report", () => {
  test("a visit from a campaign link on an English page shows up in sources, languages and devices; the range switch reloads", async ({
    page,
    request,
    api,
  }) => {
    // The public page records its own visit: the campaign parameters and the language come from the URL.
    const visitor = await page.context().browser()?.newContext({ userAgent: PHONE_UA });
    if (!visitor) throw new Error("no browser");
    const publicPage = await visitor.newPage();
    const recorded = publicPage.waitForResponse((r) => r.url().endsWith("/api/analytics") && r.request().method() === "POST");
    await publicPage.goto("/contact?lang=en&utm_source=newsletter-e2e&utm_campaign=printemps-e2e");
    expect((await recorded).status()).toBe(204);
    await visitor.close();
    const referred = await request.post("/api/analytics", {
      data: { pagePath: "/", referrer: "https://www.example.org/article" },
      headers: { "user-agent": DESKTOP_UA },
    });
    expect(referred.status()).toBe(204);

    const report = await api.get<AnalyticsReport>("/api/analytics/report?days=7");
    await openAdmin(page, "/admin/analytics");
    const section = page.getByRole("region", { name: "Audience détaillée" });
    await expect(section.getByRole("button", { name: "30 jours" })).toHaveAttribute("aria-pressed", "true");
    await section.getByRole("button", { name: "7 jours" }).click();
    await expect(section.getByRole("button", { name: "7 jours" })).toHaveAttribute("aria-pressed", "true");
    await expect(section.getByTestId("audience-chart").locator(".recharts-area-area")).toBeVisible();

    const totals = section.getByTestId("report-totals");
    const card = (label: string) => totals.locator("div", { has: page.getByText(label, { exact: true }) }).last();
    await expect(card("Visites")).toContainText(report.totals.visits.toLocaleString("fr-FR"));
    await expect(section.getByTestId("report-utm-sources")).toContainText("newsletter-e2e");
    await expect(section.getByTestId("report-utm-campaigns")).toContainText("printemps-e2e");
    await expect(section.getByTestId("report-referrers")).toContainText("example.org");
    await expect(section.getByTestId("report-languages")).toContainText("Anglais");
    await expect(section.getByTestId("report-devices")).toContainText("Téléphone");
    await expect(section.getByTestId("report-devices")).toContainText("Ordinateur");
    await expectNoAxeViolations(page);

    const download = page.waitForEvent("download");
    await section.getByRole("button", { name: "Exporter en CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^statistiques-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test("looks right at 375 px and 1280 px", async ({ page }) => {
    await openAdmin(page, "/admin/analytics");
    await expect(page.getByTestId("audience-chart")).toBeVisible();
    await checkPhoneLayout(page, "analytics-audience");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
  });
});
